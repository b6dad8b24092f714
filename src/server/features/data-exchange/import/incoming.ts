import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMPORT_MAX_BYTES } from '../../../../common/data-exchange/import.js';
import { HttpError } from '../../../http-error.js';
import { privateDir } from '../../../private-files.js';

// Files being imported wait under DATA_DIR/imports while they are read (an account archive can
// be gigabytes); each request removes its own, and a daily job what a crash left behind.

export const importsDir = (dataDir: string) => join(dataDir, 'imports');

export const tooLarge = (limit = IMPORT_MAX_BYTES) =>
  new HttpError(413, `The file is over ${(limit / 1024 / 1024).toLocaleString('en-US')} MB`);

/**
 * Streams a body into a private file under `dir` within `limit` bytes; the caller
 * removes it.
 */
export async function receiveToFile(dir: string, body: Readable, limit: number): Promise<string> {
  privateDir(dir);
  const path = join(dir, `${randomBytes(12).toString('hex')}.part`);
  let received = 0;
  try {
    await pipeline(
      body,
      async function* within(chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          received += chunk.length;
          if (received > limit) throw tooLarge(limit);
          yield chunk;
        }
      },
      createWriteStream(path, { flags: 'wx', mode: 0o600 }),
    );
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
  return path;
}

/** Removes files an import left in `dir` more than `olderThanMs` ago; returns how many. */
export async function deleteStaleImports(dir: string, olderThanMs: number): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const before = Date.now() - olderThanMs;
  let deleted = 0;
  for (const name of names.filter((file) => file.endsWith('.part'))) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (!info || info.mtimeMs >= before) continue;
    await rm(path, { force: true });
    deleted += 1;
  }
  return deleted;
}
