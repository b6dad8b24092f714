import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { logListSchema, type LogPageQuery } from '../../../common/logs';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const logsQuery = (query: LogPageQuery) =>
  queryOptions({
    queryKey: queryKeys.logs.list(query),
    queryFn: ({ signal }) => api('/api/logs', logListSchema, { query, signal }),
    placeholderData: keepPreviousData, // the old page stays while the next one loads
  });

export const useLogs = (query: LogPageQuery) => useQuery(logsQuery(query));
