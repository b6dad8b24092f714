import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminUserListSchema,
  adminUserSchema,
  invitationListSchema,
  newInvitationSchema,
  resetLinkSchema,
  type AdminUserUpdate,
} from '../../../common/admin';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const noReply = { parse: () => undefined };

export function useAdminUsers() {
  return useQuery({
    queryKey: queryKeys.admin.users,
    queryFn: ({ signal }) => api('/api/admin/users', adminUserListSchema, { signal }),
  });
}

export function useInvitations() {
  return useQuery({
    queryKey: queryKeys.admin.invitations,
    queryFn: ({ signal }) => api('/api/admin/invitations', invitationListSchema, { signal }),
  });
}

/** Disable, enable, quota, role; the list (and who is signed in, if that was us) follows. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: AdminUserUpdate }) =>
      api(`/api/admin/users/${encodeURIComponent(id)}`, adminUserSchema, {
        method: 'PATCH',
        body: update,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.users });
      await queryClient.invalidateQueries({ queryKey: queryKeys.auth.user });
    },
  });
}

export function useMakeResetLink() {
  return useMutation({
    mutationFn: (userId: string) =>
      api(`/api/admin/users/${encodeURIComponent(userId)}/password-reset`, resetLinkSchema, {
        method: 'POST',
      }),
  });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/admin/invitations', newInvitationSchema, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.invitations }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/admin/invitations/${encodeURIComponent(id)}`, noReply, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.invitations }),
  });
}
