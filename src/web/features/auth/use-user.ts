import { queryOptions, useQuery } from '@tanstack/react-query';
import { CURRENT_USER_URL, SESSION_HINT_COOKIE } from '../../../common/routes';
import { api, ApiError } from '@/lib/api-client';
import { requestEarly } from '@/lib/early-requests';
import { queryKeys } from '@/lib/query-keys';
import { userReply } from './user-reply';

/** Whether this browser holds a session: signed out, no one is asked (and no 401 is logged). */
export const mayBeSignedIn = () =>
  document.cookie.split(';').some((cookie) => cookie.trim().startsWith(`${SESSION_HINT_COOKIE}=`));

/** Asks who is signed in before React renders: every page waits for the answer (main.tsx). */
export const preloadUser = () => {
  if (mayBeSignedIn()) requestEarly(CURRENT_USER_URL);
};

export const userQuery = queryOptions({
  queryKey: queryKeys.auth.user,
  queryFn: async ({ signal }) => {
    if (!mayBeSignedIn()) return null; // signed out
    try {
      return await api(CURRENT_USER_URL, userReply, { signal });
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
