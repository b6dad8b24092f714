import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  outingDetailsSchema,
  outingListSchema,
  outingSchema,
  type OutingDetails,
  type OutingWriteInput,
} from '../../../common/outings/schemas';
import { outingApiPath } from '../../../common/routes';
import { api } from '@/lib/api-client';
import { afterLogWrite, queryKeys } from '@/lib/query-keys';

/** A page of the user's outings, newest first, with their species and individuals. */
export const useOutings = (page: number) =>
  useQuery({
    queryKey: queryKeys.outings.list(page),
    queryFn: ({ signal }) =>
      api('/api/outings', outingListSchema, {
        query: { page: page > 1 ? page : undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** One outing with its logs, oldest observed first. */
export const useOuting = (id: string) =>
  useQuery({
    queryKey: queryKeys.outings.detail(id),
    queryFn: ({ signal }) => api(outingApiPath(id), outingDetailsSchema, { signal }),
  });

/** PUT the whole outing; the page shows the reply at once, with its logs as they were. */
export function useUpdateOuting(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: OutingWriteInput) =>
      api(outingApiPath(id), outingSchema, { method: 'PUT', body: payload }),
    onSuccess: (outing) => {
      queryClient.setQueryData<OutingDetails>(queryKeys.outings.detail(id), (old) =>
        old ? { ...old, ...outing } : old,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.outings.all });
      // its logs' public pages and lists may read the outing
      void queryClient.invalidateQueries({ queryKey: queryKeys.logs.all });
    },
  });
}

/** DELETE the outing, with its logs or keeping them (detached from it). */
export function useDeleteOuting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, withLogs }: { id: string; withLogs: boolean }) =>
      api(outingApiPath(id), z.undefined(), {
        method: 'DELETE',
        query: { withLogs: String(withLogs) },
      }),
    onSuccess: (_, { id }) => {
      queryClient.removeQueries({ queryKey: queryKeys.outings.detail(id) });
      afterLogWrite.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));
    },
  });
}
