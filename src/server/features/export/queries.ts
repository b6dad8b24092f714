import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { LogFilters } from '../../../common/logs.js';
import type { Db, StreamRows } from '../../db/client.js';
import { isoUtc } from '../../db/iso-time.js';
import { logPhotos, logs, users } from '../../db/schema.js';
import { logFilterWhere } from '../logs/index.js';

// SQL of the export: the user's logs, newest observed first, read a batch at a time.

export const EXPORT_BATCH_SIZE = 1000;

const exportRowSchema = z.object({
  id: z.string(),
  observedAt: z.string(),
  cursorAt: z.string(), // observed_at to the microsecond: where the next batch starts
  speciesCommon: z.string(),
  speciesScientific: z.string().nullable(),
  count: z.number(),
  placeName: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  description: z.string().nullable(),
  notes: z.string().nullable(),
  isPublic: z.boolean(),
  photoUrls: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ExportRow = z.infer<typeof exportRowSchema>;
const batchSchema = z.object({ rows: z.array(exportRowSchema) });

interface Keyset {
  cursorAt: string;
  id: string;
}

function selectRows(where: SQL | undefined, after?: Keyset, limit?: number): SQL {
  const before = after
    ? sql`(${logs.observedAt}, ${logs.id}) < (${after.cursorAt}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return sql`
    SELECT ${logs.id} AS "id",
      ${isoUtc(logs.observedAt)} AS "observedAt",
      ${isoUtc(logs.observedAt, 'US')} AS "cursorAt",
      ${logs.speciesCommon} AS "speciesCommon",
      ${logs.speciesScientific} AS "speciesScientific",
      ${logs.count} AS "count",
      ${logs.placeName} AS "placeName",
      ${logs.latitude} AS "latitude",
      ${logs.longitude} AS "longitude",
      ${logs.description} AS "description",
      ${logs.notes} AS "notes",
      ${logs.isPublic} AS "isPublic",
      array(SELECT ${logPhotos.url} FROM ${logPhotos} WHERE ${logPhotos.logId} = ${logs.id}
        ORDER BY ${logPhotos.position}) AS "photoUrls",
      ${isoUtc(logs.createdAt)} AS "createdAt",
      ${isoUtc(logs.updatedAt)} AS "updatedAt"
    FROM ${logs}
    WHERE ${and(where, before)}
    ORDER BY ${logs.observedAt} DESC, ${logs.id} DESC
    ${limit ? sql`LIMIT ${limit}` : sql.empty()}`;
}

/**
 * The matching rows in export order, never all in memory: a cursor on PostgreSQL,
 * keyset batches on PGlite. Stopping the iteration early closes the cursor.
 */
export async function* readExportRows(
  db: Db,
  streamRows: StreamRows | null,
  userId: string,
  filters: LogFilters,
  tz: string,
  { located = false } = {},
): AsyncGenerator<ExportRow> {
  // `located`: only logs with coordinates (GeoJSON has no place for the others)
  const where = and(
    logFilterWhere(userId, filters, tz),
    located ? isNotNull(logs.latitude) : undefined,
  );
  if (streamRows) {
    const query = new PgDialect().sqlToQuery(selectRows(where));
    const stream = await streamRows(query, EXPORT_BATCH_SIZE);
    try {
      for await (const row of stream) yield exportRowSchema.parse(row);
    } finally {
      stream.destroy();
    }
    return;
  }
  let after: Keyset | undefined;
  for (;;) {
    const { rows } = batchSchema.parse(
      await db.execute(selectRows(where, after, EXPORT_BATCH_SIZE)),
    );
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH_SIZE) return;
    after = { cursorAt: last.cursorAt, id: last.id };
  }
}

export async function findOwner(db: Db, userId: string) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
