import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accessTokenListSchema, createdAccessTokenSchema } from '../../../common/access-tokens';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// The account's personal access tokens (issue 37): a station posts its detections with one.

const TOKENS_PATH = '/api/account/tokens';
const noReply = { parse: () => undefined };

/** Every token made, newest first, revoked ones too; never their secrets. */
export const useAccessTokens = () =>
  useQuery({
    queryKey: queryKeys.account.tokens,
    queryFn: ({ signal }) => api(TOKENS_PATH, accessTokenListSchema, { signal }),
  });

/** Makes a token; its secret is in this reply only. */
export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api(TOKENS_PATH, createdAccessTokenSchema, { method: 'POST', body: { name } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.tokens }),
  });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`${TOKENS_PATH}/${encodeURIComponent(id)}`, noReply, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.tokens }),
  });
}
