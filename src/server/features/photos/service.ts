import type { Readable } from 'node:stream';
import {
  isUploadId,
  objectPathOf,
  PHOTO_LIMITS,
  UPLOAD_RATE,
  UPLOAD_RATE_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
  uploadIdIn,
  type PhotoVariant,
  type UploadCompleteResponse,
  type UploadStartResponse,
} from '../../../common/photos.js';
import type { RecordingVariant } from '../../../common/recordings.js';
import { hitRateLimit, tooManyRequests } from '../auth/index.js';
import type { Db } from '../../db/client.js';
import type { UploadKind, UploadRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import {
  objectKey,
  objectNames,
  type ObjectName,
  type ObjectStorage,
  type SizeLimit,
} from '../../storage/object-storage.js';
import { isValidUploadSignature } from '../../storage/upload-signature.js';
import type { ImageWork } from './image-work.js';
import { sniffImageType } from './image-type.js';
import {
  deleteUnreferencedUploads,
  findOwnCompletedUploads,
  findUpload,
  findUploadIdsOf,
  hasListeningCopy,
  insertUpload,
  isOnPublicLog,
  markUploadComplete,
} from './queries.js';
import { assertRoomFor } from './storage-use.js';

const SNIFF_BYTES = 4100; // what file-type needs to recognise every image and audio type

const notFound = () => new HttpError(404, 'Photo not found');
const tooLarge = () => new HttpError(413, UPLOAD_TOO_LARGE_MESSAGE);

/** The instance's storage quota per user in MiB (STORAGE_QUOTA_MB), for users without their own. */
export interface QuotaSettings {
  storageQuotaMb: number;
}

/** The quota and the uploads a user may start in UPLOAD_RATE.windowMs (UPLOAD_RATE_LIMIT). */
export interface UploadLimits extends QuotaSettings {
  uploadRateLimit: number;
}

/** How an upload of one kind is checked as it arrives: its size limit and the type of its bytes. */
export interface UploadRules extends SizeLimit {
  /** Throws (415) unless these first bytes start a file this kind takes. */
  sniff(start: Uint8Array): Promise<unknown>;
}
export type UploadRulesByKind = Record<UploadKind, UploadRules>;

export const photoUploadRules: UploadRules = {
  maxBytes: PHOTO_LIMITS.maxBytes,
  message: UPLOAD_TOO_LARGE_MESSAGE,
  sniff: sniffImageType,
};

/**
 * POST /api/photos/upload (and /api/recordings/upload): a row for the coming object and the URL
 * to PUT it to. Refused when the user started too many uploads lately (429), or when the
 * announced size is past the kind's limit or (or, without one, any byte) would not fit in their
 * storage (413).
 */
export async function startUpload(
  db: Db,
  storage: ObjectStorage,
  userId: string,
  size: number | undefined,
  limits: UploadLimits,
  kind: { kind: UploadKind; limit: SizeLimit } = { kind: 'photo', limit: photoUploadRules },
): Promise<UploadStartResponse> {
  if (size !== undefined && size > kind.limit.maxBytes) {
    throw new HttpError(413, kind.limit.message);
  }
  const rate = await hitRateLimit(db, `uploads:${userId}`, UPLOAD_RATE.windowMs);
  if (rate.hits > limits.uploadRateLimit) {
    throw tooManyRequests(UPLOAD_RATE_MESSAGE, rate.resetAt);
  }
  await assertRoomFor(db, userId, limits.storageQuotaMb, size ?? 1);
  const upload = await insertUpload(db, userId, kind.kind);
  return { uploadURL: await storage.uploadUrl({ uploadId: upload.id, userId, size }) };
}

/**
 * PUT to a local upload URL: streamed to disk within its kind's limit, kept only when its bytes
 * are of a type that kind takes (an image for a photo, sound for a recording).
 */
export async function receiveLocalUpload(
  db: Db,
  storage: ObjectStorage,
  secret: string,
  request: {
    uploadId: string;
    expires: number;
    signature: string;
    /** The Content-Length the client announced (0: none). */
    announcedBytes: number;
    body: Readable;
  },
  rules: UploadRulesByKind,
): Promise<void> {
  const { uploadId, expires, signature, announcedBytes, body } = request;
  if (!storage.receive) throw new HttpError(404, 'Not found'); // S3 takes the PUTs itself
  const upload = isUploadId(uploadId) ? await findUpload(db, uploadId) : undefined;
  if (
    !upload ||
    upload.completedAt ||
    !isValidUploadSignature(secret, uploadId, upload.userId, expires, signature)
  ) {
    throw new HttpError(403, 'The upload link is invalid or has expired');
  }
  const kind = rules[upload.kind];
  if (announcedBytes > kind.maxBytes) throw new HttpError(413, kind.message);
  const key = objectKey(uploadId, 'original');
  await storage.receive(key, body, kind);
  try {
    const start = await storage.read(key, { start: 0, end: SNIFF_BYTES - 1 });
    if (!start) throw new Error(`the upload ${uploadId} just received is not in storage`);
    await kind.sniff(await collect(start));
  } catch (error) {
    await storage.delete([key]);
    throw error;
  }
}

/**
 * PUT /api/photos/complete: checks what arrived (size and type by its bytes, whichever driver),
 * makes the derivatives, and returns the object path a log can refer to. A failed check deletes it.
 */
export async function completeUpload(
  db: Db,
  storage: ObjectStorage,
  images: ImageWork,
  userId: string,
  photoURL: string,
  quota: QuotaSettings,
): Promise<UploadCompleteResponse> {
  const uploadId = uploadIdIn(photoURL);
  const upload = uploadId ? await findUpload(db, uploadId) : undefined;
  if (!upload || upload.userId !== userId || upload.kind !== 'photo') {
    throw new HttpError(404, 'Upload not found');
  }
  const objectPath = objectPathOf(upload.id);
  if (upload.completedAt) return { objectPath }; // a retried completion

  const key = objectKey(upload.id, 'original');
  const size = await storage.size(key);
  if (size === undefined) throw new HttpError(400, 'The photo has not been uploaded yet');
  try {
    if (size > PHOTO_LIMITS.maxBytes) throw tooLarge();
    const original = await storage.readAll(key);
    await storeDerivatives(db, storage, images, upload.id, userId, original, quota);
  } catch (error) {
    await storage.delete(objectNames.map((name) => objectKey(upload.id, name)));
    throw error;
  }
  return { objectPath };
}

/**
 * Makes and stores the derivatives of an original already in storage and marks its upload
 * complete; refused (413) when the original and derivatives would take the user over their
 * quota (this upload's row counts nothing until it is complete).
 */
async function storeDerivatives(
  db: Db,
  storage: ObjectStorage,
  images: ImageWork,
  uploadId: string,
  userId: string,
  original: Buffer,
  quota: QuotaSettings,
) {
  const contentType = await sniffImageType(original);
  const derived = await images.derive(userId, original, contentType);
  const derivativesSize = derived.public.length + derived.thumbnail.length + derived.preview.length;
  await assertRoomFor(db, userId, quota.storageQuotaMb, original.length + derivativesSize);
  await Promise.all([
    storage.write(objectKey(uploadId, 'public'), derived.public, contentType),
    storage.write(objectKey(uploadId, 'thumbnail.webp'), derived.thumbnail, 'image/webp'),
    storage.write(objectKey(uploadId, 'preview.jpg'), derived.preview, 'image/jpeg'),
  ]);
  await markUploadComplete(db, uploadId, {
    contentType,
    size: original.length,
    derivativesSize,
    width: derived.width,
    height: derived.height,
  });
}

/**
 * A photo that arrives inside a file rather than by upload (the account archive's import):
 * checked, stored anew with its derivatives within the user's quota, and answered as the
 * object path a log refers to. Nothing is left behind when it is refused.
 */
export async function storePhoto(
  db: Db,
  storage: ObjectStorage,
  images: ImageWork,
  userId: string,
  original: Buffer,
  quota: QuotaSettings,
): Promise<string> {
  if (original.length > PHOTO_LIMITS.maxBytes) throw tooLarge();
  await assertRoomFor(db, userId, quota.storageQuotaMb, original.length);
  const upload = await insertUpload(db, userId);
  try {
    await storage.write(objectKey(upload.id, 'original'), original, await sniffImageType(original));
    await storeDerivatives(db, storage, images, upload.id, userId, original, quota);
  } catch (error) {
    await deleteObjectsOf(storage, [upload.id]);
    await deleteUnreferencedUploads(db, { ids: [upload.id] });
    throw error;
  }
  return objectPathOf(upload.id);
}

/** Every object of every upload of the user: their account is being deleted. */
export async function deletePhotosOf(db: Db, storage: ObjectStorage, userId: string) {
  await deleteObjectsOf(storage, await findUploadIdsOf(db, userId));
}

export interface ServedObject {
  upload: UploadRow;
  name: ObjectName;
  contentType: string;
  /** Served to its owner: it stays theirs. Anyone else's view lasts while its log is public. */
  toOwner: boolean;
}

const VARIANT_TYPES: Record<PhotoVariant | RecordingVariant, [UploadKind, string]> = {
  'thumbnail.webp': ['photo', 'image/webp'],
  'preview.jpg': ['photo', 'image/jpeg'],
  'spectrogram.png': ['recording', 'image/png'],
  'listen.mp3': ['recording', 'audio/mpeg'],
};

/**
 * Which bytes of an upload (a photo or a sound recording) this viewer may see: the owner gets
 * the original, anyone gets the metadata-free copy when a public log shows it; otherwise it does
 * not exist (404). A derivative goes with its upload, when the upload's kind has it.
 */
export async function resolveObject(
  db: Db,
  viewerId: string | null,
  uploadId: string,
  variant?: PhotoVariant | RecordingVariant,
): Promise<ServedObject> {
  const upload = isUploadId(uploadId) ? await findUpload(db, uploadId) : undefined;
  if (!upload?.completedAt) throw notFound();
  const isOwner = upload.userId === viewerId;
  if (!isOwner && !(await isOnPublicLog(db, objectPathOf(upload.id)))) throw notFound();
  const toOwner = isOwner;
  if (variant) {
    const [kind, contentType] = VARIANT_TYPES[variant];
    if (upload.kind !== kind) throw notFound();
    if (variant === 'listen.mp3' && !(await hasListeningCopy(db, upload.id))) throw notFound();
    return { upload, name: variant, contentType, toOwner };
  }
  return {
    upload,
    name: isOwner ? 'original' : 'public',
    contentType: upload.contentType ?? 'application/octet-stream',
    toOwner,
  };
}

/**
 * Throws 400 unless every uploaded object path is a completed upload of this user, of this kind
 * (a log's photos are photos, its recordings recordings).
 */
export async function assertOwnUploads(
  db: Db,
  userId: string,
  objectPaths: string[],
  kind: UploadKind = 'photo',
) {
  const ids = objectPaths.map((path) => uploadIdIn(path)!);
  const own = new Set(await findOwnCompletedUploads(db, userId, ids, kind));
  const foreign = objectPaths.find((_path, index) => !own.has(ids[index]!));
  if (foreign) {
    const what = kind === 'photo' ? 'Uploaded photo' : 'Uploaded recording';
    throw new HttpError(400, `${what} not found: ${foreign}`);
  }
}

/** Deletes the given uploads, and their objects, when no log refers to them any more. */
export async function releaseUploads(db: Db, storage: ObjectStorage, objectPaths: string[]) {
  const ids = objectPaths.map(uploadIdIn).filter((id): id is string => id !== undefined);
  await deleteObjectsOf(storage, await deleteUnreferencedUploads(db, { ids }));
}

/** The hourly clean-up (src/server/jobs.ts): uploads no log took within PHOTO_LIMITS.orphanHours. */
export async function deleteOrphanUploads(db: Db, storage: ObjectStorage, now = new Date()) {
  const createdBefore = new Date(now.getTime() - PHOTO_LIMITS.orphanHours * 3600 * 1000);
  let deleted = 0;
  for (;;) {
    const ids = await deleteUnreferencedUploads(db, { createdBefore, limit: 500 });
    await deleteObjectsOf(storage, ids);
    deleted += ids.length;
    if (ids.length < 500) return deleted;
  }
}

/** Every object (original and derivatives) of these uploads. */
export function deleteObjectsOf(storage: ObjectStorage, uploadIds: string[]) {
  return storage.delete(uploadIds.flatMap((id) => objectNames.map((name) => objectKey(id, name))));
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
