import { useQuery } from '@tanstack/react-query';
import { sharedLogSchema } from '../../../common/logs/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A public log, fetched without cookies and never retried (SPEC §7). */
export const useSharedLog = (id: string) =>
  useQuery({
    queryKey: queryKeys.sharedLog(id),
    queryFn: ({ signal }) =>
      api(`/api/logs/shared/${encodeURIComponent(id)}`, sharedLogSchema, {
        signal,
        credentials: 'omit',
      }),
    retry: false,
  });
