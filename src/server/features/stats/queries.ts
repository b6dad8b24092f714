import { desc, sql } from 'drizzle-orm';
import type { StatsBucket, StatsRange, TopSpeciesRanking } from '../../../common/stats.js';
import type { Db } from '../../db/client.js';
import { logs } from '../../db/schema.js';
import { listKey, logFilterWhere, speciesUnit } from '../logs/index.js';

// SQL of the stats feature; only the user's own logs, days and buckets as the calendar reads in tz.

/**
 * A row as the lists show it (issue 32): subspecies and groups roll up to their species; a spuh,
 * slash or hybrid is a row of its own that counts as no species.
 */
const speciesKey = listKey;

// Sums come back as bigint/numeric, which the drivers hand over as text. A count is null for an
// X (present, not counted, issue 32): sum() passes over it, and a sum of none is null, so 0.
export const total = (expression: ReturnType<typeof sql>) => expression.mapWith(Number);

export const rangeWhere = (userId: string, { from, to, tz, outingId }: StatsRange) =>
  logFilterWhere(userId, { from, to, outingId }, tz);

/** A log that puts its species on the life list: as the lists count, never a captive one (issue 32). */
export const onLifeList = sql<boolean>`${speciesUnit} IS NOT NULL AND NOT ${logs.captive}`;

export async function sumLogs(db: Db, userId: string, range: StatsRange) {
  // Grouped per species first: a hash aggregate over a few hundred groups, where
  // count(distinct …) would sort every row (spilling to disk for a heavy user).
  const perSpecies = db
    .select({
      key: sql<string>`${speciesKey}`.as('key'),
      counted: sql<boolean>`${onLifeList}`.as('counted'),
      sightings: sql<number>`sum(${logs.count})`.as('sightings'),
      logCount: sql<number>`count(*)`.as('log_count'),
      uncounted: sql<number>`count(*) FILTER (WHERE ${logs.count} IS NULL)`.as('uncounted'),
    })
    .from(logs)
    .where(rangeWhere(userId, range))
    .groupBy(sql`1`, sql`2`)
    .as('per_species');
  const [row] = await db
    .select({
      totalSightings: total(sql`coalesce(sum(${perSpecies.sightings}), 0)`),
      uniqueSpecies: total(sql`count(*) FILTER (WHERE ${perSpecies.counted})`),
      totalLogs: total(sql`coalesce(sum(${perSpecies.logCount}), 0)`),
      uncountedLogs: total(sql`coalesce(sum(${perSpecies.uncounted}), 0)`),
    })
    .from(perSpecies);
  return row ?? { totalSightings: 0, uniqueSpecies: 0, totalLogs: 0, uncountedLogs: 0 };
}

/**
 * Most individuals (or most logs) first, ties by the species' key; each shown in its spelling
 * with the most logs, with both figures.
 */
export async function sumBySpecies(
  db: Db,
  userId: string,
  range: StatsRange,
  limit: number,
  by: TopSpeciesRanking,
) {
  const spellings = db.$with('spellings').as(
    db
      .select({
        key: sql<string>`${speciesKey}`.as('key'),
        spelling: sql<string>`trim(${logs.speciesCommon})`.as('spelling'),
        logCount: sql<number>`count(*)`.as('log_count'),
        sightings: sql<number>`sum(${logs.count})`.as('sightings'),
      })
      .from(logs)
      .where(rangeWhere(userId, range))
      .groupBy(sql`1`, sql`2`),
  );
  const totalCount = sql`coalesce(sum(${spellings.sightings}), 0)`;
  const logCount = sql`sum(${spellings.logCount})`;
  // COLLATE "C": ties break by code point, the same on both stores whatever their locale.
  return db
    .with(spellings)
    .select({
      species: sql<string>`(array_agg(${spellings.spelling} ORDER BY ${spellings.logCount} DESC, ${spellings.spelling} COLLATE "C"))[1]`,
      totalCount: total(totalCount),
      logCount: total(logCount),
    })
    .from(spellings)
    .groupBy(spellings.key)
    .orderBy(desc(by === 'logs' ? logCount : totalCount), sql`${spellings.key} COLLATE "C"`)
    .limit(limit);
}

/** Sightings per day, ISO week (Monday) or month, oldest first; empty buckets are left out. */
export async function sumByBucket(db: Db, userId: string, range: StatsRange, bucket: StatsBucket) {
  // Grouped on the truncated timestamp, formatted after: to_char once per bucket, not per row.
  // Positions, not expressions: the two bind the same values under different parameter numbers.
  const buckets = db
    .select({
      start: sql<Date>`date_trunc(${bucket}, ${logs.observedAt} AT TIME ZONE ${range.tz})`.as(
        'start',
      ),
      sightings: sql<number>`sum(${logs.count})`.as('sightings'),
    })
    .from(logs)
    .where(rangeWhere(userId, range))
    .groupBy(sql`1`)
    .as('buckets');
  return db
    .select({
      bucketStart: sql<string>`to_char(${buckets.start}, 'YYYY-MM-DD')`,
      totalCount: total(sql`coalesce(${buckets.sightings}, 0)`),
    })
    .from(buckets)
    .orderBy(buckets.start);
}
