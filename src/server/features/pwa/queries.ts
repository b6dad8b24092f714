import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pwaBridgeTokens } from '../../db/schema.js';

export async function insertBridgeToken(db: Db, tokenHash: string, userId: string, ttlMs: number) {
  await db.insert(pwaBridgeTokens).values({
    tokenHash,
    userId,
    expiresAt: sql`now() + ${ttlMs} * interval '1 millisecond'`,
  });
}

/** Deletes a live token and returns its user: one statement, so two exchanges cannot both win. */
export async function takeBridgeToken(db: Db, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .delete(pwaBridgeTokens)
    .where(and(eq(pwaBridgeTokens.tokenHash, tokenHash), gt(pwaBridgeTokens.expiresAt, sql`now()`)))
    .returning({ userId: pwaBridgeTokens.userId });
  return row?.userId;
}

export async function deleteExpiredBridgeTokens(db: Db) {
  await db.delete(pwaBridgeTokens).where(lte(pwaBridgeTokens.expiresAt, sql`now()`));
}
