import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { accountMessages } from '../../../common/auth/schemas.js';
import type { PasswordCost } from '../../config.js';
import type { Db } from '../../db/client.js';
import { invitations, passwordResets, users, type UserRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import type { Mail } from './mailer.js';
import { hashPassword } from './passwords.js';
import { findUserByEmail } from './queries.js';
import { deleteUserSessions } from './session-store.js';
import { hashToken } from './sessions.js';

// One-time password-reset links (issue 21): made by an admin for a user, or mailed on request
// when SMTP_URL is set. The link holds a random token; the table holds only its SHA-256. A user
// has at most one live link: a new one replaces the last. Setting a password, by any path, ends
// them all (issue 31): a link made before must not undo what its owner chose since.

/** An admin hands the link over by hand: it may take a day to reach its user. */
export const ADMIN_RESET_TTL_MS = 24 * 60 * 60 * 1000;
/** A mailed link arrives at once. */
export const MAILED_RESET_TTL_MS = 60 * 60 * 1000;

export const resetLinkUrl = (origin: string, token: string) =>
  `${origin}/reset-password?token=${encodeURIComponent(token)}`;

export async function createResetLink(
  db: Db,
  userId: string,
  origin: string,
  ttlMs: number,
): Promise<{ url: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.transaction(async (tx) => {
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    await tx.insert(passwordResets).values({ tokenHash: hashToken(token), userId, expiresAt });
  });
  return { url: resetLinkUrl(origin, token), expiresAt };
}

/**
 * Ends every pending reset link of the account: a new email must not leave a link mailed to
 * the old address usable (issue 31's rule for a new password, for the address too).
 */
export async function endResetLinks(db: Db, userId: string) {
  await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
}

/**
 * The one way a password is set on an existing account: the new hash, and every pending reset
 * link of the account deleted with it. Run it in the transaction of the change. Undefined when
 * no enabled account has this id.
 */
export async function storePassword(
  tx: Db,
  userId: string,
  passwordHash: string,
): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.disabledAt)))
    .returning();
  if (row) await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
  return row;
}

/**
 * Spends a reset link: the password changes, every session and every other reset link of the
 * account end. An unknown, used or expired link, or one of a disabled account, all get the one 400.
 */
export async function resetPassword(
  db: Db,
  token: string,
  newPassword: string,
  passwordCost: PasswordCost,
): Promise<UserRow> {
  const passwordHash = await hashPassword(newPassword, passwordCost);
  const invalid = () => new HttpError(400, accountMessages.resetLinkInvalid);
  const user = await db.transaction(async (tx) => {
    const [reset] = await tx
      .delete(passwordResets)
      .where(eq(passwordResets.tokenHash, hashToken(token)))
      .returning();
    if (!reset || reset.expiresAt.getTime() <= Date.now()) return undefined;
    const row = await storePassword(tx, reset.userId, passwordHash);
    if (row) await deleteUserSessions(tx, row.id);
    return row;
  });
  if (!user) throw invalid();
  return user;
}

/**
 * The mail for a reset asked for by email, or nothing when no account may use one (unknown,
 * disabled, or without a password). The caller answers the same either way.
 */
export async function resetMailFor(
  db: Db,
  email: string,
  origin: string,
  appName: string,
): Promise<Mail | undefined> {
  const user = await findUserByEmail(db, email);
  if (!user || user.disabledAt || !user.passwordHash) return undefined;
  const { url } = await createResetLink(db, user.id, origin, MAILED_RESET_TTL_MS);
  return {
    to: email,
    subject: `Reset your ${appName} password`,
    text: [
      `Someone asked to reset the password of your ${appName} account (${email}).`,
      '',
      'To choose a new password, open this link within an hour:',
      url,
      '',
      'If it was not you, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}

/**
 * The hourly clean-up (src/server/jobs.ts): reset links past their expiry, and unused invitations
 * a month past theirs: until then their link's page can say they expired (issue 31).
 */
export async function deleteExpiredLinks(db: Db) {
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, sql`now()`));
  await db
    .delete(invitations)
    .where(
      and(isNull(invitations.usedAt), lt(invitations.expiresAt, sql`now() - interval '30 days'`)),
    );
}
