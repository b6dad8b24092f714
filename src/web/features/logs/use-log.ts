import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  locationListSchema,
  logSchema,
  speciesListSchema,
  type LogWriteInput,
} from '../../../common/logs';
import { importResultSchema } from '../../../common/import';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const logQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.logs.detail(id),
    queryFn: ({ signal }) => api(`/api/logs/${encodeURIComponent(id)}`, logSchema, { signal }),
  });

export const useLog = (id: string) => useQuery(logQuery(id));

export const useSpecies = () =>
  useQuery({
    queryKey: queryKeys.species,
    queryFn: ({ signal }) => api('/api/species', speciesListSchema, { signal }),
  });

export const useLocations = () =>
  useQuery({
    queryKey: queryKeys.locations,
    queryFn: ({ signal }) => api('/api/locations', locationListSchema, { signal }),
  });

// SPEC §7 cache refresh: a create, update or delete refreshes logs, species and locations
const afterWrite = [
  queryKeys.logs.all,
  queryKeys.species,
  queryKeys.locations,
  queryKeys.stats.all,
];

export function useCreateLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: LogWriteInput) =>
      api('/api/logs', logSchema, { method: 'POST', body: payload }),
    onSuccess: () =>
      afterWrite.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey })),
  });
}

export function useUpdateLog(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: LogWriteInput) =>
      api(`/api/logs/${encodeURIComponent(id)}`, logSchema, { method: 'PUT', body: payload }),
    onSuccess: (log) => {
      queryClient.setQueryData(queryKeys.logs.detail(id), log);
      afterWrite.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));
    },
  });
}

/** A sharing update refreshes logs only (SPEC §7). */
export function useUpdateSharing(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: LogWriteInput) =>
      api(`/api/logs/${encodeURIComponent(id)}`, logSchema, { method: 'PUT', body: payload }),
    onSuccess: (log) => {
      queryClient.setQueryData(queryKeys.logs.detail(id), log);
      void queryClient.invalidateQueries({ queryKey: queryKeys.logs.all });
    },
  });
}

export function useDeleteLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/logs/${encodeURIComponent(id)}`, z.undefined(), { method: 'DELETE' }),
    onSuccess: (_, id) => {
      // dropped before the refresh: an open details page must not refetch it into a 404
      queryClient.removeQueries({ queryKey: queryKeys.logs.detail(id), exact: true });
      afterWrite.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));
    },
  });
}

/** Imports a CSV file (all rows or none); a 422 ApiError carries the rejected rows. */
export function useImportLogs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      api('/api/import', importResultSchema, {
        method: 'POST',
        // .csv files reach browsers with assorted types; the server reads the bytes as CSV
        body: file.type ? file : new Blob([file], { type: 'text/csv' }),
      }),
    onSuccess: () =>
      afterWrite.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey })),
  });
}
