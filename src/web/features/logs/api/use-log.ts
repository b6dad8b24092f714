import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { logSchema, type Log } from '../../../../common/logs/schemas';
import { logApiPath } from '../../../../common/routes';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useOfflineWrites, withPendingEdit, type QueuedWrite } from '@/features/offline';

export const logQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.logs.detail(id),
    queryFn: ({ signal }) => api(logApiPath(id), logSchema, { signal }),
  });

/**
 * The log as the writes waiting for the connection will leave it: edited, or null when its
 * deletion waits. Offline, a reload gets the log the service worker kept from before them.
 */
export function useLog(id: string) {
  const { data: offline } = useOfflineWrites();
  const waiting = useMemo(
    () => offline?.queued.filter((write) => write.path === logApiPath(id)) ?? [],
    [offline, id],
  );
  const select = useCallback(
    (log: Log) => waiting.reduce<Log | null>(withWaitingWrite, log),
    [waiting],
  );
  return useQuery({ ...logQuery(id), select });
}

/** The log after a write that waits for the connection; null once deleted. */
function withWaitingWrite(log: Log | null, write: QueuedWrite): Log | null {
  if (!log || write.method === 'DELETE') return null;
  return write.method === 'PUT' && write.body ? withPendingEdit(log, write.body) : log;
}
