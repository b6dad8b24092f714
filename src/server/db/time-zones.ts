import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/** True when the database knows the zone: its time zone data may differ from the runtime's. */
export async function isKnownTimeZone(db: Db, tz: string): Promise<boolean> {
  if (tz === 'UTC') return true;
  try {
    await db.execute(sql`SELECT now() AT TIME ZONE ${tz}`);
    return true;
  } catch (error) {
    // 22023 invalid_parameter_value: 'time zone "…" not recognized'
    if (sqlState(error) === '22023') return false;
    throw error;
  }
}

/** The SQLSTATE of a driver error, which Drizzle wraps as `cause`. */
function sqlState(error: unknown): unknown {
  if (!(error instanceof Error)) return undefined;
  if ('code' in error && typeof error.code === 'string') return error.code;
  return sqlState(error.cause);
}
