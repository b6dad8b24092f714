import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { likelyPackQuerySchema } from '../../../common/occurrence-api.js';
import { fileReply, noBody } from '../../api-docs.js';
import { sendText } from '../../conditional-get.js';
import { requireUserId } from '../auth/index.js';
import { LikelyPacks } from './likely.js';

/** The "likely here" pack of a region (signed in): what the species worker ranks with offline. */
export const likelyPackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireUserId(request)); // before the input
  const packs = new LikelyPacks(app.db);

  app.get(
    '/pack',
    {
      schema: {
        summary: 'What was recorded around a place, for the species picker',
        description:
          "The point's region (its H3 resolution-1 cell and the six around it): each " +
          'resolution-3 cell with records in the occurrence model (private records never are), ' +
          'its centre, and per species unit the weeks it was recorded there (a 52-bit mask) ' +
          'and how often; the web app ranks the species recorded within 100 km in the season ' +
          'first, offline too. A JSON header line, then a tab-separated line a species unit ' +
          '(common/likely-pack.ts). Gzipped when accepted; a strong ETag answers If-None-Match ' +
          'with 304.',
        operationId: 'getLikelyPack',
        querystring: likelyPackQuerySchema,
        response: {
          200: fileReply('The pack', 'text/plain'),
          304: noBody('Unchanged since the ETag in If-None-Match'),
        },
        errors: { 400: 'Latitude or longitude missing or out of range' },
      },
    },
    async (request, reply) => {
      requireUserId(request);
      const pack = await packs.get(request.query.lat, request.query.lon);
      return sendText(request, reply, pack, 'Accept-Encoding, Cookie');
    },
  );
};
