import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ACCOUNT_ARCHIVE_FILES } from '../../../../common/account/schemas.js';
import { IMPORT_MAX_BYTES } from '../../../../common/data-exchange/import.js';
import { isUploadId, PHOTO_LIMITS, UPLOAD_TOO_LARGE_MESSAGE } from '../../../../common/photos.js';
import { RECORDING_LIMITS, RECORDING_TOO_LARGE_MESSAGE } from '../../../../common/recordings.js';
import { HttpError } from '../../../http-error.js';

// An account archive (GET /api/account/archive.zip) as the import reads it: sightings.csv, and
// the originals under photos/{upload id}.{ext} and recordings/{upload id}.{ext}. Sizes are
// checked against what the zip declares before anything is read, and yauzl refuses an entry
// whose bytes are not what it declared.

/** A zip file begins with a local file header ('PK\x03\x04'), or 'PK\x05\x06' when empty. */
export const isZip = (head: Uint8Array) =>
  head.length >= 4 &&
  head[0] === 0x50 &&
  head[1] === 0x4b &&
  ((head[2] === 0x03 && head[3] === 0x04) || (head[2] === 0x05 && head[3] === 0x06));

export const NOT_AN_ARCHIVE = `This zip is not a Sightbook account archive: it has no ${ACCOUNT_ARCHIVE_FILES.csv}`;

const ONE_OF_EACH = 'an account archive holds each file once, as the app wrote it';

/** A folder's files named by an upload id and an extension. */
const uploadName = (folder: string) => new RegExp(`^${folder}([^/.]+)\\.[a-z0-9]+$`);
const PHOTO_NAME = uploadName(ACCOUNT_ARCHIVE_FILES.photosFolder);
const RECORDING_NAME = uploadName(ACCOUNT_ARCHIVE_FILES.recordingsFolder);

export interface OpenArchive {
  csv: Buffer;
  /** The archive's outings (outings.json, since issue 22) by their id: unchecked input. */
  outings: Map<string, Record<string, unknown>>;
  /** Sizes of the photos by the upload id their name carries. */
  photoSizes: Map<string, number>;
  readPhoto(uploadId: string): Promise<Buffer>;
  /** The recordings' names in the zip (recordings/{id}.wav) by the upload id they carry. */
  recordingNames: Map<string, string>;
  /** A recording's bytes; 413 before reading one over the recordings' limit. */
  readRecording(uploadId: string): Promise<Buffer>;
  close(): void;
}

function openZip(source: string | Buffer): Promise<ZipFile> {
  const options = { lazyEntries: true, autoClose: false };
  return new Promise((resolve, reject) => {
    const opened = (error: Error | null, zip: ZipFile) =>
      error ? reject(new HttpError(400, `The zip cannot be read: ${error.message}`)) : resolve(zip);
    if (typeof source === 'string') yauzl.open(source, options, opened);
    else yauzl.fromBuffer(source, options, opened);
  });
}

function listEntries(zip: ZipFile): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      // an archive we write holds each name once: of two, which is the account's?
      if (entries.has(entry.fileName)) {
        reject(new HttpError(400, `The zip holds ${entry.fileName} twice: ${ONE_OF_EACH}`));
        return;
      }
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', (error: Error) =>
      reject(new HttpError(400, `The zip cannot be read: ${error.message}`)),
    );
    zip.readEntry();
  });
}

async function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  const stream = await new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk as Buffer);
  } catch (error) {
    throw new HttpError(
      400,
      `${entry.fileName} in the zip is damaged: ${(error as Error).message}`,
    );
  }
  return Buffer.concat(chunks);
}

const DAMAGED_OUTINGS = `${ACCOUNT_ARCHIVE_FILES.outings} in the zip is damaged: expected a JSON array of outings, each with an id`;

/** outings.json: each outing by its id (the import checks each as an outing payload). */
function outingsById(bytes: Buffer): Map<string, Record<string, unknown>> {
  let list: unknown;
  try {
    list = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new HttpError(400, DAMAGED_OUTINGS);
  }
  if (!Array.isArray(list)) throw new HttpError(400, DAMAGED_OUTINGS);
  const outings = new Map<string, Record<string, unknown>>();
  for (const outing of list) {
    const id = (outing as { id?: unknown } | null)?.id;
    if (typeof outing !== 'object' || typeof id !== 'string') {
      throw new HttpError(400, DAMAGED_OUTINGS);
    }
    outings.set(id.toLowerCase(), outing as Record<string, unknown>);
  }
  return outings;
}

/** The entries whose names match `name`, by the upload id in them. */
function byUploadId(entries: Map<string, Entry>, name: RegExp): Map<string, Entry> {
  const found = new Map<string, Entry>();
  for (const [fileName, entry] of entries) {
    const id = name.exec(fileName)?.[1];
    if (id && isUploadId(id)) found.set(id, entry);
  }
  return found;
}

/**
 * Opens the archive (a file on disk or bytes) and reads its CSV; the photos and recordings are
 * read on demand.
 */
export async function openAccountArchive(source: string | Buffer): Promise<OpenArchive> {
  const zip = await openZip(source);
  try {
    const entries = await listEntries(zip);
    const csvEntry = entries.get(ACCOUNT_ARCHIVE_FILES.csv);
    if (!csvEntry) throw new HttpError(400, NOT_AN_ARCHIVE);
    if (csvEntry.uncompressedSize > IMPORT_MAX_BYTES) {
      throw new HttpError(
        413,
        `${ACCOUNT_ARCHIVE_FILES.csv} is over ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
      );
    }
    const photos = byUploadId(entries, PHOTO_NAME);
    const recordings = byUploadId(entries, RECORDING_NAME);
    const csv = await readEntry(zip, csvEntry);
    const outingsEntry = entries.get(ACCOUNT_ARCHIVE_FILES.outings);
    if (outingsEntry && outingsEntry.uncompressedSize > IMPORT_MAX_BYTES) {
      throw new HttpError(
        413,
        `${ACCOUNT_ARCHIVE_FILES.outings} is over ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
      );
    }
    const outings = outingsEntry
      ? outingsById(await readEntry(zip, outingsEntry))
      : new Map<string, Record<string, unknown>>();
    return {
      csv,
      outings,
      photoSizes: new Map([...photos].map(([id, entry]) => [id, entry.uncompressedSize])),
      async readPhoto(uploadId) {
        const entry = photos.get(uploadId);
        if (!entry) throw new Error(`the archive holds no photo ${uploadId}`);
        if (entry.uncompressedSize > PHOTO_LIMITS.maxBytes) {
          throw new HttpError(413, `${entry.fileName}: ${UPLOAD_TOO_LARGE_MESSAGE}`);
        }
        return readEntry(zip, entry);
      },
      recordingNames: new Map([...recordings].map(([id, entry]) => [id, entry.fileName])),
      async readRecording(uploadId) {
        const entry = recordings.get(uploadId);
        if (!entry) throw new Error(`the archive holds no recording ${uploadId}`);
        if (entry.uncompressedSize > RECORDING_LIMITS.maxBytes) {
          throw new HttpError(413, RECORDING_TOO_LARGE_MESSAGE);
        }
        return readEntry(zip, entry);
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}
