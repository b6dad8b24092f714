import type { Db } from '../../db/client.js';
import {
  clearRateLimit,
  clearRateLimitsStartingWith,
  hitRateLimit,
  holdRateLimit,
  peekRateLimit,
  tooManyRequests,
  waitInWords,
} from './rate-limits.js';

// Failed sign-ins are counted per account AND client address (decision 014): a stranger's
// guesses slow the stranger down, never the owner signing in from elsewhere. After
// FREE_FAILURES failures an address waits a minute, doubling with each further failure up to
// an hour; a correct password (or a reset) forgets them. Counters live in rate_limits, so every
// app instance sees them.

export const FREE_FAILURES = 5;
const FIRST_WAIT_MS = 60 * 1000;
const LONGEST_WAIT_MS = 60 * 60 * 1000;
/** How long failures are remembered after the first one of a series. */
const MEMORY_MS = 24 * 60 * 60 * 1000;

/** The wait after the `failures`-th failure: none before FREE_FAILURES. */
export function waitAfterFailures(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_WAIT_MS * 2 ** (failures - FREE_FAILURES), LONGEST_WAIT_MS);
}

const keys = (email: string, address: string) => ({
  failures: `sign-in-failures:${email}|${address}`,
  lock: `sign-in-lock:${email}|${address}`,
});

/** 429 with Retry-After while this address must wait before trying this account again. */
export async function assertMayTrySignIn(db: Db, email: string, address: string) {
  const lock = await peekRateLimit(db, keys(email, address).lock);
  if (lock.hits === 0) return;
  throw tooManyRequests(
    `Too many failed sign-ins. Try again ${waitInWords(lock.resetAt)}.`,
    lock.resetAt,
  );
}

export async function recordFailedSignIn(db: Db, email: string, address: string) {
  const { failures, lock } = keys(email, address);
  const { hits } = await hitRateLimit(db, failures, MEMORY_MS);
  const wait = waitAfterFailures(hits);
  if (wait > 0) await holdRateLimit(db, lock, wait);
}

export async function forgetFailedSignIns(db: Db, email: string, address: string) {
  const { failures, lock } = keys(email, address);
  await clearRateLimit(db, failures, lock);
}

/** Every address's failures for an account: its password was just reset. */
export async function forgetAllFailedSignIns(db: Db, email: string) {
  const { failures, lock } = keys(email, '');
  await clearRateLimitsStartingWith(db, [failures, lock]);
}
