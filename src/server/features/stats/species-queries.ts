import { sql } from 'drizzle-orm';
import type { StatsRange } from '../../../common/stats.js';
import type { Db } from '../../db/client.js';
import { logs } from '../../db/schema.js';
import { speciesUnit } from '../logs/index.js';
import { onLifeList, rangeWhere, total } from './queries.js';

// SQL of the species statistics (issue 34): what the life list counts (a species unit, never a
// captive log; an X counts its species), of the logs in the range, days as the calendar reads in tz.

/**
 * Each day a species was first seen in the range, with how many were and the list's size at
 * its end; oldest first.
 */
export async function sumListGrowth(db: Db, userId: string, range: StatsRange) {
  // One row per species first (a hash aggregate over its species), then per day.
  const firsts = db
    .select({
      firstAt: sql<Date>`min(${logs.observedAt})`.as('first_at'),
    })
    .from(logs)
    .where(sql`${rangeWhere(userId, range)} AND ${onLifeList}`)
    .groupBy(speciesUnit)
    .as('firsts');
  const days = db
    .select({
      day: sql<Date>`date_trunc('day', ${firsts.firstAt} AT TIME ZONE ${range.tz})`.as('day'),
      added: sql<number>`count(*)`.as('added'),
    })
    .from(firsts)
    .groupBy(sql`1`)
    .as('days');
  return db
    .select({
      day: sql<string>`to_char(${days.day}, 'YYYY-MM-DD')`,
      newSpecies: total(sql`${days.added}`),
      totalSpecies: total(sql`sum(${days.added}) OVER (ORDER BY ${days.day})`),
    })
    .from(days)
    .orderBy(days.day);
}

/** Distinct species of each calendar month and year with any, oldest first. */
export async function sumSpeciesByPeriod(db: Db, userId: string, range: StatsRange) {
  // Each species once a month; a year's are those of its months, counted once.
  const seen = db
    .select({
      month: sql<Date>`date_trunc('month', ${logs.observedAt} AT TIME ZONE ${range.tz})`.as(
        'month',
      ),
      unit: sql<string>`${speciesUnit}`.as('unit'),
    })
    .from(logs)
    .where(sql`${rangeWhere(userId, range)} AND ${onLifeList}`)
    .groupBy(sql`1`, sql`2`)
    .as('seen');
  const months = db
    .select({
      periodStart: sql<string>`to_char(${seen.month}, 'YYYY-MM-DD')`,
      species: total(sql`count(*)`),
    })
    .from(seen)
    .groupBy(seen.month)
    .orderBy(seen.month);
  const year = sql`date_trunc('year', ${seen.month})`;
  const years = db
    .select({
      periodStart: sql<string>`to_char(${year}, 'YYYY-MM-DD')`,
      species: total(sql`count(DISTINCT ${seen.unit})`),
    })
    .from(seen)
    .groupBy(year)
    .orderBy(year);
  const [byMonth, byYear] = await Promise.all([months, years]);
  return { months: byMonth, years: byYear };
}
