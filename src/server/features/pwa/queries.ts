import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pwaBridgeTokens } from '../../db/schema.js';

export async function insertBridgeToken(
  db: Db,
  token: { tokenHash: string; userId: string; ttlMs: number; bindingHash: string },
) {
  await db.insert(pwaBridgeTokens).values({
    tokenHash: token.tokenHash,
    userId: token.userId,
    bindingHash: token.bindingHash,
    expiresAt: sql`now() + ${token.ttlMs} * interval '1 millisecond'`,
  });
}

const isLive = (tokenHash: string) =>
  and(eq(pwaBridgeTokens.tokenHash, tokenHash), gt(pwaBridgeTokens.expiresAt, sql`now()`));

/** The binding of a live token: its nonce's hash, null for an unbound one, undefined if none. */
export async function findBridgeTokenBinding(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ bindingHash: pwaBridgeTokens.bindingHash })
    .from(pwaBridgeTokens)
    .where(isLive(tokenHash));
  return row ? row.bindingHash : undefined;
}

/** Deletes a live token and returns its user: one statement, so two exchanges cannot both win. */
export async function takeBridgeToken(db: Db, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .delete(pwaBridgeTokens)
    .where(isLive(tokenHash))
    .returning({ userId: pwaBridgeTokens.userId });
  return row?.userId;
}

export async function deleteExpiredBridgeTokens(db: Db) {
  await db.delete(pwaBridgeTokens).where(lte(pwaBridgeTokens.expiresAt, sql`now()`));
}
