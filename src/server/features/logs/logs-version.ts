import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

// Results computed from a user's logs (statistics, totals), kept while the user's logs_version
// is unchanged. A trigger bumps it in the transaction of every statement that writes logs
// (migration 0003), so every instance on the same database sees a write at its commit: each
// lookup reads the version, one primary-key read, and recomputes only after a write.

export interface LogsResultCache {
  /** The cached result of `key` for the user, or `compute()`'s, cached until their next write. */
  get<T>(db: Db, userId: string, key: string, compute: () => Promise<T>): Promise<T>;
  /** The same for a version the caller read itself, before computing (see `get`). */
  getAt<T>(userId: string, version: number, key: string, compute: () => Promise<T>): Promise<T>;
}

/** What reads through the cache need: the app has both (logsResultsPlugin). */
export interface LogsReadContext {
  db: Db;
  logsResults: LogsResultCache;
}

interface Entry {
  version: number;
  value: Promise<unknown>;
}

/**
 * `max` results at most, the least recently used dropped first. A result is kept as it is being
 * computed: the requests that come while it is (after a write, every list request at once) wait
 * for the one computation. A failed one is not kept.
 */
export function createLogsResultCache(max: number): LogsResultCache {
  const entries = new LRUCache<string, Entry>({ max });
  async function get<T>(db: Db, userId: string, key: string, compute: () => Promise<T>) {
    // Read before computing: a write that commits in between gives a newer version, so the
    // result stored under the older one is never served after that write.
    const version = await readLogsVersion(db, userId);
    if (version === undefined) return compute(); // no such user: nothing worth keeping
    return getAt(userId, version, key, compute);
  }
  function getAt<T>(userId: string, version: number, key: string, compute: () => Promise<T>) {
    const entryKey = `${userId} ${key}`;
    const known = entries.get(entryKey);
    if (known?.version === version) return known.value as Promise<T>;
    // a request that read its version before a write may come after it: it computes anew
    if (known && known.version > version) return compute();
    const value = Promise.resolve().then(compute); // once, also for a lazy query builder
    entries.set(entryKey, { version, value });
    value.catch(() => {
      if (entries.get(entryKey)?.value === value) entries.delete(entryKey);
    });
    return value;
  }
  return { get, getAt };
}

async function readLogsVersion(db: Db, userId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ version: users.logsVersion })
    .from(users)
    .where(eq(users.id, userId));
  return row?.version;
}

/** Results kept per instance: a few hundred bytes to a few tens of kB each. */
const CACHED_RESULTS = 2000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Statistics and totals of users' logs, until their next write. */
    logsResults: LogsResultCache;
  }
}

/** The cache as `app.logsResults`, for the logs and the features that read through logs. */
export const logsResultsPlugin = fp(
  async (app) => void app.decorate('logsResults', createLogsResultCache(CACHED_RESULTS)),
  { name: 'logs-results', dependencies: ['database'] },
);
