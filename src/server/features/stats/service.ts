import type {
  StatsRange,
  StatsSummary,
  TimeSeries,
  TimeSeriesQuery,
  TopSpecies,
  TopSpeciesQuery,
} from '../../../common/stats.js';
import type { Db } from '../../db/client.js';
import { isKnownTimeZone } from '../../db/time-zones.js';
import { HttpError } from '../../http-error.js';
import { sumByBucket, sumBySpecies, sumLogs } from './queries.js';

// Rules of the stats feature (ARCHITECTURE "Stats"); an empty range gives zeros, never an error.

/** The schema knows the runtime's zones; the database must know the zone too. */
async function checkRange(db: Db, range: StatsRange): Promise<void> {
  if (!(await isKnownTimeZone(db, range.tz))) throw new HttpError(400, 'Unknown time zone');
}

export async function getSummary(db: Db, userId: string, range: StatsRange): Promise<StatsSummary> {
  await checkRange(db, range);
  return sumLogs(db, userId, range);
}

export async function getTopSpecies(
  db: Db,
  userId: string,
  query: TopSpeciesQuery,
): Promise<TopSpecies> {
  await checkRange(db, query);
  return sumBySpecies(db, userId, query, query.limit);
}

export async function getTimeSeries(
  db: Db,
  userId: string,
  query: TimeSeriesQuery,
): Promise<TimeSeries> {
  await checkRange(db, query);
  return sumByBucket(db, userId, query, query.bucket);
}
