import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { CountKind } from '../../common/logs/count.js';

/** The kind of a log's count in a statement (src/common/logs/count.ts): null is X, 0 evidence. */
export const countKindSql = (count: AnyColumn | SQL) =>
  sql<CountKind>`(CASE WHEN ${count} IS NULL THEN 'present' WHEN ${count} = 0 THEN 'evidence' ELSE 'counted' END)`;
