import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  userSchema,
  type LoginPayload,
  type RegisterPayload,
  type User,
} from '../../../common/auth/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

function useSignedIn() {
  const queryClient = useQueryClient();
  return (user: User) => queryClient.setQueryData(queryKeys.auth.user, user);
}

export function useLogin() {
  const onSuccess = useSignedIn();
  return useMutation({
    mutationFn: (payload: LoginPayload) =>
      api('/api/auth/login', userSchema, { method: 'POST', body: payload }),
    onSuccess,
  });
}

export function useRegister() {
  const onSuccess = useSignedIn();
  return useMutation({
    mutationFn: (payload: RegisterPayload) =>
      api('/api/auth/register', userSchema, { method: 'POST', body: payload }),
    onSuccess,
  });
}
