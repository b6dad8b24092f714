import { and, asc, eq, sql } from 'drizzle-orm';
import type { TrustedViewer } from '../../../common/account/schemas.js';
import type { ObscuredPlace } from '../../../common/location-privacy.js';
import type { Db } from '../../db/client.js';
import { trustedViewers, users } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';

// Who sees the exact point of an obscured log (issue 35): the accounts its owner trusts (a
// club's recorder), and the reviewers an admin names. Nobody sees a private place but its owner.

export async function listTrustedViewers(db: Db, ownerId: string): Promise<TrustedViewer[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      since: trustedViewers.createdAt,
    })
    .from(trustedViewers)
    .innerJoin(users, eq(users.id, trustedViewers.viewerId))
    .where(eq(trustedViewers.ownerId, ownerId))
    .orderBy(asc(trustedViewers.createdAt), asc(users.id));
  return rows.map(({ firstName, lastName, since, ...row }) => ({
    ...row,
    name: [firstName, lastName].filter(Boolean).join(' ') || null,
    since: since.toISOString(),
  }));
}

/** Trusts the account of the email; 404 when this server has none, 400 for oneself. */
export async function addTrustedViewer(
  db: Db,
  ownerId: string,
  email: string,
): Promise<TrustedViewer> {
  const [viewer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  if (!viewer) throw new HttpError(404, 'No account on this server has this email');
  if (viewer.id === ownerId) throw new HttpError(400, 'You always see your own exact points');
  await db.insert(trustedViewers).values({ ownerId, viewerId: viewer.id }).onConflictDoNothing();
  const list = await listTrustedViewers(db, ownerId);
  return list.find((one) => one.id === viewer.id)!;
}

export async function removeTrustedViewer(db: Db, ownerId: string, viewerId: string) {
  const removed = await db
    .delete(trustedViewers)
    .where(and(eq(trustedViewers.ownerId, ownerId), eq(trustedViewers.viewerId, viewerId)))
    .returning({ id: trustedViewers.viewerId });
  if (removed.length === 0) throw new HttpError(404, 'Not one of your trusted viewers');
}

/** What a viewer may see of an owner's places, and what the owner chose for obscured names. */
export interface OwnerPlaceRules {
  /** The viewer sees the exact points of the owner's obscured places. */
  trusted: boolean;
  obscuredPlace: ObscuredPlace;
}

/**
 * The rules for `viewerId` (null: signed out) reading `ownerId`'s public places. The owner reads
 * their own shared pages as anyone does: the pages show what is shared.
 */
export async function ownerPlaceRules(
  db: Db,
  ownerId: string,
  viewerId: string | null,
): Promise<OwnerPlaceRules> {
  const viewer = viewerId && viewerId !== ownerId ? viewerId : null;
  const [row] = await db
    .select({
      obscuredPlace: users.obscuredPlace,
      trusted: viewer
        ? sql<boolean>`(EXISTS (SELECT 1 FROM ${trustedViewers} t
            WHERE t.owner_id = ${users.id} AND t.viewer_id = ${viewer})
          OR EXISTS (SELECT 1 FROM ${users} r
            WHERE r.id = ${viewer} AND r.reviewer AND r.disabled_at IS NULL))`
        : sql<boolean>`false`,
    })
    .from(users)
    .where(eq(users.id, ownerId));
  return { trusted: row?.trusted ?? false, obscuredPlace: row?.obscuredPlace ?? 'hide' };
}
