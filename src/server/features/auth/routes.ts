import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginQuerySchema,
  loginSchema,
  registerSchema,
  safeNextPath,
  userSchema,
} from '../../../common/auth.js';
import { authRouteLimit } from '../../auth/rate-limits.js';
import { requireUserId } from '../../auth/sessions.js';
import type { Config } from '../../config.js';
import { HttpError } from '../../http-error.js';
import { issueBridgeRedirect } from '../pwa/index.js';
import { authenticate, getUser, registerUser } from './service.js';

/** Built-in accounts (ARCHITECTURE "Auth"); mounted at /api. */
export const authRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get('/login', { schema: { querystring: loginQuerySchema } }, async (request, reply) => {
    // already signed in in this browser: a pwa sign-in is complete (the login page comes back here)
    if (request.query.pwa && request.userId) {
      return reply.redirect(await issueBridgeRedirect(app.db, request.userId));
    }
    const params = new URLSearchParams();
    if (request.query.pwa) params.set('pwa', 'true');
    const next = safeNextPath(request.query.next);
    if (next) params.set('next', next);
    const query = params.size ? `?${params}` : '';
    return reply.redirect(`/login${query}`);
  });

  app.post(
    '/auth/register',
    {
      config: authRouteLimit(config),
      schema: { body: registerSchema, response: { 201: userSchema } },
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
      config: authRouteLimit(config),
      schema: { body: loginSchema, response: { 200: userSchema } },
    },
    async (request, reply) => {
      const user = await authenticate(app.db, request.body);
      await reply.signIn(user.id);
      return user;
    },
  );

  app.get('/auth/user', { schema: { response: { 200: userSchema } } }, async (request, reply) => {
    const user = await getUser(app.db, requireUserId(request));
    if (!user) {
      await reply.signOut(); // the account is gone; so is its session
      throw new HttpError(401, 'Unauthorized');
    }
    return user;
  });

  // Sign-out everywhere: every session of this account ends, this one included.
  app.delete('/auth/sessions', async (request, reply) => {
    requireUserId(request);
    await reply.signOutEverywhere();
    return reply.code(204).send();
  });

  app.get('/logout', async (request, reply) => {
    await reply.signOut();
    return reply.redirect('/');
  });
};
