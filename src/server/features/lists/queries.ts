import { sql, type SQL } from 'drizzle-orm';
import { dayAfter } from '../../../common/dates.js';
import { isoUtc, type Db } from '../../db/client.js';
import { logs, taxa } from '../../db/schema.js';
import { ianaZone } from '../../db/zone-names.js';
import { listKey } from '../logs/index.js';
import { shownName } from '../taxonomy/index.js';

// SQL of the species lists: the user's own logs, grouped per species (the logs' listKey: their
// species unit, else one row for each spuh, slash or hybrid, which counts as no species).

/**
 * Which of the user's logs a list holds (life: all of them), of one outing when it names one;
 * captive and cultivated ones only when `captive` is true.
 */
export type ListScope = (
  { kind: 'life' } | { kind: 'year'; year: number; tz: string } | { kind: 'place'; place: string }
) & { outingId?: string; captive?: boolean };

export interface ListRow {
  key: string;
  countsAsSpecies: boolean;
  taxonId: string | null;
  commonName: string;
  scientificName: string | null;
  firstObservedAt: string;
  firstLogId: string;
  firstTimeZone: string | null;
  firstTimeKnown: boolean;
  lastObservedAt: string;
  logs: number;
  individuals: number;
}

/**
 * The local calendar year of a log: at its own zone when the database knows that zone (its
 * time zone data may be older than the runtime's, which checked the name), else a date-only
 * log's noon UTC (as the app reads it) or the request's zone for a log with a time.
 */
const localYear = (tz: string) => sql`date_part('year', ${logs.observedAt} AT TIME ZONE
  CASE WHEN ${logs.timeZone} IN (SELECT name FROM pg_timezone_names) THEN ${logs.timeZone}
    WHEN NOT ${logs.timeKnown} THEN 'UTC' ELSE ${tz}::text END)`;

/** The condition a log of the list meets, besides its owner. */
function scopeCondition(scope: ListScope): SQL {
  const kind = kindCondition(scope);
  const wild = scope.captive ? kind : sql`${kind} AND NOT ${logs.captive}`;
  return scope.outingId ? sql`${wild} AND ${logs.outingId} = ${scope.outingId}` : wild;
}

