import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  invitationStatusSchema,
  registrationSchema,
  userSchema,
  type LoginPayload,
  type PasswordResetPayload,
  type PasswordResetRequestPayload,
  type RegisterPayload,
  type User,
} from '../../../common/auth/schemas';
import { api } from '@/lib/api-client';
import { SIGNED_OUT_CALL } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

function useSignedIn() {
  const queryClient = useQueryClient();
  return (user: User) => queryClient.setQueryData(queryKeys.auth.user, user);
}

export function useLogin() {
  const onSuccess = useSignedIn();
  return useMutation({
    meta: SIGNED_OUT_CALL,
    mutationFn: (payload: LoginPayload) =>
      api('/api/auth/login', userSchema, { method: 'POST', body: payload }),
    onSuccess,
  });
}

export function useRegister() {
  const onSuccess = useSignedIn();
  return useMutation({
    meta: SIGNED_OUT_CALL,
    mutationFn: (payload: RegisterPayload) =>
      api('/api/auth/register', userSchema, { method: 'POST', body: payload }),
    onSuccess,
  });
}

/** Sets the password with a reset link's token; signs this browser in. */
export function useResetPassword() {
  const onSuccess = useSignedIn();
  return useMutation({
    meta: SIGNED_OUT_CALL,
    mutationFn: (payload: PasswordResetPayload) =>
      api('/api/auth/password-reset', userSchema, { method: 'POST', body: payload }),
    onSuccess,
  });
}

const noReply = { parse: () => undefined };

/** Asks for a reset link by mail; the server answers the same whether the account exists. */
export function useRequestPasswordReset() {
  return useMutation({
    meta: SIGNED_OUT_CALL,
    mutationFn: (payload: PasswordResetRequestPayload) =>
      api('/api/auth/password-reset-request', noReply, { method: 'POST', body: payload }),
  });
}

/** Whether sign-up works without an invitation here: asked only when `enabled`. */
export function useRegistration(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.auth.registration,
    queryFn: ({ signal }) => api('/api/auth/registration', registrationSchema, { signal }),
    enabled,
    retry: false,
  });
}

/** Whether the invitation of the link the page was opened with can still be used. */
export function useInvitationStatus(token: string) {
  return useQuery({
    queryKey: queryKeys.auth.invitation(token),
    queryFn: ({ signal }) =>
      api('/api/auth/invitation', invitationStatusSchema, { query: { token }, signal }),
    retry: false,
  });
}
