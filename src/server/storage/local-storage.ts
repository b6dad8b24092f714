import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PHOTO_LIMITS } from '../../common/photos.js';
import { HttpError } from '../http-error.js';
import type {
  ByteRange,
  ObjectKey,
  ObjectStorage,
  SizeLimit,
  UploadTarget,
} from './object-storage.js';
import { uploadSignature } from './upload-signature.js';

/** Photos under `DATA_DIR/uploads`, uploaded through the app's own signed URLs. */
export class LocalStorage implements ObjectStorage {
  readonly kind = 'local';
  readonly #dataDir: string;
  readonly #secret: string;

  constructor(dataDir: string, secret: string) {
    this.#dataDir = dataDir;
    this.#secret = secret;
  }

  async uploadUrl({ uploadId, userId }: UploadTarget): Promise<string> {
    const expires = Math.floor(Date.now() / 1000) + PHOTO_LIMITS.uploadUrlSeconds;
    const signature = uploadSignature(this.#secret, uploadId, userId, expires);
    return `/api/photos/uploads/${uploadId}?expires=${expires}&signature=${signature}`;
  }

  /**
   * Streams a PUT body into place: to a temporary file first, renamed only when complete and
   * within the limit, so a broken or oversized upload leaves nothing behind.
   */
  async receive(key: ObjectKey, body: Readable, sizeLimit: SizeLimit): Promise<number> {
    const incoming = join(this.#dataDir, 'uploads', '.incoming');
    await mkdir(incoming, { recursive: true, mode: 0o700 });
    const temporary = join(incoming, `${randomBytes(12).toString('hex')}.part`);
    let received = 0;
    try {
      await pipeline(
        body,
        async function* limit(chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            received += chunk.length;
            if (received > sizeLimit.maxBytes) throw new HttpError(413, sizeLimit.message);
            yield chunk;
          }
        },
        createWriteStream(temporary, { flags: 'wx', mode: 0o600, highWaterMark: 1 << 20 }),
      );
      const target = this.#path(key);
      await mkdir(dirname(target), { recursive: true, mode: 0o700 });
      await rename(temporary, target);
      return received;
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async size(key: ObjectKey): Promise<number | undefined> {
    try {
      return (await stat(this.#path(key))).size;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  readAll(key: ObjectKey): Promise<Buffer> {
    return readFile(this.#path(key));
  }

  async read(key: ObjectKey, range?: ByteRange): Promise<Readable | undefined> {
    // opened first, so that a missing file is known before a reply starts
    const file = await open(this.#path(key)).catch((error: unknown) => {
      if (isMissing(error)) return undefined;
      throw error;
    });
    return file?.createReadStream(range);
  }

  async write(key: ObjectKey, body: Buffer): Promise<void> {
    const target = this.#path(key);
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
    await writeFile(temporary, body, { mode: 0o600 });
    await rename(temporary, target);
  }

  async delete(keys: ObjectKey[]): Promise<void> {
    const folders = new Set(keys.map((key) => dirname(this.#path(key))));
    await Promise.all(keys.map((key) => rm(this.#path(key), { force: true })));
    // An upload's folder goes with its last object.
    await Promise.all(
      [...folders].map((folder) =>
        rmdir(folder).catch((error: unknown) => {
          if (!isMissing(error) && !isNotEmpty(error)) throw error;
        }),
      ),
    );
  }

  #path(key: ObjectKey): string {
    return join(this.#dataDir, key); // keys are built from uuids only (objectKey)
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
const isNotEmpty = (error: unknown) =>
  ['ENOTEMPTY', 'EEXIST'].includes((error as NodeJS.ErrnoException).code ?? '');
