import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { LogFilters } from '../../../../common/logs/schemas.js';
import { isoUtc, type Db, type StreamRows } from '../../../db/client.js';
import { logPhotos, logs, users } from '../../../db/schema.js';
import { logFilterWhere } from '../../logs/index.js';
import { pointFeatureJson } from '../../maps/index.js';

// SQL of the export: the user's logs, newest observed first, read a batch at a time.

export const EXPORT_BATCH_SIZE = 500;

/** Where the next batch starts: observed_at to the microsecond, and the id. */
interface Keyset {
  id: string;
  cursorAt: string;
}

/**
 * A row as readExportRows writes it. Not checked row by row: the SQL below fixes every name and
 * type (drivers hand timestamps over as text because the SQL formats them), and a check cost
 * a tenth of an export's time. tests/data-exchange/export.test.ts compares whole files cell by
 * cell.
 */
export interface ExportRow extends Keyset {
  observedAt: string;
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

/** A log with coordinates as a GeoJSON feature's text, written by the database. */
export interface FeatureRow extends Keyset {
  feature: string;
}

const photoUrls = sql`array(SELECT ${logPhotos.url} FROM ${logPhotos}
  WHERE ${logPhotos.logId} = ${logs.id} ORDER BY ${logPhotos.position})`;

/** Every field of a log the files carry, by the name the export reads it under. */
const exportFields: Array<[name: string, value: SQL]> = [
  ['observedAt', isoUtc(logs.observedAt)],
  ['speciesCommon', sql`${logs.speciesCommon}`],
  ['speciesScientific', sql`${logs.speciesScientific}`],
  ['count', sql`${logs.count}`],
  ['placeName', sql`${logs.placeName}`],
  ['latitude', sql`${logs.latitude}`],
  ['longitude', sql`${logs.longitude}`],
  ['description', sql`${logs.description}`],
  ['notes', sql`${logs.notes}`],
  ['isPublic', sql`${logs.isPublic}`],
  ['photoUrls', photoUrls],
  ['createdAt', isoUtc(logs.createdAt)],
  ['updatedAt', isoUtc(logs.updatedAt)],
];
const selectList = (fields: Array<[string, SQL]>) =>
  sql.join(
    fields.map(([name, value]) => sql`${value} AS ${sql.identifier(name)}`),
    sql`, `,
  );

const rowColumns = selectList(exportFields);

/** Every field of a log but its point, as the GeoJSON export's properties. */
const featureProperties = sql`(SELECT row_to_json(f)::text FROM (SELECT ${selectList([
  ['id', sql`${logs.id}`],
  ...exportFields.filter(([name]) => name !== 'latitude' && name !== 'longitude'),
])}) f)`;

const featureColumns = sql`${pointFeatureJson(
  { longitude: logs.longitude, latitude: logs.latitude },
  featureProperties,
)} AS "feature"`;

function selectRows(columns: SQL, where: SQL | undefined, after?: Keyset, limit?: number): SQL {
  const before = after
    ? sql`(${logs.observedAt}, ${logs.id}) < (${after.cursorAt}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return sql`
    SELECT ${logs.id} AS "id", ${isoUtc(logs.observedAt, 'US')} AS "cursorAt", ${columns}
    FROM ${logs}
    WHERE ${and(where, before)}
    ORDER BY ${logs.observedAt} DESC, ${logs.id} DESC
    ${limit ? sql`LIMIT ${limit}` : sql.empty()}`;
}

/**
 * The matching rows in export order, a batch at a time and never all in memory: a cursor on
 * PostgreSQL, keyset pages on PGlite. Stopping the iteration early closes the cursor.
 */
async function* readBatches<Row extends Keyset>(
  db: Db,
  streamRows: StreamRows | null,
  columns: SQL,
  where: SQL | undefined,
): AsyncGenerator<Row[]> {
  if (streamRows) {
    const query = new PgDialect().sqlToQuery(selectRows(columns, where));
    const stream = await streamRows(query, EXPORT_BATCH_SIZE);
    try {
      let batch: Row[] = [];
      for await (const row of stream) {
        batch.push(row as Row);
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
    const result = await db.execute(selectRows(columns, where, after, EXPORT_BATCH_SIZE));
    const { rows } = result as unknown as { rows: Row[] };
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH_SIZE) return;
    after = { cursorAt: last.cursorAt, id: last.id };
  }
}

/** The user's logs matching the filters, as rows for the CSV formats. */
export const readExportRows = (
  db: Db,
  streamRows: StreamRows | null,
  userId: string,
  filters: LogFilters,
  tz: string,
) => readBatches<ExportRow>(db, streamRows, rowColumns, logFilterWhere(userId, filters, tz));

/** The user's logs with coordinates matching the filters, as GeoJSON features (GeoJSON has no
 * place for the others). */
export const readExportFeatures = (
  db: Db,
  streamRows: StreamRows | null,
  userId: string,
  filters: LogFilters,
  tz: string,
) =>
  readBatches<FeatureRow>(
    db,
    streamRows,
    featureColumns,
    and(logFilterWhere(userId, filters, tz), isNotNull(logs.latitude)),
  );

export async function findOwner(db: Db, userId: string) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
