import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCESS_TOKEN_TEXTS,
  MAX_ACCESS_TOKENS,
  accessTokenCreateSchema,
  accessTokenListSchema,
  accessTokenParamsSchema,
  createdAccessTokenSchema,
} from '../../../common/access-tokens.js';
import { noBody } from '../../api-docs.js';
import { requireUserId } from '../auth/index.js';
import { createAccessToken, listAccessTokens, revokeAccessToken } from './tokens.js';

/** The account's personal access tokens; mounted at /api/account/tokens, session only. */
export const accessTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireUserId(request)); // before the input

  app.get(
    '/',
    {
      schema: {
        summary: 'Your access tokens',
        description: 'Every token you made, newest first, revoked ones too; never their secrets.',
        operationId: 'listAccessTokens',
        response: { 200: accessTokenListSchema },
      },
    },
    async (request) => listAccessTokens(app.db, requireUserId(request)),
  );

  app.post(
    '/',
    {
      schema: {
        summary: 'Make an access token',
        description:
          'A token of the import scope, for a station to post its detections ' +
          '(POST /api/detections/import) without a session. Its secret is in this answer only.',
        operationId: 'createAccessToken',
        body: accessTokenCreateSchema,
        response: { 201: createdAccessTokenSchema },
        errors: { 409: `You have ${MAX_ACCESS_TOKENS} live tokens already` },
      },
    },
    async (request, reply) => {
      const made = await createAccessToken(app.db, requireUserId(request), request.body.name);
      return reply.code(201).send(made);
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        summary: 'Revoke an access token',
        description: 'The token opens nothing from now on; it stays listed, as revoked.',
        operationId: 'revokeAccessToken',
        params: accessTokenParamsSchema,
        response: { 204: noBody('Revoked') },
        errors: { 404: ACCESS_TOKEN_TEXTS.notFound },
      },
    },
    async (request, reply) => {
      await revokeAccessToken(app.db, requireUserId(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
