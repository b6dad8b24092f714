import { uploadCompleteResponseSchema, uploadStartResponseSchema } from '../../../common/photos';
import { api } from '@/lib/api-client';

/**
 * SPEC §4 photo upload flow, the two calls around the PUT: an upload URL for each file (its size
 * goes along so the server can refuse an oversized file before it is sent), then the completion.
 */
export async function requestUploadUrl(size: number | undefined): Promise<string> {
  const reply = await api('/api/photos/upload', uploadStartResponseSchema.partial(), {
    method: 'POST',
    body: size === undefined ? {} : { size },
  });
  if (!reply.uploadURL) throw new Error('No upload URL received from server');
  return reply.uploadURL;
}

export async function completeUpload(photoURL: string): Promise<string> {
  const reply = await api('/api/photos/complete', uploadCompleteResponseSchema, {
    method: 'PUT',
    body: { photoURL },
  });
  return reply.objectPath;
}

/** The server's message in a refused PUT (`{message}` from the app, XML from S3), if any. */
export function uploadRefusalMessage(status: number, body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      return String(parsed.message);
    }
  } catch {
    const s3Message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1];
    if (s3Message) return s3Message;
  }
  return `Upload failed (${status})`;
}
