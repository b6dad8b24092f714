import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  lte,
  max,
  ne,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { PAGE_SIZE, type LogFilters, type LogPageQuery } from '../../../common/logs/schemas.js';
import { utcDayStart } from '../../../common/dates.js';
import { isoUtc, perDatabase, type Db } from '../../db/client.js';
import { logPhotos, logs, users } from '../../db/schema.js';

// SQL of the logs feature; every statement is scoped by its owner (or by isPublic).

type LogValues = Omit<typeof logs.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;
export type PhotoValues = Pick<typeof logPhotos.$inferInsert, 'url' | 'sourceType' | 'label'>;

const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`; // typed % is literal

type Bind<T> = T | SQLWrapper; // a value, or a prepared statement's placeholder
/**
 * The LIKE pattern in lower case, computed once: in a generic plan, lower($n) runs for every row
 * the scan reads. (ILIKE on UTF-8 text lowers the pattern again for every row too, and took
 * twice as long.)
 */
const inLowerCase = (pattern: Bind<string>) => sql`(SELECT lower(${pattern}))`;
/** Whether the name kept in lower case (speciesKey, scientificKey) matches the pattern. */
const keyMatches = (key: SQLWrapper, pattern: Bind<string>) =>
  sql`${key} LIKE ${inLowerCase(pattern)}`;
/** Whether the text column matches the LIKE pattern, ignoring case. */
const matchesIgnoringCase = (column: SQLWrapper, pattern: Bind<string>) =>
  sql`lower(${column}) LIKE ${inLowerCase(pattern)}`;
interface FilterValues {
  q?: Bind<string>;
  from?: Bind<Date>;
  to?: Bind<Date>;
  minCount?: Bind<number>;
  maxCount?: Bind<number>;
  place?: Bind<string>;
}
type FilterName = keyof FilterValues;
const FILTER_NAMES: readonly FilterName[] = ['q', 'from', 'to', 'minCount', 'maxCount', 'place'];

/** The bind values of the filters set: patterns for the texts, instants for the days. */
function filterValues(filters: LogFilters, tz: string): FilterValues {
  const { q, from, to, minCount, maxCount, place } = filters;
  const dayStart = (day: string, days = 0) => {
    const start = utcDayStart(day, days);
    if (tz === 'UTC') return start;
    // That day's midnight on the wall clocks of tz, whatever its offset that day.
    return sql`(${start.toISOString().slice(0, 10)}::timestamp AT TIME ZONE ${tz}::text)`;
  };
  return {
    q: q ? containing(q) : undefined,
    from: from ? dayStart(from) : undefined,
    to: to ? dayStart(to, 1) : undefined, // `to` is inclusive
    minCount: minCount || undefined,
    maxCount: maxCount || undefined,
    place: place ? containing(place) : undefined,
  };
}

/** The user's logs matching the filters whose bind values are given. */
function filterCondition(userId: Bind<string>, values: FilterValues) {
  const { q, from, to, minCount, maxCount, place } = values;
  return and(
    eq(logs.userId, userId),
    // q is trimmed: it is found in a name exactly when it is found in the trimmed name.
    q ? or(keyMatches(logs.speciesKey, q), keyMatches(logs.scientificKey, q)) : undefined,
    from ? gte(logs.observedAt, from) : undefined,
    to ? lt(logs.observedAt, to) : undefined,
    minCount ? gte(logs.count, minCount) : undefined,
    maxCount ? lte(logs.count, maxCount) : undefined,
    place ? matchesIgnoringCase(logs.placeName, place) : undefined,
  );
}

/** The user's logs matching the list filters; from/to are whole days in `tz` (default UTC). */
export const filterWhere = (userId: string, filters: LogFilters, tz = 'UTC') =>
  filterCondition(userId, filterValues(filters, tz));

const logsNewestFirst = sql`${logs.observedAt} DESC, ${logs.createdAt} DESC, ${logs.id} DESC`;

// A log as the API's JSON (logSchema), written by the database: `toLog` in service.ts is the
// same shape from a row, and tests/logs.test.ts holds the two equal. row_to_json writes no
// spaces, json_build_object and json_agg would.
const ROW = 'l';
const row = alias(logs, ROW);
const PHOTO = 'ph';
const photo = alias(logPhotos, PHOTO);
/** The photos of `from` (rows with log_photos' columns, as "ph"), in position order. */
const photosJson = (from: SQL, where: SQL = sql`true`) => sql`coalesce((
  SELECT '[' || string_agg(row_to_json(p)::text, ',' ORDER BY ${photo.position}) || ']'
  FROM ${from} ${sql.identifier(PHOTO)}, LATERAL (SELECT ${photo.id} AS "id", ${photo.url} AS "url",
    ${photo.sourceType} AS "sourceType", ${photo.label} AS "label") p
  WHERE ${where}), '[]')::json`;
/** The log of the row "l" with the given photos, as JSON text. */
const logJson = (photos: SQL) => sql<string>`(SELECT row_to_json(item)::text FROM (SELECT
  ${row.id} AS "id", ${row.userId} AS "userId",
  ${row.speciesCommon} AS "speciesCommon", ${row.speciesScientific} AS "speciesScientific",
  ${row.count} AS "count", ${isoUtc(row.observedAt)} AS "observedAt",
  ${row.placeName} AS "placeName", ${row.latitude} AS "latitude", ${row.longitude} AS "longitude",
  ${row.description} AS "description", ${row.notes} AS "notes", ${row.isPublic} AS "isPublic",
  ${row.showExactLocation} AS "showExactLocation", ${isoUtc(row.createdAt)} AS "createdAt",
  ${isoUtc(row.updatedAt)} AS "updatedAt", ${photos} AS "photos") item)`;
const rowJson = logJson(photosJson(sql`${logPhotos}`, sql`${photo.logId} = ${row.id}`));
// a fragment of its own: Drizzle names no table for the columns directly in a selected field
const rowNewestFirst = sql`${row.observedAt} DESC, ${row.createdAt} DESC, ${row.id} DESC`;

// The list is the most requested read: its page, photos and the user's logs version come in
// one statement, prepared by name, and the page is JSON text the server sends as it is.
// PostgreSQL keeps one plan for a prepared statement (a generic plan) only when that plan looks
// no costlier than one made for the values; otherwise it plans every time. So:
// - The app's page size is written into the statement, and so is the offset of the first
//   pages: an offset given as a parameter is costed as a tenth of the rows. Later pages and
//   other sizes are planned every time.
// - Without filters, the page is of the users row's logs, not of the parameter: the planner then
//   expects as many rows for any user, and no longer finds a heavy user's first page cheaper
//   planned anew. With filters, the parameter: a plan made for an average user would read all
//   of a heavy user's logs in the range and sort them.
// A filtered page takes its ids from logs_user_newest_idx alone (an index-only scan: the index
// holds the columns the search and the counts filter on), and reads only its own rows from the
// table: a search for a rare species passes over thousands of logs to find 20.
type PageStatement = ReturnType<typeof preparePage>;
const WRITTEN_PAGES = 5; // the pages whose offset is written into their own statements
const pageStatements = perDatabase(() => new Map<string, PageStatement>());
function preparePage(
  db: Db,
  filters: readonly FilterName[],
  size: 'app' | 'other',
  pageNumber: number | 'later', // 1, or up to WRITTEN_PAGES at the app's size
) {
  const bound: FilterValues = Object.fromEntries(
    filters.map((name) => [name, sql.placeholder(name)]),
  );
  const limit = size === 'app' ? sql.raw(String(PAGE_SIZE)) : sql.placeholder('limit');
  const offset =
    pageNumber === 'later'
      ? sql`OFFSET ${sql.placeholder('offset')}`
      : sql.raw(pageNumber === 1 ? '' : `OFFSET ${(pageNumber - 1) * PAGE_SIZE}`);
  const owner = filters.length === 0 ? users.id : sql.placeholder('userId');
  const where = filterCondition(owner, bound);
  const page =
    filters.length === 0
      ? sql`(SELECT * FROM ${logs} WHERE ${where}
          ORDER BY ${logsNewestFirst} LIMIT ${limit} ${offset}) ${sql.identifier(ROW)}`
      : sql`(SELECT ${logs}.* FROM (SELECT ${logs.id} FROM ${logs} WHERE ${where}
          ORDER BY ${logsNewestFirst} LIMIT ${limit} ${offset}) ${sql.identifier('page')}
          JOIN ${logs} USING (id)) ${sql.identifier(ROW)}`;
  const items = sql<string>`(SELECT '[' || coalesce(string_agg(${rowJson}, ','
    ORDER BY ${rowNewestFirst}), '') || ']' FROM ${page})`;
  return db
    .select({ version: users.logsVersion, logsCount: users.logsCount, items })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare(['list_logs', ...filters, size, pageNumber].join('_'));
}

/**
 * A page of the user's logs matching the filters, newest observed first, as a JSON array of
 * logs, the version of the user's logs it was read at and, without filters, the total;
 * undefined for a user who is gone.
 */
export async function selectLogPageJson(db: Db, userId: string, query: LogPageQuery) {
  const values = filterValues(query, 'UTC');
  const filters = FILTER_NAMES.filter((name) => values[name] !== undefined);
  const size = query.pageSize === PAGE_SIZE ? 'app' : 'other';
  const written = query.page === 1 || (size === 'app' && query.page <= WRITTEN_PAGES);
  const pageNumber = written ? query.page : 'later';
  const statements = pageStatements(db);
  const key = `${filters.join(' ')} ${size} ${pageNumber}`;
  let statement = statements.get(key);
  if (!statement) statements.set(key, (statement = preparePage(db, filters, size, pageNumber)));
  const [page] = await statement.execute({
    ...values,
    userId,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  if (!page) return undefined;
  const { version, logsCount, items } = page;
  return { version, items, total: filters.length === 0 ? logsCount : undefined };
}

export const countLogs = (db: Db, userId: string, filters: LogFilters) =>
  db.$count(logs, filterWhere(userId, filters));

const ownLogStatement = perDatabase((db) =>
  db
    .select({ json: rowJson })
    .from(row)
    .where(and(eq(row.id, sql.placeholder('id')), eq(row.userId, sql.placeholder('userId'))))
    .prepare('find_own_log'),
);

/** The user's log as JSON text (logSchema), written by the database; undefined for none. */
export async function findOwnLogJson(db: Db, userId: string, id: string) {
  const [found] = await ownLogStatement(db).execute({ id, userId });
  return found?.json;
}

export async function findPublicLog(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(logs)
    .where(and(eq(logs.id, id), eq(logs.isPublic, true)));
  return row;
}

export async function findPhotos(db: Db, logIds: string[]) {
  if (logIds.length === 0) return [];
  return db
    .select()
    .from(logPhotos)
    .where(inArray(logPhotos.logId, logIds))
    .orderBy(asc(logPhotos.logId), asc(logPhotos.position));
}

const createdLogSchema = z.object({ json: z.string() });

/**
 * A new log and its photos, as the API's JSON, in one statement that commits on its own; none
 * when the user already made a log with this idempotency key. The photos' JSON comes from their
 * RETURNING: a statement does not see its own inserts anywhere else.
 */
export async function insertLogJson(
  db: Db,
  userId: string,
  values: LogValues,
  photos: PhotoValues[],
): Promise<string | undefined> {
  const insert = db
    .insert(logs)
    .values({ ...values, userId })
    .onConflictDoNothing({ target: [logs.userId, logs.idempotencyKey] })
    .returning();
  const made = sql.identifier(ROW);
  const result = await db.execute(sql`WITH ${made} AS (${insert.getSQL()}),
    added AS (
      INSERT INTO ${logPhotos} (log_id, url, source_type, position)
      SELECT ${row.id}, p.url, p."sourceType", p.ord - 1
      FROM ${made}, ROWS FROM (json_to_recordset(${JSON.stringify(photos)}::json)
        AS (url text, "sourceType" text)) WITH ORDINALITY AS p(url, "sourceType", ord)
      RETURNING *)
    SELECT ${logJson(photosJson(sql`added`))} AS "json" FROM ${made}`);
  const [created] = (result as unknown as { rows: unknown[] }).rows;
  return created === undefined ? undefined : createdLogSchema.parse(created).json;
}

/** The log the user made with this idempotency key, as the API's JSON; undefined for none. */
export async function findLogJsonByIdempotencyKey(db: Db, userId: string, key: string) {
  const [found] = await db
    .select({ json: rowJson })
    .from(row)
    .where(and(eq(row.userId, userId), eq(row.idempotencyKey, key)));
  return found?.json;
}

// PostgreSQL takes at most 65,535 bind parameters a statement: a log has 12 columns, a photo 5.
const INSERT_BATCH = 2000;

/** Many logs in multi-row inserts; the caller gives the ids, so photos can refer to them. */
export async function insertLogs(
  db: Db,
  userId: string,
  rows: Array<LogValues & { id: string }>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    await db.insert(logs).values(batch.map((row) => ({ ...row, userId })));
  }
}

export async function insertPhotos(
  db: Db,
  photos: Array<PhotoValues & { logId: string; position: number }>,
): Promise<void> {
  for (let start = 0; start < photos.length; start += INSERT_BATCH) {
    await db.insert(logPhotos).values(photos.slice(start, start + INSERT_BATCH));
  }
}

export async function updateOwnLog(db: Db, userId: string, id: string, values: LogValues) {
  const [row] = await db
    .update(logs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(logs.id, id), eq(logs.userId, userId)))
    .returning();
  return row;
}

/** Deletes the log (its photos cascade); false when the user has no such log. */
export async function deleteOwnLog(db: Db, userId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(logs)
    .where(and(eq(logs.id, id), eq(logs.userId, userId)))
    .returning({ id: logs.id });
  return removed.length > 0;
}

/**
 * The log's photos become `photos`. The write payload carries no labels (SPEC), so a photo the
 * log keeps keeps its label.
 */
export async function replacePhotos(db: Db, logId: string, photos: PhotoValues[]) {
  const removed = await db
    .delete(logPhotos)
    .where(eq(logPhotos.logId, logId))
    .returning({ url: logPhotos.url, label: logPhotos.label });
  const labels = new Map(removed.map((photo) => [photo.url, photo.label]));
  if (photos.length === 0) return [];
  return db
    .insert(logPhotos)
    .values(
      photos.map((photo, position) => ({
        ...photo,
        label: photo.label ?? labels.get(photo.url) ?? null,
        logId,
        position,
      })),
    )
    .returning();
}

/**
 * The user's species, one per name whatever its case, in the spelling with a scientific name
 * seen last. Each spelling is grouped first (a hash aggregate), and only those are sorted: for a
 * heavy user's 100,000 logs, sorting every row took ~300 ms, this ~40 ms.
 */
export async function listSpecies(db: Db, userId: string) {
  const spellings = db
    .select({
      common: logs.speciesCommon,
      scientific: logs.speciesScientific,
      lastSeen: max(logs.observedAt).as('last_seen'),
    })
    .from(logs)
    .where(eq(logs.userId, userId))
    .groupBy(logs.speciesCommon, logs.speciesScientific)
    .as('spellings');
  return db
    .selectDistinctOn([sql`lower(${spellings.common})`], {
      common: spellings.common,
      scientific: spellings.scientific,
    })
    .from(spellings)
    .orderBy(
      sql`lower(${spellings.common})`,
      sql`${spellings.scientific} IS NULL`,
      desc(spellings.lastSeen),
    );
}

export async function listLocations(db: Db, userId: string) {
  const rows = await db
    .selectDistinct({ place: logs.placeName })
    .from(logs)
    .where(and(eq(logs.userId, userId), isNotNull(logs.placeName), ne(logs.placeName, '')));
  // Sorted here, not in SQL: the two stores may collate differently.
  return rows
    .map((row) => row.place)
    .filter((place) => place !== null)
    .sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b));
}
