import { and, eq, gte, lt, lte, or, sql, type SQLWrapper } from 'drizzle-orm';
import { PAGE_SIZE, type LogFilters, type LogPageQuery } from '../../../../common/logs/schemas.js';
import { dayAfter, utcDayStart } from '../../../../common/dates.js';
import { perDatabase, type Db } from '../../../db/client.js';
import { logs, users } from '../../../db/schema.js';
import { LOG_ROW, logRow, logRowJson } from '../log-json.js';

// SQL of the list: the filters (which the map, the stats and the export share) and the page.
// Every statement is scoped by its owner.

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
  outingId?: Bind<string>;
  flag?: Bind<string>;
}
type FilterName = keyof FilterValues;
const FILTER_NAMES: readonly FilterName[] = [
  'q',
  'from',
  'to',
  'minCount',
  'maxCount',
  'place',
  'outingId',
  'flag',
];

/** The bind values of the filters set: patterns for the texts, instants for the days. */
function filterValues(filters: LogFilters, tz: string): FilterValues {
  const { q, from, to, minCount, maxCount, place, outingId, flag } = filters;
  const dayStart = (day: string) => {
    // No log is observed after 9999 (src/common/dates.ts): the day after 9999-12-31 bounds nothing.
    if (tz === 'UTC') return day.length > 10 ? undefined : utcDayStart(day);
    // That day's midnight on the wall clocks of tz, whatever its offset that day.
    return sql`(${day}::timestamp AT TIME ZONE ${tz}::text)`;
  };
  return {
    q: q ? containing(q) : undefined,
    from: from ? dayStart(from) : undefined,
    to: to ? dayStart(dayAfter(to)) : undefined, // `to` is inclusive
    minCount: minCount || undefined,
    maxCount: maxCount || undefined,
    place: place ? containing(place) : undefined,
    outingId: outingId || undefined,
    flag: flag || undefined,
  };
}

/** The user's logs matching the filters whose bind values are given. */
function filterCondition(userId: Bind<string>, values: FilterValues) {
  const { q, from, to, minCount, maxCount, place, outingId, flag } = values;
  return and(
    eq(logs.userId, userId),
    // q is trimmed: it is found in a name exactly when it is found in the trimmed name.
    q ? or(keyMatches(logs.speciesKey, q), keyMatches(logs.scientificKey, q)) : undefined,
    from ? gte(logs.observedAt, from) : undefined,
    to ? lt(logs.observedAt, to) : undefined,
    minCount ? gte(logs.count, minCount) : undefined,
    maxCount ? lte(logs.count, maxCount) : undefined,
    place ? matchesIgnoringCase(logs.placeName, place) : undefined,
    // with the owner above: another user's outing matches none of this user's logs
    outingId ? eq(logs.outingId, outingId) : undefined,
    // only one flag so far: its value is the placeholder's, the condition the same
    flag ? sql`(${logs.unusual} IS NOT NULL AND ${flag}::text = 'unusual')` : undefined,
  );
}

/** The user's logs matching the list filters; from/to are whole days in `tz` (default UTC). */
export const filterWhere = (userId: string, filters: LogFilters, tz = 'UTC') =>
  filterCondition(userId, filterValues(filters, tz));

const logsNewestFirst = sql`${logs.observedAt} DESC, ${logs.createdAt} DESC, ${logs.id} DESC`;
// a fragment of its own: Drizzle names no table for the columns directly in a selected field
const rowNewestFirst = sql`${logRow.observedAt} DESC, ${logRow.createdAt} DESC, ${logRow.id} DESC`;

// The list is the most requested read: its page, photos and the user's logs version come in
// one statement, prepared by name, and the page is JSON text the server sends as it is.
// PostgreSQL keeps one plan for a prepared statement (a generic plan) only when that plan looks
// no costlier than one made for the values; otherwise it plans every time. So:
// - The app's page size is written into the statement, and so is the offset of the first
//   pages: an offset given as a parameter is costed as a tenth of the rows. Later pages and
//   other sizes are planned every time (docs/decisions/005-literal-offsets-for-pages-2-to-5.md).
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
          ORDER BY ${logsNewestFirst} LIMIT ${limit} ${offset}) ${sql.identifier(LOG_ROW)}`
      : sql`(SELECT ${logs}.* FROM (SELECT ${logs.id} FROM ${logs} WHERE ${where}
          ORDER BY ${logsNewestFirst} LIMIT ${limit} ${offset}) ${sql.identifier('page')}
          JOIN ${logs} USING (id)) ${sql.identifier(LOG_ROW)}`;
  const items = sql<string>`(SELECT '[' || coalesce(string_agg(${logRowJson}, ','
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