function kindCondition(scope: ListScope): SQL {
  switch (scope.kind) {
    case 'life':
      return sql`true`;
    case 'year': {
      // Local dates lie within 14 hours of UTC: a day's margin each side keeps the range on the
      // index (user_id, observed_at), and the exact test runs on that year's logs only.
      // Written as days (dayAfter): the day after 9999's margin is in the year 10000.
      const newYear = `${String(scope.year).padStart(4, '0')}-01-01`;
      const from = dayAfter(newYear, -1);
      const to = dayAfter(newYear, 366 + 1); // past the next new year's day, in a leap year too
      const utcDay = (day: string) => sql`(${day}::timestamp AT TIME ZONE 'UTC')`;
      return sql`${logs.observedAt} >= ${utcDay(from)} AND ${logs.observedAt} < ${utcDay(to)}
        AND ${localYear(scope.tz)} = ${scope.year}`;
    }
    case 'place':
      // the place name whole, ignoring case and the spaces around it
      return sql`lower(trim(${logs.placeName})) = lower(${scope.place})`;
  }
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * One row per species of the user's logs in the scope, in no particular order. The logs are read
 * once, grouped by species and spelling (a hash aggregate over a few thousand groups at most);
 * the rest works on those groups: the most used spellings, the first log of each species (found
 * through logs_user_newest_idx by its time), and the taxon's names.
 */
export async function listSpecies(
  db: Db,
  userId: string,
  scope: ListScope,
  language: string,
): Promise<ListRow[]> {
  const result = await db.execute(listStatement(userId, scope, language));
  return rowsOf<ListRow>(result).map((row) => ({
    ...row,
    logs: Number(row.logs),
    individuals: Number(row.individuals),
  }));
}

/** The statement of `listSpecies` (bench/lists.mjs explains it). */
export function listStatement(userId: string, scope: ListScope, language: string): SQL {
  const inScope = sql`${logs.userId} = ${userId} AND ${scopeCondition(scope)}`;
  return sql`
    WITH names AS MATERIALIZED (
      -- the logs grouped by their stored names first: the regular expressions and the taxon
      -- below then run once a group, not once a log (issue 38: a life list of 100,000 logs went
      -- from 850 to 200 ms on PostgreSQL, from 1,350 to 360 ms on PGlite)
      SELECT ${listKey} AS key, ${logs.speciesUnit} AS unit, ${logs.taxonId} AS taxon_id,
        ${logs.speciesCommon} AS common, ${logs.speciesScientific} AS scientific,
        count(*) AS logs, sum(${logs.count}) AS individuals,
        min(${logs.observedAt}) AS first_at, max(${logs.observedAt}) AS last_at
      FROM ${logs} WHERE ${inScope}
      GROUP BY 1, 2, 3, 4, 5
    ), spellings AS MATERIALIZED (
      SELECT n.key, n.unit IS NOT NULL AS counted,
        -- the taxon that names the row: the species itself, not one of its subspecies
        CASE WHEN n.unit IS NULL OR n.unit = 'sci:' || species_binomial(${taxa.scientificName})
          THEN n.taxon_id END AS taxon_id,
        -- spellings of a subspecies or group ('Barn Owl (Eurasian)') name the species last
        n.unit IS NOT NULL AND (n.common ~ '[\(\[]'
          OR coalesce(n.scientific, '') ~ '^\s*\S+\s+\S+\s+\S') AS below,
        trim(n.common) AS common, nullif(trim(n.scientific), '') AS scientific,
        sum(n.logs) AS logs, sum(n.individuals) AS individuals,
        min(n.first_at) AS first_at, max(n.last_at) AS last_at
      FROM names n LEFT JOIN ${taxa} ON ${taxa.id} = n.taxon_id
      GROUP BY 1, 2, 3, 4, 5, 6
    ), species AS MATERIALIZED (
      SELECT key, bool_or(counted) AS counted, min(taxon_id) AS taxon_id, sum(logs) AS logs,
        sum(individuals) AS individuals,
        min(first_at) AS first_at, max(last_at) AS last_at
      FROM spellings GROUP BY key
    ), commons AS (
      -- each species' spelling with the most logs; ties by code point, alike on both stores
      SELECT DISTINCT ON (key) key, common FROM (
        SELECT key, common, bool_and(below) AS below, sum(logs) AS logs
        FROM spellings GROUP BY key, common) c
      ORDER BY key, below, logs DESC, common COLLATE "C"
    ), scientifics AS (
      SELECT DISTINCT ON (key) key, scientific FROM (
        SELECT key, scientific, bool_and(below) AS below, sum(logs) AS logs FROM spellings
        WHERE scientific IS NOT NULL GROUP BY key, scientific) x
      ORDER BY key, below, logs DESC, scientific COLLATE "C"
    ), firsts AS (
      -- each species with its first log, found by its time through logs_user_newest_idx
      SELECT DISTINCT ON (s.key) s.*, ${logs.id} AS first_id, ${ianaZone(logs.timeZone)} AS time_zone,
        ${logs.timeKnown} AS time_known
      FROM species s JOIN ${logs} ON ${logs.observedAt} = s.first_at AND ${inScope}
        AND ${listKey} = s.key
      ORDER BY s.key, ${logs.createdAt}, ${logs.id}
    )
    SELECT s.key, s.counted AS "countsAsSpecies", s.taxon_id AS "taxonId",
      coalesce(${shownName(sql`s.taxon_id`, language)}, c.common) AS "commonName",
      coalesce(t.scientific_name, x.scientific) AS "scientificName",
      ${isoUtc(sql`s.first_at`)} AS "firstObservedAt", s.first_id AS "firstLogId",
      s.time_zone AS "firstTimeZone", s.time_known AS "firstTimeKnown",
      ${isoUtc(sql`s.last_at`)} AS "lastObservedAt",
      s.logs::int AS logs, s.individuals::bigint AS individuals
    FROM firsts s JOIN commons c USING (key)
      LEFT JOIN scientifics x USING (key) LEFT JOIN ${taxa} t ON t.id = s.taxon_id`;
}
