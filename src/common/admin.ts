import { z } from 'zod';

// The admin's API (/api/admin/…, issue 21): the users of the server, invitations, reset links.

export const userRoles = ['admin', 'user'] as const;

/** Largest per-user quota an admin may set, as STORAGE_QUOTA_MB allows (about 1 PB). */
export const MAX_QUOTA_MB = 1_000_000_000;

export const adminUserSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(userRoles),
  /** How many logs the user has. */
  logs: z.number().int(),
  storageUsedBytes: z.number().int(),
  /** The user's own quota in MiB, or null for the server's STORAGE_QUOTA_MB. */
  storageQuotaMb: z.number().int().nullable(),
  /** The quota that applies, in bytes (the user's own or the server's). */
  quotaBytes: z.number().int(),
  /** Whether the account has a password (reset links set one). */
  hasPassword: z.boolean(),
  lastActiveAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  disabledAt: z.iso.datetime().nullable(),
  /** Sees the exact points of everyone's obscured (not private) logs (issue 35). */
  reviewer: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z.object({
  items: z.array(adminUserSchema),
  /** The server's STORAGE_QUOTA_MB, for users without a quota of their own. */
  defaultQuotaMb: z.number().int(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const adminUserUpdateSchema = z
  .object({
    disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
    storageQuotaMb: z
      .number({ error: 'Quota must be a number of MB' })
      .int('Quota must be a whole number of MB')
      .min(0, 'Quota must be at least 0 MB')
      .max(MAX_QUOTA_MB, `Quota must be at most ${MAX_QUOTA_MB} MB`)
      .nullable()
      .optional(),
    role: z.enum(userRoles, { error: 'Role must be admin or user' }).optional(),
    reviewer: z.boolean({ error: 'reviewer must be true or false' }).optional(),
  })
  .strict()
  .refine(
    (update) => Object.values(update).some((value) => value !== undefined),
    'Nothing to change: give disabled, storageQuotaMb, role or reviewer',
  );
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

export const userIdParamsSchema = z.object({ id: z.uuid('Unknown user') });
export const invitationIdParamsSchema = z.object({ id: z.uuid('Unknown invitation') });

/** An open invitation: not used, not expired, not revoked. Its link was shown once. */
export const invitationSchema = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** Who made it, by email or name. */
  createdBy: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListSchema = z.object({ items: z.array(invitationSchema) });

/** A link made just now; its token is in `url` and is not stored: this is the one chance. */
export const newInvitationSchema = z.object({
  id: z.uuid(),
  url: z.url(),
  expiresAt: z.iso.datetime(),
});
export type NewInvitation = z.infer<typeof newInvitationSchema>;

export const resetLinkSchema = z.object({ url: z.url(), expiresAt: z.iso.datetime() });
export type ResetLink = z.infer<typeof resetLinkSchema>;

/** An invitation link: it opens the create-account form with the token filled in. */
export const invitationUrl = (origin: string, token: string) =>
  `${origin}/login?invitation=${encodeURIComponent(token)}`;

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const adminMessages = {
  adminsOnly: 'Admins only',
  notFound: 'No such user',
  selfDisable: 'You cannot disable your own account.',
  lastAdmin: 'This is the last admin of the server: make another user an admin first.',
  invitationNotFound: 'No open invitation with this id (it may have been used or revoked)',
  registrationClosed:
    'Sign-up is closed on this server (REGISTRATION=closed): an invitation could not be used.',
  noPasswords: 'This server signs in through its provider only: accounts have no password.',
  noEmail: 'This account has no email address to sign in with.',
  disabledUser: 'This account is disabled: enable it first.',
} as const;
