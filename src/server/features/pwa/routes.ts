import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bridgeExchangeSchema } from '../../../common/pwa/schemas.js';
import { authRouteLimit } from '../auth/index.js';
import type { Config } from '../../config.js';
import { exchangeBridgeToken } from './bridge.js';

/** The installed app trades its bridge token for a session (SPEC §7); mounted at /api. */
export const pwaRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.post(
    '/pwa-auth-bridge',
    {
      config: authRouteLimit(config),
      schema: { body: bridgeExchangeSchema },
    },
    async (request, reply) => {
      // the token's row goes with its user (foreign key), so a live token names a live account
      await reply.signIn(await exchangeBridgeToken(app.db, request.body.token));
      return reply.code(204).send();
    },
  );
};
