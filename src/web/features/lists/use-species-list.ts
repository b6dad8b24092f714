import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { speciesListReplySchema } from '../../../common/lists';
import { locationListSchema } from '../../../common/logs/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The list for the query; idle while a place list has no place yet. */
export const useSpeciesList = (query: Record<string, string> | undefined) =>
  useQuery({
    queryKey: queryKeys.lists.list(query ?? {}),
    queryFn: ({ signal }) => api('/api/lists', speciesListReplySchema, { query, signal }),
    enabled: query !== undefined,
    // switching sort or year keeps the last list on screen until the next one comes
    placeholderData: keepPreviousData,
  });

/** The user's place names (the log form's suggestions, under the same key). */
export const usePlaces = () =>
  useQuery({
    queryKey: queryKeys.locations,
    queryFn: ({ signal }) => api('/api/locations', locationListSchema, { signal }),
  });
