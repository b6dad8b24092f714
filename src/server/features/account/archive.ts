import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { ACCOUNT_ARCHIVE_FILES, type ArchiveManifest } from '../../../common/account/schemas.js';
import { dwcArchiveQuerySchema, exportQuerySchema } from '../../../common/data-exchange/export.js';
import { appVersion } from '../../app-version.js';
import type { Db, StreamRows } from '../../db/client.js';
import { objectKey, type ObjectStorage } from '../../storage/object-storage.js';
import { startDwcArchive, startExport } from '../data-exchange/index.js';
import { allOutingsOf } from '../outings/index.js';
import { findLoggedUploadsOf } from '../photos/index.js';
import { findLoggedRecordingsOf } from '../recordings/index.js';
import { countLogsOf, findAccount } from './queries.js';

// The account archive (issue 21): everything a user put in, as one zip streamed while it is
// written. account.json first, the outings (outings.json, issue 22), then our CSV (what the
// import reads back, with the outings), the Darwin Core Archive as a zip of its own, every
// uploaded original the logs show, under photos/ by its upload id, which the CSV's photo_urls
// name (/objects/uploads/{id}), and every sound recording's original the same way under
// recordings/, which its recording_urls name (issue 37).

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

/** `photos/{upload id}.{ext}`: the import finds a photo by the id before the dot. */
export const archivePhotoName = (uploadId: string, contentType: string | null) =>
  `${ACCOUNT_ARCHIVE_FILES.photosFolder}${uploadId}.${EXTENSIONS[contentType ?? ''] ?? 'bin'}`;

/** `recordings/{upload id}.{format}`: a recording's format (wav, flac, mp3…) is its extension. */
const archiveRecordingName = (uploadId: string, format: string) =>
  `${ACCOUNT_ARCHIVE_FILES.recordingsFolder}${uploadId}.${format}`;

const today = () => new Date().toISOString().slice(0, 10);

/** How many stores are asked at once whether an original is there. */
const CHECKS_AT_ONCE = 8;

/**
 * The uploads (photos, recordings) whose original the store holds, and the ids of those it does
 * not (a restore without uploads/): the archive leaves those out and names them, rather than
 * breaking off mid-way.
 */
async function inStorage<Upload extends { id: string }>(storage: ObjectStorage, uploads: Upload[]) {
  const there = new Array<boolean>(uploads.length);
  for (let start = 0; start < uploads.length; start += CHECKS_AT_ONCE) {
    const slice = uploads.slice(start, start + CHECKS_AT_ONCE);
    const sizes = await Promise.all(slice.map((u) => storage.size(objectKey(u.id, 'original'))));
    sizes.forEach((size, index) => (there[start + index] = size !== undefined));
  }
  return {
    present: uploads.filter((_, index) => there[index]),
    missing: uploads.filter((_, index) => !there[index]).map((upload) => upload.id),
  };
}

/** An upload's original, which must still be there: the archive's entry reads it. */
async function originalOf(storage: ObjectStorage, uploadId: string) {
  const bytes = await storage.read(objectKey(uploadId, 'original'));
  if (!bytes) throw new Error(`upload ${uploadId} left storage while its archive was written`);
  return bytes;
}

export async function startAccountArchive(
  db: Db,
  streamRows: StreamRows | null,
  storage: ObjectStorage,
  userId: string,
  site: { origin: string; appName: string },
): Promise<{ filename: string; body: Readable }> {
  const account = await findAccount(db, userId);
  if (!account) throw new Error('the account of a live session is gone');
  const { present: photos, missing } = await inStorage(
    storage,
    await findLoggedUploadsOf(db, userId),
  );
  const { present: recordings, missing: missingRecordings } = await inStorage(
    storage,
    await findLoggedRecordingsOf(db, userId),
  );
  const outings = await allOutingsOf(db, userId);
  const manifest: ArchiveManifest = {
    format: 'sightbook-account-archive',
    formatVersion: 1,
    exportedAt: new Date().toISOString(),
    app: { name: site.appName, version: appVersion },
    account: {
      id: account.id,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      dataLicense: account.dataLicense,
      createdAt: account.createdAt.toISOString(),
    },
    counts: {
      logs: await countLogsOf(db, userId),
      photos: photos.length,
      outings: outings.length,
      recordings: recordings.length,
    },
    ...(missing.length ? { missingPhotos: missing } : {}),
    ...(missingRecordings.length ? { missingRecordings } : {}),
    files: {
      csv: ACCOUNT_ARCHIVE_FILES.csv,
      dwca: ACCOUNT_ARCHIVE_FILES.dwca,
      photos: ACCOUNT_ARCHIVE_FILES.photosFolder,
      outings: ACCOUNT_ARCHIVE_FILES.outings,
      recordings: ACCOUNT_ARCHIVE_FILES.recordingsFolder,
    },
  };
  // the CSV's first rows now: a failing query still reaches the error handler as a status
  const csv = await startExport(db, streamRows, userId, exportQuerySchema.parse({}), site.origin);

  const zip = new ZipFile();
  const body = zip.outputStream as Readable;
  const parts: Readable[] = [csv.body];
  const failed = (error: Error) => body.destroy(error);
  /** An entry whose stream opens only when yazl reaches it: one query or object at a time. */
  const add = (name: string, open: () => Promise<Readable>, options: { compress?: boolean } = {}) =>
    zip.addReadStreamLazy(name, options, (done) => {
      open().then(
        (part) => {
          parts.push(part);
          part.once('error', failed);
          done(null, part);
        },
        (error: Error) => {
          failed(error);
          done(error, Readable.from([]));
        },
      );
    });
  zip.addBuffer(
    Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
    ACCOUNT_ARCHIVE_FILES.manifest,
  );
  // the outings the CSV's outing_id names, as the API writes them
  zip.addBuffer(
    Buffer.from(`${JSON.stringify(outings, null, 2)}\n`),
    ACCOUNT_ARCHIVE_FILES.outings,
  );
  add(ACCOUNT_ARCHIVE_FILES.csv, async () => csv.body);
  add(ACCOUNT_ARCHIVE_FILES.dwca, async () => {
    const query = dwcArchiveQuerySchema.parse({});
    return (await startDwcArchive(db, streamRows, userId, query, site)).body;
  });
  // stored as they are: photos are compressed already, and so are most recordings
  for (const photo of photos) {
    add(archivePhotoName(photo.id, photo.contentType), () => originalOf(storage, photo.id), {
      compress: false,
    });
  }
  for (const recording of recordings) {
    add(
      archiveRecordingName(recording.id, recording.format),
      () => originalOf(storage, recording.id),
      { compress: recording.format === 'wav' }, // PCM shrinks; the others are packed already
    );
  }
  zip.once('error', failed);
  zip.end();
  // a client gone mid-archive: the open parts stop their queries and reads
  body.once('close', () => parts.forEach((part) => part.destroy()));
  return { filename: `sightbook-account-${today()}.zip`, body };
}
