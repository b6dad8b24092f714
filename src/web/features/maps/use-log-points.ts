import { keepPreviousData, queryOptions, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { logFeatureCollectionSchema } from '../../../common/maps/geo';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { logPointsUrl } from '../../../common/maps/points-url';

const logPointsQuery = (filters: Record<string, string>) =>
  queryOptions({
    queryKey: queryKeys.logs.geo(filters),
    queryFn: ({ signal }) => api(logPointsUrl(filters), logFeatureCollectionSchema, { signal }),
  });

/** The map's sightings for the list's search and filters, newest first (see logPointsUrl). */
export function useLogPoints(filters: Record<string, string>) {
  // Starts the request while rendering: React commits a page revealed from Suspense up to
  // 300 ms later, and an effect-started query would wait for that commit.
  usePrefetchQuery(logPointsQuery(filters));
  return useQuery({
    ...logPointsQuery(filters),
    placeholderData: keepPreviousData, // the old markers stay while the filtered ones load
  });
}
