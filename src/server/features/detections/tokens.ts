import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  ACCESS_TOKEN_PREFIX,
  ACCESS_TOKEN_TEXTS,
  MAX_ACCESS_TOKENS,
  type AccessToken,
} from '../../../common/access-tokens.js';
import type { Db } from '../../db/client.js';
import { accessTokens } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { hashToken } from '../auth/index.js';
import { isLogId } from '../logs/index.js';

// Personal access tokens (issue 37), scoped to the detections import. The table holds the
// SHA-256 of each secret, never the secret: a copy of the database posts nothing.

const toToken = (row: typeof accessTokens.$inferSelect): AccessToken => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

export async function listAccessTokens(db: Db, userId: string): Promise<AccessToken[]> {
  const rows = await db
    .select()
    .from(accessTokens)
    .where(eq(accessTokens.userId, userId))
    .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id));
  return rows.map(toToken);
}

/** A new token of the import scope; its secret is in this answer only. */
export async function createAccessToken(db: Db, userId: string, name: string) {
  const live = await db.$count(
    accessTokens,
    and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)),
  );
  if (live >= MAX_ACCESS_TOKENS) throw new HttpError(409, ACCESS_TOKEN_TEXTS.tooMany);
  const token = `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [row] = await db
    .insert(accessTokens)
    .values({ userId, name, scope: 'import', tokenHash: hashToken(token) })
    .returning();
  if (!row) throw new Error('insert into access_tokens returned no row');
  return { id: row.id, name: row.name, scope: row.scope, token };
}

/** Revokes the user's token (again: no change); another user's is not found. */
export async function revokeAccessToken(db: Db, userId: string, id: string) {
  const rows = isLogId(id)
    ? await db
        .update(accessTokens)
        .set({ revokedAt: sql`coalesce(${accessTokens.revokedAt}, now())` })
        .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId)))
        .returning({ id: accessTokens.id })
    : [];
  if (rows.length === 0) throw new HttpError(404, ACCESS_TOKEN_TEXTS.notFound);
}

/** The live token a secret is, marked used now; undefined for a revoked or unknown one. */
export async function useAccessToken(db: Db, secret: string) {
  if (!secret.startsWith(ACCESS_TOKEN_PREFIX)) return undefined;
  const [row] = await db
    .update(accessTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(accessTokens.tokenHash, hashToken(secret)), isNull(accessTokens.revokedAt)))
    .returning({ id: accessTokens.id, userId: accessTokens.userId, scope: accessTokens.scope });
  return row;
}
