import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appRoutes } from '../../../common/routes.js';
import {
  loginQuerySchema,
  loginSchema,
  registerSchema,
  safeNextPath,
  userSchema,
} from '../../../common/auth/schemas.js';
import { NO_SESSION, noBody, OPTIONAL_SESSION } from '../../api-docs.js';
import type { Config } from '../../config.js';
import { HttpError } from '../../http-error.js';
import { ownOrigin } from '../../security.js';
import { createOidcClient } from './oidc-client.js';
import {
  callbackQuerySchema,
  finishOidcSignIn,
  startOidcSignIn,
  type BridgeRedirect,
} from './oidc-sign-in.js';
import { authRouteLimit } from './rate-limits.js';
import { authenticate, getUser, registerUser } from './service.js';
import { findSessionData } from './session-store.js';
import { requireUserId } from './sessions.js';

/**
 * A link or form on another site (a sibling subdomain too) made this request: a GET that
 * changes state must not follow it unasked. Requests the app, the address bar or a bookmark
 * make say `same-origin` or `none`; older browsers send nothing and pass as before.
 */
const startedByAnotherSite = (request: FastifyRequest) => {
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
};

/**
 * Built-in accounts, and OpenID Connect sign-in when a provider is configured (ARCHITECTURE
 * "Auth"); mounted at /api.
 */
export const authRoutes: FastifyPluginAsyncZod<{
  config: Config;
  issueBridgeRedirect: BridgeRedirect;
}> = async (app, { config, issueBridgeRedirect }) => {
  const oidc = config.oidc && createOidcClient(config.oidc);

  // With a provider, each sign-in start stores a flow and may call the provider: limited like
  // the other sign-in calls. Without one it is a plain redirect.
  const loginLimit = oidc ? { config: authRouteLimit(config) } : {};
  app.get(
    '/login',
    {
      ...loginLimit,
      schema: {
        summary: 'Start signing in',
        description:
          'Redirects to the sign-in page, or to the OpenID Connect provider when one is set. ' +
          'With `pwa=true` and a session already open, to the installed-app bridge.',
        operationId: 'startSignIn',
        security: OPTIONAL_SESSION,
        querystring: loginQuerySchema,
        response: { 302: noBody('To the sign-in page, the provider or the bridge') },
      },
    },
    async (request, reply) => {
      // already signed in in this browser: a pwa sign-in is complete (the login page comes back here)
      if (request.query.pwa && request.userId) {
        return reply.redirect(await issueBridgeRedirect(request, reply, request.userId));
      }
      const next = safeNextPath(request.query.next);
      if (oidc) {
        const pwa = request.query.pwa === 'true';
        return startOidcSignIn(oidc, config, request, reply, { pwa, next });
      }
      const params = new URLSearchParams();
      if (request.query.pwa) params.set('pwa', 'true');
      if (next) params.set('next', next);
      const query = params.size ? `?${params}` : '';
      return reply.redirect(`/login${query}`);
    },
  );

  app.get(
    '/callback',
    {
      config: authRouteLimit(config),
      schema: {
        summary: 'Finish an OpenID Connect sign-in',
        description: "The provider's redirect back; the session starts here.",
        operationId: 'finishOidcSignIn',
        security: NO_SESSION,
        querystring: callbackQuerySchema,
        response: { 302: noBody('Signed in (or not: to the sign-in page with the reason)') },
        errors: { 404: 'No OpenID Connect provider is set up' },
      },
    },
    async (request, reply) => {
      if (!oidc) throw new HttpError(404, 'Not found');
      return finishOidcSignIn(app, oidc, config, request, reply, {
        query: request.query,
        issueBridgeRedirect,
      });
    },
  );

  // With OpenID Connect, email and password accounts exist only when ALLOW_LOCAL_ACCOUNTS=true.
  const localAccountsOnly = async () => {
    if (config.allowLocalAccounts) return;
    throw new HttpError(
      403,
      `Email and password accounts are turned off. Sign in with ${config.oidc?.providerName} instead.`,
    );
  };

  app.post(
    '/auth/register',
    {
      onRequest: localAccountsOnly,
      config: authRouteLimit(config),
      schema: {
        summary: 'Create an account',
        description: 'Creates an account with email and password and signs it in.',
        operationId: 'register',
        security: NO_SESSION,
        body: registerSchema,
        response: { 201: userSchema.describe('The new account, signed in (session cookie set)') },
        errors: {
          403: 'Cross-site request refused, or email and password accounts are turned off',
          409: 'An account with this email already exists',
        },
      },
    },
    async (request, reply) => {
      const user = await registerUser(app.db, request.body);
      await reply.signIn(user.id);
      return reply.code(201).send(user);
    },
  );

  app.post(
    '/auth/login',
    {
      onRequest: localAccountsOnly,
      config: authRouteLimit(config),
      schema: {
        summary: 'Sign in with email and password',
        operationId: 'signIn',
        security: NO_SESSION,
        body: loginSchema,
        response: { 200: userSchema.describe('The account, signed in (session cookie set)') },
        errors: {
          401: 'Invalid email or password',
          403: 'Cross-site request refused, or email and password accounts are turned off',
          429: 'Too many sign-ins from this address, or failed ones for this account',
        },
      },
    },
    async (request, reply) => {
      const user = await authenticate(app.db, request.body);
      await reply.signIn(user.id);
      return user;
    },
  );

  app.get(
    '/auth/user',
    {
      schema: {
        summary: 'The signed-in account',
        operationId: 'getCurrentUser',
        response: { 200: userSchema },
      },
    },
    async (request, reply) => {
      const user = await getUser(app.db, requireUserId(request));
      if (!user) {
        await reply.signOut(); // the account is gone; so is its session
        throw new HttpError(401, 'Unauthorized');
      }
      return user;
    },
  );

  // Sign-out everywhere: every session of this account ends, this one included.
  app.delete(
    '/auth/sessions',
    {
      schema: {
        summary: 'Sign out everywhere',
        description: 'Ends every session of the account, this one included.',
        operationId: 'signOutEverywhere',
        response: { 204: noBody('Every session has ended') },
      },
    },
    async (request, reply) => {
      requireUserId(request);
      await reply.signOutEverywhere();
      return reply.code(204).send();
    },
  );

  // An OpenID Connect session also ends at the provider, when it offers an end-session endpoint.
  app.get(
    '/logout',
    {
      schema: {
        summary: 'Sign out',
        description:
          "Ends this browser's session, and the provider's when it offers that. A request " +
          'another site started (`Sec-Fetch-Site: cross-site` or `same-site`) ends nothing: it ' +
          'goes to the `/sign-out` page, which asks the person first.',
        operationId: 'signOut',
        security: OPTIONAL_SESSION,
        response: {
          302: noBody("To the home page, the provider's sign-out, or the page that asks first"),
        },
      },
    },
    async (request, reply) => {
      if (startedByAnotherSite(request)) {
        return reply.redirect(request.userId ? appRoutes.signOut : appRoutes.home);
      }
      const session = request.sessionId && (await findSessionData(app.db, request.sessionId));
      await reply.signOut();
      const idToken = session ? session.idToken : undefined;
      const providerSignOut =
        oidc && idToken
          ? await oidc
              .endSessionUrl(idToken, `${ownOrigin(request, config)}/`)
              .catch((error: unknown) => {
                request.log.warn({ err: error }, 'OpenID Connect provider unreachable at sign-out');
                return undefined;
              })
          : undefined;
      return reply.redirect(providerSignOut?.href ?? '/');
    },
  );
};
