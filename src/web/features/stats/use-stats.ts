import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  listGrowthSchema,
  speciesByPeriodSchema,
  statsSummarySchema,
  timeSeriesSchema,
  TOP_SPECIES_LIMIT,
  topSpeciesSchema,
  type StatsBucket,
  type TopSpeciesRanking,
} from '../../../common/stats';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// The stats calls share one range query: tz always, from/to when set (SPEC §7).
type RangeQuery = Record<string, string>;

export const useStatsSummary = (range: RangeQuery) =>
  useQuery({
    queryKey: queryKeys.stats.summary(range),
    queryFn: ({ signal }) =>
      api('/api/stats/summary', statsSummarySchema, { query: range, signal }),
    placeholderData: keepPreviousData,
  });

/** The ten most counted or most logged species (issue 23), with the ranking they answer. */
export const useTopSpecies = (range: RangeQuery, by: TopSpeciesRanking) =>
  useQuery({
    queryKey: queryKeys.stats.topSpecies({ ...range, by }),
    // the ranking travels with its rows: while the other one loads, the bars on screen keep
    // their own title and values
    queryFn: async ({ signal }) => ({
      by,
      species: await api('/api/stats/top-species', topSpeciesSchema, {
        // SPEC §9: fixed at 10; `by` only when not the default, as SPEC §7 lists the call
        query: { ...range, ...(by === 'logs' && { by }), limit: TOP_SPECIES_LIMIT },
        signal,
      }),
    }),
    placeholderData: keepPreviousData,
  });

export const useTimeSeries = (range: RangeQuery, bucket: StatsBucket) =>
  useQuery({
    queryKey: queryKeys.stats.timeSeries(range, bucket),
    // the bucket travels with its points: while the next bucket loads, the previous points
    // stay on screen and must keep their own labels
    queryFn: async ({ signal }) => ({
      bucket,
      points: await api('/api/stats/time-series', timeSeriesSchema, {
        query: { ...range, bucket },
        signal,
      }),
    }),
    placeholderData: keepPreviousData,
  });

/** The species list's growth over the range (issue 34). */
export const useListGrowth = (range: RangeQuery) =>
  useQuery({
    queryKey: queryKeys.stats.listGrowth(range),
    queryFn: ({ signal }) =>
      api('/api/stats/list-growth', listGrowthSchema, { query: range, signal }),
    placeholderData: keepPreviousData,
  });

/** Distinct species per month and per year (issue 34). */
export const useSpeciesByPeriod = (range: RangeQuery) =>
  useQuery({
    queryKey: queryKeys.stats.speciesByPeriod(range),
    queryFn: ({ signal }) =>
      api('/api/stats/species-by-period', speciesByPeriodSchema, { query: range, signal }),
    placeholderData: keepPreviousData,
  });
