import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { locationListSchema, speciesListSchema } from '../../../common/logs/schemas.js';
import { requireUserId } from '../auth/index.js';
import { getLocations, getSpecies } from './service.js';

/** The user's own species and places for the form's pickers; mounted at /api. */
export const suggestionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireUserId(request));
  app.get(
    '/species',
    {
      schema: {
        summary: 'The species in your logs',
        operationId: 'listSpecies',
        response: { 200: speciesListSchema },
      },
    },
    async (request) => getSpecies(app, requireUserId(request)),
  );
  app.get(
    '/locations',
    {
      schema: {
        summary: 'The place names in your logs',
        operationId: 'listLocations',
        response: { 200: locationListSchema },
      },
    },
    async (request) => getLocations(app, requireUserId(request)),
  );
};
