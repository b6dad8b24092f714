import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  BRIDGE_OTHER_BROWSER,
  BRIDGE_TOKEN_TTL_MS,
  pwaAuthCompletePath,
} from '../../../common/pwa/bridge.js';
import { hashToken, isSecureOrigin, type BridgeRedirect } from '../auth/index.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http-error.js';
import {
  deleteExpiredBridgeTokens,
  findBridgeTokenBinding,
  insertBridgeToken,
  takeBridgeToken,
} from './queries.js';

// Installed apps on iOS do not share the browser's cookies (SPEC §4): a sign-in started from the
// installed app with `pwa=true` ends on the completion page with a single-use token, which the
// app later exchanges for its own session. The table holds only the token's SHA-256.
//
// The token is bound to the browser the sign-in ended in (issue 21): the redirect that carries
// it also sets a nonce cookie, and the completion page stores the token only once the server has
// checked that this browser holds that nonce. A token someone else minted and planted in a link
// is refused there, so it cannot sign the victim's installed app into the planter's account.

/** The binding cookie: only the completion page's check reads it. */
export const BRIDGE_BINDING_COOKIE = 'pwa_bridge_binding';
export const BRIDGE_BINDING_PATH = '/api/pwa-auth-bridge';

/**
 * Where a `pwa=true` sign-in goes once the user is known: the completion page with a fresh
 * token, bound to this browser. Every sign-in path (built-in accounts, OpenID Connect)
 * redirects there through this.
 */
export const bridgeRedirect =
  (config: Config): BridgeRedirect =>
  async (request, reply, userId) => {
    const db = request.server.db;
    await deleteExpiredBridgeTokens(db);
    const token = randomBytes(32).toString('base64url');
    const nonce = randomBytes(32).toString('base64url');
    await insertBridgeToken(db, {
      tokenHash: hashToken(token),
      userId,
      ttlMs: BRIDGE_TOKEN_TTL_MS,
      bindingHash: hashToken(nonce),
    });
    reply.setCookie(BRIDGE_BINDING_COOKIE, nonce, {
      path: BRIDGE_BINDING_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: isSecureOrigin(config, request),
      maxAge: BRIDGE_TOKEN_TTL_MS / 1000,
    });
    return pwaAuthCompletePath(token);
  };

/**
 * The completion page's check before it stores the token: the token is live and was issued
 * to this browser. The token is not spent.
 */
export async function checkBridgeBinding(db: Db, token: string, request: FastifyRequest) {
  const binding = await findBridgeTokenBinding(db, hashToken(token));
  if (binding === undefined) throw invalidToken();
  const nonce = request.cookies[BRIDGE_BINDING_COOKIE];
  if (!binding || !nonce || hashToken(nonce) !== binding) {
    throw new HttpError(403, BRIDGE_OTHER_BROWSER);
  }
}

/** The binding cookie has done its work once the token is stored. */
export const clearBridgeBinding = (reply: FastifyReply) =>
  reply.clearCookie(BRIDGE_BINDING_COOKIE, { path: BRIDGE_BINDING_PATH });

const invalidToken = () => new HttpError(401, 'The sign-in token is invalid, used or expired');

/** The user a live token belongs to; the token is spent. Unknown, used and expired look alike. */
export async function exchangeBridgeToken(db: Db, token: string): Promise<string> {
  const userId = await takeBridgeToken(db, hashToken(token));
  if (!userId) throw invalidToken();
  return userId;
}
