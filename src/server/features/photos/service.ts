import type { Readable } from 'node:stream';
import {
  isUploadId,
  objectPathOf,
  PHOTO_LIMITS,
  UPLOAD_TOO_LARGE_MESSAGE,
  uploadIdIn,
  type PhotoVariant,
  type UploadCompleteResponse,
  type UploadStartResponse,
} from '../../../common/photos.js';
import type { Db } from '../../db/client.js';
import type { UploadRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import {
  objectKey,
  objectNames,
  type ObjectName,
  type ObjectStorage,
} from '../../storage/object-storage.js';
import { isValidUploadSignature } from '../../storage/upload-signature.js';
import type { ImageWork } from './image-work.js';
import { sniffImageType } from './images.js';
import {
  deleteUnreferencedUploads,
  findOwnCompletedUploads,
  findUpload,
  insertUpload,
  isOnPublicLog,
  markUploadComplete,
} from './queries.js';

const SNIFF_BYTES = 4100; // what file-type needs to recognise every image type

const notFound = () => new HttpError(404, 'Photo not found');
const tooLarge = () => new HttpError(413, UPLOAD_TOO_LARGE_MESSAGE);

/** POST /api/photos/upload: a row for the coming object and the URL to PUT it to. */
export async function startUpload(
  db: Db,
  storage: ObjectStorage,
  userId: string,
  size?: number,
): Promise<UploadStartResponse> {
  if (size !== undefined && size > PHOTO_LIMITS.maxBytes) throw tooLarge();
  const upload = await insertUpload(db, userId);
  return { uploadURL: await storage.uploadUrl({ uploadId: upload.id, userId, size }) };
}

/** PUT to a local upload URL: streamed to disk within the limit, kept only when it is an image. */
export async function receiveLocalUpload(
  db: Db,
  storage: ObjectStorage,
  secret: string,
  request: { uploadId: string; expires: number; signature: string; body: Readable },
): Promise<void> {
  const { uploadId, expires, signature, body } = request;
  if (!storage.receive) throw new HttpError(404, 'Not found'); // S3 takes the PUTs itself
  const upload = isUploadId(uploadId) ? await findUpload(db, uploadId) : undefined;
  if (
    !upload ||
    upload.completedAt ||
    !isValidUploadSignature(secret, uploadId, upload.userId, expires, signature)
  ) {
    throw new HttpError(403, 'The upload link is invalid or has expired');
  }
  const key = objectKey(uploadId, 'original');
  await storage.receive(key, body);
  try {
    const start = await storage.read(key, { start: 0, end: SNIFF_BYTES - 1 });
    await sniffImageType(await collect(start));
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
): Promise<UploadCompleteResponse> {
  const uploadId = uploadIdIn(photoURL);
  const upload = uploadId ? await findUpload(db, uploadId) : undefined;
  if (!upload || upload.userId !== userId) throw new HttpError(404, 'Upload not found');
  const objectPath = objectPathOf(upload.id);
  if (upload.completedAt) return { objectPath }; // a retried completion

  const key = objectKey(upload.id, 'original');
  const size = await storage.size(key);
  if (size === undefined) throw new HttpError(400, 'The photo has not been uploaded yet');
  try {
    if (size > PHOTO_LIMITS.maxBytes) throw tooLarge();
    const original = await storage.readAll(key);
    const contentType = await sniffImageType(original);
    const derived = await images.derive(userId, original, contentType);
    await Promise.all([
      storage.write(objectKey(upload.id, 'public'), derived.public, contentType),
      storage.write(objectKey(upload.id, 'thumbnail.webp'), derived.thumbnail, 'image/webp'),
      storage.write(objectKey(upload.id, 'preview.jpg'), derived.preview, 'image/jpeg'),
    ]);
    await markUploadComplete(db, upload.id, {
      contentType,
      size,
      width: derived.width,
      height: derived.height,
    });
  } catch (error) {
    await storage.delete(objectNames.map((name) => objectKey(upload.id, name)));
    throw error;
  }
  return { objectPath };
}

export interface ServedObject {
  upload: UploadRow;
  name: ObjectName;
  contentType: string;
}

/**
 * Which bytes of an uploaded photo this viewer may see: the owner gets the original, anyone gets
 * the metadata-free copy when a public log shows it; otherwise it does not exist (404).
 */
export async function resolveObject(
  db: Db,
  viewerId: string | null,
  uploadId: string,
  variant?: PhotoVariant,
): Promise<ServedObject> {
  const upload = isUploadId(uploadId) ? await findUpload(db, uploadId) : undefined;
  if (!upload?.completedAt) throw notFound();
  const isOwner = upload.userId === viewerId;
  if (!isOwner && !(await isOnPublicLog(db, objectPathOf(upload.id)))) throw notFound();
  if (variant === 'thumbnail.webp') return { upload, name: variant, contentType: 'image/webp' };
  if (variant === 'preview.jpg') return { upload, name: variant, contentType: 'image/jpeg' };
  return {
    upload,
    name: isOwner ? 'original' : 'public',
    contentType: upload.contentType ?? 'application/octet-stream',
  };
}

/** Throws 400 unless every uploaded photo path is a completed upload of this user. */
export async function assertOwnUploads(db: Db, userId: string, objectPaths: string[]) {
  const ids = objectPaths.map((path) => uploadIdIn(path)!);
  const own = new Set(await findOwnCompletedUploads(db, userId, ids));
  const foreign = objectPaths.find((_path, index) => !own.has(ids[index]!));
  if (foreign) throw new HttpError(400, `Uploaded photo not found: ${foreign}`);
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

function deleteObjectsOf(storage: ObjectStorage, uploadIds: string[]) {
  return storage.delete(uploadIds.flatMap((id) => objectNames.map((name) => objectKey(id, name))));
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
