import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { userReply } from './user-reply';

export const userQuery = queryOptions({
  queryKey: queryKeys.auth.user,
  queryFn: async ({ signal }) => {
    try {
      return await api('/api/auth/user', userReply, { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null; // signed out
      throw error;
    }
  },
  retry: false, // SPEC §7
});

/** SPEC §4: loading, signed in or signed out, from whether the current-user call returns data. */
export function useUser() {
  const { data, isPending } = useQuery(userQuery);
  return { user: data ?? null, isLoading: isPending };
}
