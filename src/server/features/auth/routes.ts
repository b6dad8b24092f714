import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appRoutes } from '../../../common/routes.js';
import {
  accountMessages,
  loginQuerySchema,
  loginSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  registerSchema,
  registrationSchema,
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
import { invitationRoutes } from './invitation-routes.js';
import { createMailer, mailErrorSummary } from './mailer.js';
import { resetMailFor, resetPassword } from './password-reset.js';
import { authRouteLimit, hitRateLimit } from './rate-limits.js';
import { authenticate, getUser, hasAnyAccount, registerUser, toUser } from './service.js';
import { forgetAllFailedSignIns } from './sign-in-lockout.js';
import { findSessionData } from './session-store.js';
import { requireUserId } from './sessions.js';

const HOUR_MS = 60 * 60 * 1000;
/** Reset mails asked for per client address and per email address, each an hour. */
const RESET_MAILS_PER_ADDRESS = 10;
const RESET_MAILS_PER_EMAIL = 3;

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
  const sendMail = config.mail && createMailer(config.mail);

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
      const invitation = request.query.invitation || undefined;
      if (oidc) {
        const pwa = request.query.pwa === 'true';
        return startOidcSignIn(oidc, config, request, reply, { pwa, next, invitation });
      }
      const params = new URLSearchParams();
      if (request.query.pwa) params.set('pwa', 'true');
      if (next) params.set('next', next);
      if (invitation) params.set('invitation', invitation);
      if (request.query.signup) params.set('signup', 'true');
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
        description:
          'Creates an account with email and password and signs it in. The first account of ' +
          'the server is its admin; after it REGISTRATION decides: `open`, `invite` (an ' +
          'unused invitation token in `invitation`) or `closed`.',
        operationId: 'register',
        security: NO_SESSION,
        body: registerSchema,
        response: { 201: userSchema.describe('The new account, signed in (session cookie set)') },
        errors: {
          403:
            'Sign-up needs an invitation, the invitation is not valid, sign-up is closed, ' +
            'email and password accounts are turned off, or a cross-site request',
          409: 'An account with this email already exists',
        },
      },
    },
    async (request, reply) => {
      const user = await registerUser(
        app.db,
        config.registration,
        request.body,
        config.passwordCost,
      );
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
          403:
            'The account is disabled, email and password accounts are turned off, or a ' +
            'cross-site request',
          429:
            'Too many sign-ins from this address, or too many failed ones for this account ' +
            'from this address (the wait grows with each failure)',
        },
      },
    },
    async (request, reply) => {
      const user = await authenticate(app.db, request.body, request.ip, config.passwordCost);
      await reply.signIn(user.id);
      return user;
    },
  );

  app.get(
    '/auth/registration',
    {
      config: authRouteLimit(config), // the sign-in page's question: limited like sign-in itself
      schema: {
        summary: 'Who may create an account',
        description:
          "The server's REGISTRATION, and whether no account exists yet (the first one is " +
          'the admin and needs no invitation).',
        operationId: 'getRegistration',
        security: NO_SESSION,
        response: { 200: registrationSchema },
      },
    },
    async () => ({ mode: config.registration, firstAccount: !(await hasAnyAccount(app.db)) }),
  );

  await app.register(invitationRoutes, { config });

  app.post(
    '/auth/password-reset',
    {
      onRequest: localAccountsOnly,
      config: authRouteLimit(config),
      schema: {
        summary: 'Set a new password with a reset link',
        description:
          "Spends a one-time reset link's token: the password changes, every session of the " +
          'account ends, and this browser is signed in.',
        operationId: 'resetPassword',
        security: NO_SESSION,
        body: passwordResetSchema,
        response: { 200: userSchema.describe('The account, signed in (session cookie set)') },
        errors: {
          400: `Invalid input, or the link is unknown, used or expired: "${accountMessages.resetLinkInvalid}"`,
          403: 'Email and password accounts are turned off, or a cross-site request',
        },
      },
    },
    async (request, reply) => {
      const row = await resetPassword(
        app.db,
        request.body.token,
        request.body.newPassword,
        config.passwordCost,
      );
      if (row.email) await forgetAllFailedSignIns(app.db, row.email);
      await reply.signIn(row.id);
      return toUser(row);
    },
  );

  app.post(
    '/auth/password-reset-request',
    {
      onRequest: localAccountsOnly,
      config: { rateLimit: { max: RESET_MAILS_PER_ADDRESS, timeWindow: HOUR_MS } },
      schema: {
        summary: 'Ask for a password-reset link by email',
        description:
          'When the server sends mail (SMTP_URL): mails a reset link, valid for an hour, to ' +
          'the account with this email. The answer is the same whether or not one exists.',
        operationId: 'requestPasswordReset',
        security: NO_SESSION,
        body: passwordResetRequestSchema,
        response: { 202: noBody('A link is on its way if an account uses this email') },
        errors: { 404: 'This server sends no mail: ask its admin for a reset link' },
      },
    },
    async (request, reply) => {
      if (!sendMail) {
        throw new HttpError(
          404,
          'This server cannot send mail. Ask its admin for a link to reset your password.',
        );
      }
      const { email } = request.body;
      const origin = ownOrigin(request, config);
      // After the answer, so that its timing tells nothing about the account.
      void (async () => {
        const { hits } = await hitRateLimit(app.db, `reset-mail:${email}`, HOUR_MS);
        if (hits > RESET_MAILS_PER_EMAIL) return;
        const mail = await resetMailFor(app.db, email, origin, config.appName);
        if (mail) await sendMail(mail);
      })().catch((error: unknown) => {
        request.log.warn({ reason: mailErrorSummary(error) }, 'password-reset mail not sent');
      });
      return reply.code(202).send();
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
