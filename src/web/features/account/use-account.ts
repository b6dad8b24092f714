import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountSchema,
  accountSessionsSchema,
  type Account,
  type AccountDeletion,
  type AccountUpdate,
  type PasswordChange,
  trustedViewerListSchema,
  trustedViewerSchema,
} from '../../../common/account/schemas';
import {
  PHOTO_POSITION_FIX_MAX,
  photoPositionFixResultSchema,
  photoPositionsSchema,
  type PhotoPosition,
} from '../../../common/account/photo-positions';
import { api } from '@/lib/api-client';
import { afterLogWrite, queryKeys } from '@/lib/query-keys';

// The account page's calls (ARCHITECTURE "Later contracts", Accounts).

/** GET /api/account: profile, data licence and storage (the export dialog reads the licence). */
export const accountQuery = queryOptions({
  queryKey: queryKeys.account.profile,
  queryFn: ({ signal }) => api('/api/account', accountSchema, { signal }),
});
export const useAccount = () => useQuery(accountQuery);

export const useAccountSessions = () =>
  useQuery({
    queryKey: queryKeys.account.sessions,
    queryFn: ({ signal }) => api('/api/account/sessions', accountSessionsSchema, { signal }),
  });

const noReply = { parse: () => undefined };

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: AccountUpdate) =>
      api('/api/account', accountSchema, { method: 'PUT', body: update }),
    onSuccess: (account: Account) => {
      queryClient.setQueryData(queryKeys.account.profile, account);
      // the header's name and avatar
      return queryClient.invalidateQueries({ queryKey: queryKeys.auth.user });
    },
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PasswordChange) =>
      api('/api/account/password', noReply, { method: 'PUT', body: change }),
    // the other sessions have ended
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.sessions }),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/account/sessions/${encodeURIComponent(id)}`, noReply, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.sessions }),
  });
}

export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (deletion: AccountDeletion) =>
      api('/api/account', noReply, { method: 'DELETE', body: deletion }),
  });

/** GET /api/account/photo-positions, once `asked`: it reads every photo's original. */
export const usePhotoPositions = (asked: boolean) =>
  useQuery({
    queryKey: queryKeys.account.photoPositions,
    queryFn: ({ signal }) => api('/api/account/photo-positions', photoPositionsSchema, { signal }),
    enabled: asked,
  });

/** Fixes the logs named (in turns of the server's limit); the list keeps those left as they were. */
export function useFixPhotoPositions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (logIds: string[]) => {
      const fixed: string[] = [];
      for (let start = 0; start < logIds.length; start += PHOTO_POSITION_FIX_MAX) {
        const body = { logIds: logIds.slice(start, start + PHOTO_POSITION_FIX_MAX) };
        const reply = await api('/api/account/photo-positions/fix', photoPositionFixResultSchema, {
          method: 'POST',
          body,
        });
        fixed.push(...reply.fixed);
      }
      return fixed;
    },
    onSuccess: (fixed) => {
      const done = new Set(fixed);
      queryClient.setQueryData<PhotoPosition[]>(queryKeys.account.photoPositions, (found) =>
        found?.filter(({ logId }) => !done.has(logId)),
      );
      afterLogWrite.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));
    },
  });
}

/** GET /api/account/trusted-viewers: who sees the exact places of the user's obscured logs. */
export const useTrustedViewers = () =>
  useQuery({
    queryKey: queryKeys.account.trustedViewers,
    queryFn: ({ signal }) =>
      api('/api/account/trusted-viewers', trustedViewerListSchema, { signal }),
  });

export function useAddTrustedViewer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      api('/api/account/trusted-viewers', trustedViewerSchema, {
        method: 'POST',
        body: { email },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.trustedViewers }),
  });
}

export function useRemoveTrustedViewer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/account/trusted-viewers/${encodeURIComponent(id)}`, noReply, {
        method: 'DELETE',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.trustedViewers }),
  });
}
