import { randomBytes } from 'node:crypto';
import { BRIDGE_TOKEN_TTL_MS, pwaAuthCompletePath } from '../../../common/pwa/bridge.js';
import { hashToken } from '../auth/index.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http-error.js';
import { deleteExpiredBridgeTokens, insertBridgeToken, takeBridgeToken } from './queries.js';

// Installed apps on iOS do not share the browser's cookies (SPEC §4): a sign-in started from the
// installed app with `pwa=true` ends on the completion page with a single-use token, which the
// app later exchanges for its own session. The table holds only the token's SHA-256.

/**
 * Where a `pwa=true` sign-in goes once the user is known: the completion page with a fresh
 * token. Every sign-in path (built-in accounts, OpenID Connect) redirects there through this.
 */
export async function issueBridgeRedirect(db: Db, userId: string): Promise<string> {
  await deleteExpiredBridgeTokens(db);
  const token = randomBytes(32).toString('base64url');
  await insertBridgeToken(db, hashToken(token), userId, BRIDGE_TOKEN_TTL_MS);
  return pwaAuthCompletePath(token);
}

/** The user a live token belongs to; the token is spent. Unknown, used and expired look alike. */
export async function exchangeBridgeToken(db: Db, token: string): Promise<string> {
  const userId = await takeBridgeToken(db, hashToken(token));
  if (!userId) throw new HttpError(401, 'The sign-in token is invalid, used or expired');
  return userId;
}
