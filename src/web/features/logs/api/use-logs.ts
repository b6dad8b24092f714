import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { logListSchema, type LogList, type LogPageQuery } from '../../../../common/logs/schemas';
import { logApiPath } from '../../../../common/routes';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useOfflineWrites } from '@/features/offline';

export const logsQuery = (query: LogPageQuery) =>
  queryOptions({
    queryKey: queryKeys.logs.list(query),
    queryFn: ({ signal }) => api('/api/logs', logListSchema, { query, signal }),
    placeholderData: keepPreviousData, // the old page stays while the next one loads
  });

/** The list without the logs at `paths` (their API paths), and its total without them. */
export function withoutLogs(list: LogList, paths: ReadonlySet<string>): LogList {
  const items = list.items.filter((log) => !paths.has(logApiPath(log.id)));
  if (items.length === list.items.length) return list;
  return { items, total: list.total - (list.items.length - items.length) };
}

/**
 * A page of the list, without the logs whose deletion waits for the connection: offline, a
 * reload gets the list the service worker kept from before the deletion.
 */
export function useLogs(query: LogPageQuery) {
  const { data: offline } = useOfflineWrites();
  const deleting = useMemo(
    () => new Set(offline?.queued.filter((write) => write.method === 'DELETE').map((w) => w.path)),
    [offline],
  );
  const select = useCallback((list: LogList) => withoutLogs(list, deleting), [deleting]);
  return useQuery({ ...logsQuery(query), select });
}

/** Whether the account has any log at all (a search that found none says nothing of it). */
export const useHasLogs = (enabled: boolean) =>
  useQuery({
    ...logsQuery({ page: 1, pageSize: 1 }),
    enabled,
    select: (list: LogList) => list.total > 0,
  });
