import { createHmac, timingSafeEqual } from 'node:crypto';

// Local upload URLs are signed like S3's presigned ones: HMAC over object, user and expiry.

/** The HMAC of a local upload URL: over object, user and expiry, so none can be swapped. */
export function uploadSignature(
  secret: string,
  uploadId: string,
  userId: string,
  expires: number,
): string {
  return createHmac('sha256', secret)
    .update(`upload\n${uploadId}\n${userId}\n${expires}`)
    .digest('base64url');
}

/** True when the signature is ours for this upload and user and has not expired. */
export function isValidUploadSignature(
  secret: string,
  uploadId: string,
  userId: string,
  expires: number,
  signature: string,
  now = Date.now(),
): boolean {
  if (!Number.isSafeInteger(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(uploadSignature(secret, uploadId, userId, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
