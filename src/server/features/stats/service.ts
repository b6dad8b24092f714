import type { StatsRange, TimeSeriesQuery, TopSpeciesQuery } from '../../../common/stats.js';
import { isKnownTimeZone, type Db } from '../../db/client.js';
import { HttpError } from '../../http-error.js';
import type { LogsReadContext } from '../logs/index.js';
import { sumByBucket, sumBySpecies, sumLogs } from './queries.js';
import { sumListGrowth, sumSpeciesByPeriod } from './species-queries.js';

// Rules of the stats feature (ARCHITECTURE "Stats"); an empty range gives zeros, never an error.
// Each answer is computed once per version of the user's logs: a heavy user's statistics scan
// 100,000 rows, and the stats screen is read far more often than logs are written.

/** The schema knows the runtime's zones; the database must know the zone too. */
async function checkRange(db: Db, range: StatsRange): Promise<void> {
  if (!(await isKnownTimeZone(db, range.tz))) throw new HttpError(400, 'Unknown time zone');
}

/** One statistic of the user's logs for the query, from the cache while they are unchanged. */
function computeOnce<Q extends StatsRange, T>(
  name: string,
  sum: (db: Db, userId: string, query: Q) => Promise<T>,
) {
  return ({ db, logsResults }: LogsReadContext, userId: string, query: Q): Promise<T> =>
    logsResults.get(db, userId, JSON.stringify([name, query]), async () => {
      await checkRange(db, query);
      return sum(db, userId, query);
    });
}

export const getSummary = computeOnce('summary', sumLogs);

export const getTopSpecies = computeOnce('top-species', (db, userId, query: TopSpeciesQuery) =>
  sumBySpecies(db, userId, query, query.limit, query.by),
);

export const getTimeSeries = computeOnce('time-series', (db, userId, query: TimeSeriesQuery) =>
  sumByBucket(db, userId, query, query.bucket),
);

export const getListGrowth = computeOnce('list-growth', sumListGrowth);

export const getSpeciesByPeriod = computeOnce('species-by-period', sumSpeciesByPeriod);
