import { useQuery } from '@tanstack/react-query';
import { sharedLogSchema } from '../../../common/logs/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * A public log, never retried (SPEC §7). Sent with the session, unlike SPEC §7's call: a signed-in
 * trusted viewer or reviewer sees the exact place of an obscured log (issue 35).
 */
export const useSharedLog = (id: string) =>
  useQuery({
    queryKey: queryKeys.sharedLog(id),
    queryFn: ({ signal }) =>
      api(`/api/logs/shared/${encodeURIComponent(id)}`, sharedLogSchema, { signal }),
    retry: false,
  });
