import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  adminMessages,
  INVITATION_TTL_MS,
  invitationUrl,
  type AdminUser,
  type AdminUserUpdate,
  type Invitation,
  type NewInvitation,
  type ResetLink,
} from '../../../common/admin.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { invitations, passwordResets, pwaBridgeTokens, users } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import {
  ADMIN_RESET_TTL_MS,
  createResetLink,
  deleteUserSessions,
  hashToken,
} from '../auth/index.js';
import { quotaBytes, storageUsedByUser } from '../photos/index.js';

// What an admin does (issue 21): sees the users, disables and enables them, sets their quota
// and role, hands out invitations and password-reset links.

// Role and disable changes take it one at a time: two admins demoting each other at once
// cannot leave the server without one.
const ROLES_LOCK = 5_140_733_022;

type UserRow = typeof users.$inferSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toAdminUser(row: UserRow, usedBytes: number, defaultQuotaMb: number): AdminUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    logs: row.logsCount,
    storageUsedBytes: usedBytes,
    storageQuotaMb: row.storageQuotaMb,
    quotaBytes: quotaBytes(row, defaultQuotaMb),
    hasPassword: row.passwordHash !== null,
    lastActiveAt: iso(row.lastActiveAt),
    createdAt: row.createdAt.toISOString(),
    disabledAt: iso(row.disabledAt),
    reviewer: row.reviewer,
  };
}

/** 403 unless the signed-in user is an admin (and not disabled: their sessions are gone then). */
export async function assertAdmin(db: Db, userId: string) {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (row?.role !== 'admin') throw new HttpError(403, adminMessages.adminsOnly);
}

/** Every user, oldest first (the admin at the top). */
export async function listUsers(db: Db, config: Config): Promise<AdminUser[]> {
  const [rows, used] = await Promise.all([
    db.select().from(users).orderBy(asc(users.createdAt), asc(users.id)),
    storageUsedByUser(db),
  ]);
  return rows.map((row) => toAdminUser(row, used.get(row.id) ?? 0, config.storageQuotaMb));
}

export async function updateUser(
  db: Db,
  config: Config,
  adminId: string,
  userId: string,
  update: AdminUserUpdate,
): Promise<AdminUser> {
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLES_LOCK})`);
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw new HttpError(404, adminMessages.notFound);
    if (update.disabled === true && userId === adminId) {
      throw new HttpError(409, adminMessages.selfDisable);
    }
    if (update.role === 'user' && target.role === 'admin') {
      const [otherAdmin] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), ne(users.id, userId), isNull(users.disabledAt)))
        .limit(1);
      if (!otherAdmin) throw new HttpError(409, adminMessages.lastAdmin);
    }
    const disabling = update.disabled === true && target.disabledAt === null;
    const [updated] = await tx
      .update(users)
      .set({
        ...(update.role !== undefined && { role: update.role }),
        ...(update.storageQuotaMb !== undefined && { storageQuotaMb: update.storageQuotaMb }),
        ...(update.reviewer !== undefined && { reviewer: update.reviewer }),
        ...(update.disabled === false && { disabledAt: null }),
        ...(disabling && { disabledAt: sql`now()` }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    if (disabling) {
      // out at once: every session, and every way back in that is already under way
      await deleteUserSessions(tx, userId);
      await tx.delete(pwaBridgeTokens).where(eq(pwaBridgeTokens.userId, userId));
      await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    }
    return updated!;
  });
  const used = await storageUsedByUser(db);
  return toAdminUser(row, used.get(row.id) ?? 0, config.storageQuotaMb);
}

export async function createInvitation(
  db: Db,
  config: Config,
  adminId: string,
  origin: string,
): Promise<NewInvitation> {
  if (config.registration === 'closed') throw new HttpError(409, adminMessages.registrationClosed);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  const [row] = await db
    .insert(invitations)
    .values({ tokenHash: hashToken(token), createdBy: adminId, expiresAt })
    .returning({ id: invitations.id });
  return { id: row!.id, url: invitationUrl(origin, token), expiresAt: expiresAt.toISOString() };
}

/** Invitations not used, not expired and not revoked, newest first. */
export async function listOpenInvitations(db: Db): Promise<Invitation[]> {
  const rows = await db
    .select({
      id: invitations.id,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.createdBy))
    .where(and(isNull(invitations.usedAt), gt(invitations.expiresAt, sql`now()`)))
    .orderBy(desc(invitations.createdAt));
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    createdBy: row.email ?? ([row.firstName, row.lastName].filter(Boolean).join(' ') || null),
  }));
}

/** Revoking deletes the invitation: its link then reads like any unknown one. */
export async function revokeInvitation(db: Db, id: string) {
  const revoked = await db
    .delete(invitations)
    .where(and(eq(invitations.id, id), isNull(invitations.usedAt)))
    .returning({ id: invitations.id });
  if (revoked.length === 0) throw new HttpError(404, adminMessages.invitationNotFound);
}

export async function makeResetLink(
  db: Db,
  config: Config,
  userId: string,
  origin: string,
): Promise<ResetLink> {
  if (!config.allowLocalAccounts) throw new HttpError(409, adminMessages.noPasswords);
  const [target] = await db.select().from(users).where(eq(users.id, userId));
  if (!target) throw new HttpError(404, adminMessages.notFound);
  if (!target.email) throw new HttpError(409, adminMessages.noEmail);
  if (target.disabledAt) throw new HttpError(409, adminMessages.disabledUser);
  const link = await createResetLink(db, userId, origin, ADMIN_RESET_TTL_MS);
  return { url: link.url, expiresAt: link.expiresAt.toISOString() };
}
