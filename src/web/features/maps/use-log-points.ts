import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { GEO_MAX_LIMIT, logFeatureCollectionSchema } from '../../../common/geo';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The map's sightings for the list's search and filters: one page of up to 100,000, newest first. */
export const useLogPoints = (filters: Record<string, string>) =>
  useQuery({
    queryKey: queryKeys.logs.geo(filters),
    queryFn: ({ signal }) =>
      api('/api/logs/geo', logFeatureCollectionSchema, {
        query: { ...filters, limit: GEO_MAX_LIMIT },
        signal,
      }),
    placeholderData: keepPreviousData, // the old markers stay while the filtered ones load
  });
