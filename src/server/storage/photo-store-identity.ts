import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { privateDir } from '../private-files.js';

// Several instances on one PostgreSQL must keep their photos in one place (one S3 bucket, or
// one disk they all mount as DATA_DIR): a photo uploaded through one instance is otherwise
// missing on the others. Each instance announces where its photos are; one that finds another
// place announced says so at start.

/** Any constant: the advisory-lock namespace of photo stores. */
const PHOTO_STORES = 740_616_342;

export const OTHER_PHOTO_STORE =
  'Another instance on this database keeps its photos elsewhere: a photo uploaded through one is missing on the other. Give every instance the same S3 bucket (S3_BUCKET) or one shared DATA_DIR.';

/**
 * Where this instance's photos are: the bucket, or the data directory by an id written into it
 * once (instances that mount one shared disk read the same id).
 */
export function photoStoreIdentity(config: Pick<Config, 's3' | 'dataDir'>): string {
  if (config.s3) return `s3:${config.s3.endpoint ?? 'aws'}/${config.s3.bucket}`;
  const uploads = join(config.dataDir, 'uploads');
  const file = join(uploads, '.store-id');
  try {
    return `local:${readFileSync(file, 'utf8').trim()}`;
  } catch {
    privateDir(uploads);
    const id = randomUUID();
    try {
      writeFileSync(file, `${id}\n`, { flag: 'wx', mode: 0o600 });
    } catch {
      return `local:${readFileSync(file, 'utf8').trim()}`; // another instance wrote it first
    }
    return `local:${id}`;
  }
}

/** A positive 32-bit key for the identity (advisory locks take int4 pairs). */
const keyOf = (identity: string) =>
  createHash('sha256').update(identity).digest().readUInt32BE(0) & 0x7fffffff;

/** Announces this instance's photo store, and warns when another instance's is elsewhere. */
export async function warnOfOtherPhotoStores(
  database: Pick<Database, 'announce'>,
  config: Pick<Config, 's3' | 'dataDir'>,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!database.announce) return; // the embedded store serves one process
  try {
    const others = await database.announce(PHOTO_STORES, keyOf(photoStoreIdentity(config)));
    if (others.length > 0) log.warn({ otherPhotoStores: others.length }, OTHER_PHOTO_STORE);
  } catch (error) {
    log.warn({ err: error }, 'could not tell whether other instances share the photo store');
  }
}
