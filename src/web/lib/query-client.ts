import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError } from './api-client';

const LOGIN_REDIRECT_DELAY_MS = 500; // SPEC §9

let redirecting = false;

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * The `meta` of a call made while signed out (sign-in, sign-up, a reset link): its 401 is the
 * answer to show in the form ('Invalid email or password'), not a session that ended.
 */
export const SIGNED_OUT_CALL = { signedOutCall: true } as const;

/** SPEC §6: a 401 anywhere but the sign-in check means the session ended. */
function onUnauthorized() {
  if (redirecting) return;
  redirecting = true;
  toast.error('Unauthorized', {
    id: 'unauthorized',
    description: 'You are logged out. Logging in again...',
  });
  setTimeout(() => window.location.assign('/api/login'), LOGIN_REDIRECT_DELAY_MS);
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        // the current-user query turns its own 401 into "signed out" (features/auth/use-user.ts)
        if (isUnauthorized(error)) onUnauthorized();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isUnauthorized(error) && !mutation.meta?.signedOutCall) onUnauthorized();
      },
    }),
    defaultOptions: {
      // SPEC §7: no retries, no refetch on focus, no polling, never stale
      queries: {
        // offline, a read still goes out once: the service worker answers from its cache
        networkMode: 'offlineFirst',
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
