import { eq, inArray, lt, or, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { rateLimits } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';

// Rate limits kept in the database, so that every app instance counts against one budget
// (ARCHITECTURE: nothing another instance needs lives in process memory).

/** Counts one hit against `key` in a fixed window; returns the hits so far and when they reset. */
export async function hitRateLimit(db: Db, key: string, windowMs: number) {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, resetAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN 1 ELSE ${rateLimits.hits} + 1 END`,
        resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning();
  if (!row) throw new Error('rate limit upsert returned no row');
  return { hits: row.hits, resetAt: row.resetAt };
}

/** The live count for `key` (0 once its window has passed). */
export async function peekRateLimit(db: Db, key: string) {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  if (!row || row.resetAt.getTime() <= Date.now()) return { hits: 0, resetAt: new Date() };
  return { hits: row.hits, resetAt: row.resetAt };
}

/** Holds `key` for `ms` from now, whatever it held before (a lock that ends at a set time). */
export async function holdRateLimit(db: Db, key: string, ms: number) {
  const resetAt = sql`now() + ${ms} * interval '1 millisecond'`;
  await db
    .insert(rateLimits)
    .values({ key, hits: 1, resetAt })
    .onConflictDoUpdate({ target: rateLimits.key, set: { hits: 1, resetAt } });
}

export async function clearRateLimit(db: Db, ...keys: string[]) {
  await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}

/** Forgets every counter whose key starts with one of `prefixes`. */
export async function clearRateLimitsStartingWith(db: Db, prefixes: string[]) {
  await db
    .delete(rateLimits)
    .where(or(...prefixes.map((prefix) => sql`starts_with(${rateLimits.key}, ${prefix})`)));
}

/** The hourly clean-up (src/server/jobs.ts). */
export async function deleteExpiredRateLimits(db: Db) {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
}

export const secondsUntil = (date: Date) =>
  Math.max(1, Math.ceil((date.getTime() - Date.now()) / 1000));

/** 'in 45 seconds', 'in 1 minute', 'in 32 minutes': when a 429's wait ends, in words. */
export function waitInWords(date: Date): string {
  const seconds = secondsUntil(date);
  if (seconds < 60) return `in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

export const tooManyRequests = (message: string, resetAt: Date) =>
  new HttpError(429, message, { 'retry-after': String(secondsUntil(resetAt)) });

/** @fastify/rate-limit's store interface over the rate_limits table. */
class DatabaseStore implements FastifyRateLimitStore {
  constructor(
    private readonly db: Db,
    private readonly prefix: string,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ) {
    hitRateLimit(this.db, `${this.prefix}:${key}`, timeWindow).then(
      ({ hits, resetAt }) => callback(null, { current: hits, ttl: resetAt.getTime() - Date.now() }),
      (error: Error) => callback(error),
    );
  }

  child(route: { method: string | string[]; path: string }): FastifyRateLimitStore {
    return new DatabaseStore(this.db, `${this.prefix}:${String(route.method)}:${route.path}`);
  }
}

/** Registers the limiter (off by default); routes opt in with `config.rateLimit`. */
export const rateLimitPlugin = fp<{ config: Config }>(
  async (app) => {
    await app.register(fastifyRateLimit, {
      global: false,
      store: class extends DatabaseStore {
        constructor() {
          super(app.db, 'ip');
        }
      },
      errorResponseBuilder: (_request, context) =>
        new HttpError(
          429,
          `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        ),
    });
  },
  { name: 'rate-limits', dependencies: ['database'] },
);

/** Per-IP limit for the sign-in routes: AUTH_RATE_LIMIT a minute (ARCHITECTURE "Configuration"). */
export const authRouteLimit = (config: Config) => ({
  rateLimit: { max: config.authRateLimit, timeWindow: 60_000 },
});
