import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { geoQuerySchema, logFeatureCollectionSchema } from '../../../common/maps/geo.js';
import { sendJsonText } from '../../json-text.js';
import { requireUserId } from '../auth/index.js';
import { getLogPointsJson } from './service.js';

/**
 * The map's points; mounted at /api/logs beside the logs routes (the static /geo wins over
 * /:id). It needs a signed-in user, checked before the input.
 */
export const mapsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireUserId(request));

  app.get(
    '/geo',
    {
      schema: {
        summary: 'The map',
        description:
          'The matching logs with coordinates as a GeoJSON FeatureCollection, newest first, paged by cursor',
        operationId: 'listLogPoints',
        querystring: geoQuerySchema,
        response: { 200: logFeatureCollectionSchema },
      },
    },
    async (request, reply) => {
      const json = await getLogPointsJson(app.db, requireUserId(request), request.query);
      return sendJsonText(request, reply, json);
    },
  );
};
