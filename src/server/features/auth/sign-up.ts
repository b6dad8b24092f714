import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { InvitationStatus } from '../../../common/auth/schemas.js';
import type { Registration } from '../../config.js';
import type { Db } from '../../db/client.js';
import { invitations, users, type UserRow } from '../../db/schema.js';
import { insertUser } from './queries.js';
import { SignInRefused } from './refusals.js';
import { hashToken } from './sessions.js';

// Who may create an account (REGISTRATION, issue 21): the first account of an instance always,
// and it is the admin; after it anyone (`open`), holders of an unused, unexpired invitation
// (`invite`) or no one (`closed`). Built-in sign-up and a new OpenID Connect identity alike.

// Any constant: sign-ups take it one at a time, so two first sign-ups at once cannot both see
// an empty table (both admin) and an invitation cannot be spent twice.
const SIGN_UP_LOCK = 5_140_733_021;

export async function createAccount(
  db: Db,
  registration: Registration,
  values: Omit<typeof users.$inferInsert, 'role'>,
  invitation: string | undefined,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SIGN_UP_LOCK})`);
    const [someone] = await tx.select({ id: users.id }).from(users).limit(1);
    if (!someone) return insertUser(tx, { ...values, role: 'admin' });
    if (registration === 'closed') throw new SignInRefused('registration_closed');
    if (registration === 'invite' && !invitation) throw new SignInRefused('invitation_required');
    const row = await insertUser(tx, { ...values, role: 'user' });
    // Spent in the same transaction as the account: a refused or failed sign-up keeps it.
    const spent = invitation ? await spendInvitation(tx, invitation, row.id) : false;
    if (registration === 'invite' && !spent) throw new SignInRefused('invitation_invalid');
    return row;
  });
}

/** Marks the invitation used by `userId` when it is open; false when unknown, used or expired. */
async function spendInvitation(db: Db, token: string, userId: string): Promise<boolean> {
  const spent = await db
    .update(invitations)
    .set({ usedAt: sql`now()`, usedBy: userId })
    .where(
      and(
        eq(invitations.tokenHash, hashToken(token)),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: invitations.id });
  return spent.length > 0;
}

/** What an invitation link's token names, for its page; undefined when unknown or revoked. */
export async function findInvitationStatus(
  db: Db,
  token: string,
): Promise<InvitationStatus | undefined> {
  const [row] = await db
    .select({
      status: sql<InvitationStatus>`case
        when ${invitations.usedAt} is not null then 'used'
        when ${invitations.expiresAt} <= now() then 'expired'
        else 'valid' end`,
    })
    .from(invitations)
    .where(eq(invitations.tokenHash, hashToken(token)));
  return row?.status;
}
