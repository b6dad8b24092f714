import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  createdLogSchema,
  logSchema,
  type Log,
  type LogList,
  type LogWriteInput,
} from '../../../../common/logs/schemas';
import { logApiPath } from '../../../../common/routes';
import { api } from '@/lib/api-client';
import { afterLogWrite, currentUserId, queryKeys } from '@/lib/query-keys';
import { QUEUED, sendOrQueue, withPendingEdit } from '@/features/offline';
import { withoutLogs } from './use-logs';

/** Writes run offline too: they are queued then (features/offline), not paused. */
const writeOptions = { networkMode: 'always' } as const;

const refreshAfterWrite = (queryClient: QueryClient, result: unknown) =>
  (result === QUEUED ? [queryKeys.offlineWrites] : afterLogWrite).forEach(
    (queryKey) => void queryClient.invalidateQueries({ queryKey }),
  );

/**
 * Creates a log. `idempotencyKey` is the form's: every try of one form carries it, so a second
 * try after a lost reply answers the log the first made instead of making another.
 */
export function useCreateLog() {
  const queryClient = useQueryClient();
  return useMutation({
    ...writeOptions,
    mutationFn: ({ payload, idempotencyKey }: { payload: LogWriteInput; idempotencyKey: string }) =>
      sendOrQueue(
        {
          id: idempotencyKey,
          userId: currentUserId(queryClient),
          method: 'POST',
          path: '/api/logs',
          body: payload,
          species: payload.speciesCommon,
        },
        (headers) => api('/api/logs', createdLogSchema, { method: 'POST', body: payload, headers }),
      ),
    onSuccess: (result) => refreshAfterWrite(queryClient, result),
  });
}

export function useUpdateLog(id: string) {
  const queryClient = useQueryClient();
  const path = logApiPath(id);
  return useMutation({
    ...writeOptions,
    mutationFn: (payload: LogWriteInput) =>
      sendOrQueue(
        {
          userId: currentUserId(queryClient),
          method: 'PUT',
          path,
          body: payload,
          species: payload.speciesCommon,
        },
        () => api(path, logSchema, { method: 'PUT', body: payload }),
      ),
    onSuccess: (result, payload) => {
      queryClient.setQueryData<Log>(queryKeys.logs.detail(id), (log) =>
        result !== QUEUED ? result : log && withPendingEdit(log, payload),
      );
      refreshAfterWrite(queryClient, result);
    },
  });
}

/** A log this page has seen, from its details or any list page. */
function cachedLog(queryClient: QueryClient, id: string): Log | undefined {
  const detail = queryClient.getQueryData<Log>(queryKeys.logs.detail(id));
  if (detail) return detail;
  for (const [, list] of queryClient.getQueriesData<LogList>({ queryKey: queryKeys.logs.all })) {
    const found = list?.items?.find((log) => log.id === id);
    if (found) return found;
  }
  return undefined;
}

/** A sharing update refreshes logs only (SPEC §7). */
export function useUpdateSharing(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: LogWriteInput) =>
      api(logApiPath(id), logSchema, { method: 'PUT', body: payload }),
    onSuccess: (log) => {
      queryClient.setQueryData(queryKeys.logs.detail(id), log);
      void queryClient.invalidateQueries({ queryKey: queryKeys.logs.all });
    },
  });
}

export function useDeleteLog() {
  const queryClient = useQueryClient();
  return useMutation({
    ...writeOptions,
    mutationFn: (id: string) => {
      const path = logApiPath(id);
      const species = cachedLog(queryClient, id)?.speciesCommon ?? 'Log';
      return sendOrQueue(
        { userId: currentUserId(queryClient), method: 'DELETE', path, species },
        () => api(path, z.undefined(), { method: 'DELETE' }),
      );
    },
    onSuccess: (result, id) => {
      // dropped before the refresh: an open details page must not refetch it into a 404
      queryClient.removeQueries({ queryKey: queryKeys.logs.detail(id), exact: true });
      if (result === QUEUED) {
        queryClient.setQueriesData<LogList>({ queryKey: queryKeys.logs.all }, (list) =>
          list?.items ? withoutLogs(list, new Set([logApiPath(id)])) : list,
        );
      }
      refreshAfterWrite(queryClient, result);
    },
  });
}
