import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bridgeExchangeSchema } from '../../../common/pwa/schemas.js';
import { authRouteLimit } from '../auth/index.js';
import { NO_SESSION, noBody } from '../../api-docs.js';
import type { Config } from '../../config.js';
import { checkBridgeBinding, clearBridgeBinding, exchangeBridgeToken } from './bridge.js';

/** The installed app trades its bridge token for a session (SPEC §7); mounted at /api. */
export const pwaRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.post(
    '/pwa-auth-bridge',
    {
      config: authRouteLimit(config),
      schema: {
        summary: 'Sign the installed app in',
        description: "Trades the bridge page's one-time token for a session in the installed app.",
        operationId: 'exchangeBridgeToken',
        security: NO_SESSION,
        body: bridgeExchangeSchema,
        response: { 204: noBody('Signed in (session cookie set)') },
        errors: { 401: 'The sign-in token is invalid, used or expired' },
      },
    },
    async (request, reply) => {
      // the token's row goes with its user (foreign key), so a live token names a live account
      await reply.signIn(await exchangeBridgeToken(app.db, request.body.token));
      return reply.code(204).send();
    },
  );

  app.post(
    '/pwa-auth-bridge/binding',
    {
      config: authRouteLimit(config),
      schema: {
        summary: 'Check the bridge token was issued to this browser',
        description:
          'The completion page asks before it leaves the token for the installed app: the ' +
          'token must be live and bound to the nonce cookie set with it. The token is not spent.',
        operationId: 'checkBridgeBinding',
        security: NO_SESSION,
        body: bridgeExchangeSchema,
        response: { 204: noBody('The token is live and was issued to this browser') },
        errors: {
          401: 'The sign-in token is invalid, used or expired',
          403: 'The token was issued to another browser',
        },
      },
    },
    async (request, reply) => {
      await checkBridgeBinding(app.db, request.body.token, request);
      clearBridgeBinding(reply);
      return reply.code(204).send();
    },
  );
};
