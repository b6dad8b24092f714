import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * A timestamp as ISO 8601 UTC text, to the millisecond or (for keyset cursors) the microsecond.
 * Timestamps leave the database as text where it matters: the two drivers parse them differently.
 */
export const isoUtc = (column: SQLWrapper, fraction: 'MS' | 'US' = 'MS') =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', ${sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.${fraction}"Z"'`)})`;
