import type { LogWritePayload } from '../../../../common/logs/schemas.js';
import { uploadIdIn } from '../../../../common/photos.js';
import { HttpError } from '../../../http-error.js';

// The uploaded files a Sightbook CSV's rows name (photo_urls, recording_urls), brought back from
// an account archive: stored anew as the importing user's, with their derivatives, within their
// quota. Photos over the quota refuse the archive; a recording refused (not sound, too long, no
// room left) is left out and named on its row, and its log comes without it.

/**
 * The files of an account archive, and where the importing user's copies go: the route joins
 * the zip (read-archive.ts) with the photos and recordings features.
 */
export interface ArchiveFiles {
  photos: {
    /** The size of the photo the archive holds for an upload id of its CSV, if it holds one. */
    sizeOf(uploadId: string): number | undefined;
    read(uploadId: string): Promise<Buffer>;
    /** 413 unless this many bytes more fit in the user's storage. */
    assertRoom(bytes: number): Promise<void>;
    /** Stores the bytes as a new photo of the user, with its derivatives: its object path. */
    store(bytes: Buffer): Promise<string>;
  };
  recordings: {
    /** The archive's file of an upload id of its CSV (recordings/{id}.wav), if it holds one. */
    nameOf(uploadId: string): string | undefined;
    /** Its bytes; an HttpError when the archive's file is too large or damaged. */
    read(uploadId: string): Promise<Buffer>;
    /**
     * Stores the bytes as a new recording of the user, with its derivatives, within their
     * quota: its object path. An HttpError (4xx) says why it is refused.
     */
    store(bytes: Buffer): Promise<string>;
  };
  /** Takes back uploads stored for an import that then failed. */
  release(objectPaths: string[]): Promise<void>;
}

/** What of an import's row its files concern. */
export interface RowWithFiles {
  payload: LogWritePayload;
  warnings: string[];
  uploadedPhotos?: string[];
  uploadedRecordings?: string[];
}

/** The object paths of a row that the archive holds a file for. */
interface FilesOfRow {
  photos: string[];
  recordings: string[];
}

/** The paths the archive holds a file for; the others are left out, said on the row. */
function held(row: RowWithFiles, paths: string[], holds: (id: string) => boolean, what: string) {
  const there = paths.filter((path) => {
    const id = uploadIdIn(path);
    return id !== undefined && holds(id);
  });
  const missing = paths.filter((path) => !there.includes(path));
  if (missing.length > 0) {
    row.warnings.push(`${what}: ${missing.length} left out (${missing.join(' ')})`);
  }
  return there;
}

/**
 * Which uploaded photos and recordings of each row come along: those the archive holds. Without
 * an archive (a CSV alone) none can.
 */
export function filesToBring<Row extends RowWithFiles>(
  rows: Row[],
  archive: ArchiveFiles | undefined,
): Map<Row, FilesOfRow> {
  const bring = new Map<Row, FilesOfRow>();
  for (const row of rows) {
    const photos = held(
      row,
      row.uploadedPhotos ?? [],
      (id) => archive?.photos.sizeOf(id) !== undefined,
      archive ? 'Photos missing from the archive' : 'Uploaded photos cannot be imported',
    );
    const recordings = held(
      row,
      row.uploadedRecordings ?? [],
      (id) => archive?.recordings.nameOf(id) !== undefined,
      archive ? 'Recordings missing from the archive' : 'Uploaded recordings cannot be imported',
    );
    if (photos.length > 0 || recordings.length > 0) bring.set(row, { photos, recordings });
  }
  return bring;
}

/**
 * Stores the archive's files of the rows anew, one at a time, and points the rows' payloads at
 * the copies: the photos within the user's quota (or none), then each recording if it is
 * accepted. Returns the object paths stored; on a failure of the server's they are taken back.
 */
export async function storeFiles<Row extends RowWithFiles>(
  bring: Map<Row, FilesOfRow>,
  archive: ArchiveFiles,
): Promise<string[]> {
  const photoIds = [...bring.values()].flatMap(({ photos }) => photos.map((p) => uploadIdIn(p)!));
  await archive.photos.assertRoom(
    photoIds.reduce((sum, id) => sum + (archive.photos.sizeOf(id) ?? 0), 0),
  );
  const stored: string[] = [];
  try {
    for (const [row, { photos }] of bring) {
      if (photos.length === 0) continue;
      const copies: string[] = [];
      for (const path of photos) {
        const copy = await archive.photos.store(await archive.photos.read(uploadIdIn(path)!));
        stored.push(copy);
        copies.push(copy);
      }
      row.payload = { ...row.payload, uploadedPhotoUrls: copies };
    }
    for (const [row, { recordings }] of bring) {
      if (recordings.length === 0) continue;
      const copies: string[] = [];
      for (const path of recordings) {
        const copy = await storeRecording(row, uploadIdIn(path)!, archive);
        if (!copy) continue;
        stored.push(copy);
        copies.push(copy);
      }
      row.payload = { ...row.payload, uploadedRecordingUrls: copies };
    }
  } catch (error) {
    await archive.release(stored);
    throw error;
  }
  return stored;
}

/** One recording stored anew, or undefined when it is refused: its row says why. */
async function storeRecording(row: RowWithFiles, uploadId: string, archive: ArchiveFiles) {
  try {
    return await archive.recordings.store(await archive.recordings.read(uploadId));
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    const name = archive.recordings.nameOf(uploadId);
    row.warnings.push(`Recording ${name} left out: ${error.message}`);
    return undefined;
  }
}
