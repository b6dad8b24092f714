import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { LogFilters } from '../../../../common/logs/schemas.js';
import { isoUtc, type Db, type StreamRows } from '../../../db/client.js';
import { logPhotos, logs, users } from '../../../db/schema.js';
import { logFilterWhere } from '../../logs/index.js';

// SQL of the export: the user's logs, newest observed first, read a batch at a time.

export const EXPORT_BATCH_SIZE = 500;

/**
 * A row as selectRows writes it. Not checked row by row: the SQL below fixes every name and
 * type (drivers hand timestamps over as text because the SQL formats them), and a check cost
 * a tenth of an export's time. tests/export.test.ts compares whole files cell by cell.
 */
export interface ExportRow {
  id: string;
  observedAt: string;
  cursorAt: string; // observed_at to the microsecond: where the next batch starts
  speciesCommon: string;
  speciesScientific: string | null;
  count: number;
  placeName: string | null;
  latitude: number | null;
  longitude: number | null;
  description: string | null;
  notes: string | null;
  isPublic: boolean;
  photoUrls: string[];
  createdAt: string;
  updatedAt: string;
}

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
 * The matching rows in export order, a batch at a time and never all in memory: a cursor on
 * PostgreSQL, keyset pages on PGlite. Stopping the iteration early closes the cursor.
 */
export async function* readExportBatches(
  db: Db,
  streamRows: StreamRows | null,
  userId: string,
  filters: LogFilters,
  tz: string,
  { located = false } = {},
): AsyncGenerator<ExportRow[]> {
  // `located`: only logs with coordinates (GeoJSON has no place for the others)
  const where = and(
    logFilterWhere(userId, filters, tz),
    located ? isNotNull(logs.latitude) : undefined,
  );
  if (streamRows) {
    const query = new PgDialect().sqlToQuery(selectRows(where));
    const stream = await streamRows(query, EXPORT_BATCH_SIZE);
    try {
      let batch: ExportRow[] = [];
      for await (const row of stream) {
        batch.push(row as ExportRow);
        // the cursor hands over a whole batch at once: this yields when the stream waits
        if (stream.readableLength === 0 || batch.length === EXPORT_BATCH_SIZE) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
    } finally {
      stream.destroy();
    }
    return;
  }
  let after: Keyset | undefined;
  for (;;) {
    const { rows } = (await db.execute(selectRows(where, after, EXPORT_BATCH_SIZE))) as unknown as {
      rows: ExportRow[];
    };
    if (rows.length > 0) yield rows;
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
