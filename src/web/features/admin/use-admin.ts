import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminUserListSchema,
  adminUserSchema,
  invitationListSchema,
  newInvitationSchema,
  resetLinkSchema,
  type AdminUserUpdate,
} from '../../../common/admin';
import { occurrenceStatusSchema } from '../../../common/occurrence-api';
import {
  sensitiveImportResultSchema,
  sensitiveTaxonListSchema,
  sensitiveTaxonSchema,
  type SensitiveLevel,
  type SensitiveTaxonWrite,
} from '../../../common/sensitive-taxa';
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

/** The sensitive taxa (issue 35): rules that keep their logs obscured or private to others. */
export function useSensitiveTaxa() {
  return useQuery({
    queryKey: queryKeys.admin.sensitiveTaxa,
    queryFn: ({ signal }) => api('/api/admin/sensitive-taxa', sensitiveTaxonListSchema, { signal }),
  });
}

const ruleUrl = (id: string) => `/api/admin/sensitive-taxa/${encodeURIComponent(id)}`;

/** A mutation of the sensitive taxa, after which the list is read again. */
function useRulesMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.sensitiveTaxa }),
  });
}

/** Adds a rule, or changes the one of the same name and area. */
export const useAddSensitiveTaxon = () =>
  useRulesMutation((rule: SensitiveTaxonWrite) =>
    api('/api/admin/sensitive-taxa', sensitiveTaxonSchema, { method: 'POST', body: rule }),
  );

export const useChangeSensitiveLevel = () =>
  useRulesMutation(({ id, level }: { id: string; level: SensitiveLevel }) =>
    api(ruleUrl(id), sensitiveTaxonSchema, { method: 'PATCH', body: { level } }),
  );

export const useRemoveSensitiveTaxon = () =>
  useRulesMutation((id: string) => api(ruleUrl(id), noReply, { method: 'DELETE' }));

/** Sends a CSV file's text; the reply counts what it added and changed, and lists refused rows. */
export const useImportSensitiveTaxa = () =>
  useRulesMutation((csv: string) =>
    api('/api/admin/sensitive-taxa/import', sensitiveImportResultSchema, {
      method: 'POST',
      body: { csv },
    }),
  );

/** The occurrence model (issue 36): its last build and the reference sets imported. */
export function useOccurrenceStatus() {
  return useQuery({
    queryKey: queryKeys.admin.occurrences,
    queryFn: ({ signal }) => api('/api/admin/occurrences', occurrenceStatusSchema, { signal }),
  });
}

/** Builds the model now; the reply is its new state. */
export function useBuildOccurrences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api('/api/admin/occurrences/build', occurrenceStatusSchema, { method: 'POST' }),
    onSuccess: (status) => queryClient.setQueryData(queryKeys.admin.occurrences, status),
  });
}
