import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SignInError } from '../../../common/auth/schemas.js';
import {
  FLOW_COOKIE_MAX_AGE_S,
  FLOW_COOKIE_PATH,
  flowCookieName,
  isFlowCookie,
  openFlow,
  sealFlow,
  type SignInFlow,
} from './oidc-flow.js';
import { isSecureOrigin } from './sessions.js';
import type { Config } from '../../config.js';
import { ownOrigin } from '../../security.js';
import type { OidcClient } from './oidc-client.js';
import { parseIdentityClaims, signInWithIdentity } from './oidc-accounts.js';
import { SignInRefused } from './refusals.js';

// GET /api/login and GET /api/callback in OpenID Connect mode. Whatever goes wrong, the
// browser lands on /login with an error code the page turns into a message (never a 500),
// and no code, token or state reaches the logs.

/** What the provider sends back; documented for the API, read raw by openid-client. */
export const callbackQuerySchema = z.object({
  code: z.string().optional().catch(undefined),
  state: z.string().optional().catch(undefined),
  iss: z.string().optional().catch(undefined),
  error: z.string().optional().catch(undefined),
  error_description: z.string().optional().catch(undefined),
});

type CallbackQuery = z.infer<typeof callbackQuerySchema>;

/**
 * Where a `pwa=true` sign-in goes once the user is known: the installed-app bridge's completion
 * page with a fresh token. The pwa feature issues it; app.ts hands it over, so that auth, which
 * pwa builds on, imports no feature.
 */
export type BridgeRedirect = (
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
) => Promise<string>;

const flowCookieOptions = (config: Config, request: FastifyRequest) => ({
  path: FLOW_COOKIE_PATH,
  httpOnly: true,
  sameSite: 'lax' as const, // the provider sends the browser back with a top-level GET
  secure: isSecureOrigin(config, request),
});

export async function startOidcSignIn(
  oidc: OidcClient,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { pwa: boolean; next?: string; invitation?: string },
) {
  let start;
  try {
    start = await oidc.start(ownOrigin(request, config), options);
  } catch (error) {
    request.log.warn({ reason: errorSummary(error) }, 'OpenID Connect provider discovery failed');
    return redirectToLogin(reply, 'unavailable', options.pwa);
  }
  reply.setCookie(flowCookieName(start.flow.state), sealFlow(start.flow, config.sessionSecret), {
    ...flowCookieOptions(config, request),
    maxAge: FLOW_COOKIE_MAX_AGE_S,
  });
  return reply.redirect(start.authorizationUrl.href);
}

export async function finishOidcSignIn(
  app: FastifyInstance,
  oidc: OidcClient,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  { query, issueBridgeRedirect }: { query: CallbackQuery; issueBridgeRedirect: BridgeRedirect },
) {
  const cookie = query.state ? flowCookieName(query.state) : undefined;
  const flow = openFlow(cookie && request.cookies[cookie], config.sessionSecret);
  // Single use, whatever happens; a callback that matches no flow ends every flow of this browser.
  const ended = flow && cookie ? [cookie] : Object.keys(request.cookies).filter(isFlowCookie);
  for (const name of ended) reply.clearCookie(name, flowCookieOptions(config, request));
  const refused = refusal(flow, query);
  if (refused || !flow) {
    request.log.warn({ reason: refused }, 'OpenID Connect sign-in refused');
    return redirectToLogin(reply, refused ?? 'invalid_state', flow?.pwa ?? false);
  }

  let userId: string;
  try {
    const origin = ownOrigin(request, config);
    const rawQuery = new URL(request.url, origin).search.slice(1); // as the provider sent it
    const result = await oidc.finish(origin, rawQuery, flow);
    const user = await signInWithIdentity(
      app.db,
      result.issuer,
      parseIdentityClaims(result.claims),
      {
        registration: config.registration,
        invitation: flow.invitation,
      },
    );
    await reply.signIn(user.id, result.idToken ? { idToken: result.idToken } : {});
    userId = user.id;
  } catch (error) {
    if (error instanceof SignInRefused) {
      request.log.info({ reason: error.code }, 'OpenID Connect sign-in refused by the server');
      return redirectToLogin(reply, error.code, flow.pwa);
    }
    request.log.warn({ reason: errorSummary(error) }, 'OpenID Connect sign-in failed');
    return redirectToLogin(reply, 'failed', flow.pwa);
  }
  if (flow.pwa) return reply.redirect(await issueBridgeRedirect(request, reply, userId));
  return reply.redirect(flow.next ?? '/');
}

/** Why a callback is refused before the code is even exchanged, if it is. */
function refusal(flow: SignInFlow | undefined, query: CallbackQuery): SignInError | undefined {
  if (!flow) return 'invalid_state'; // no flow started in this browser, or an altered cookie
  if (flow.expiresAt <= Date.now()) return 'expired';
  if (query.state !== flow.state) return 'invalid_state';
  if (query.error) return query.error === 'access_denied' ? 'denied' : 'provider_error';
  return undefined;
}

function redirectToLogin(reply: FastifyReply, error: SignInError, pwa: boolean) {
  const params = new URLSearchParams({ error });
  if (pwa) params.set('pwa', 'true');
  return reply.redirect(`/login?${params}`);
}

/** An error's kind and message, without its cause or response body (which may hold tokens). */
function errorSummary(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const code =
    (error as { error?: unknown; code?: unknown }).error ?? (error as { code?: unknown }).code;
  return `${error.name}${typeof code === 'string' ? ` (${code})` : ''}: ${error.message}`;
}
