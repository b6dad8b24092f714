import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  statsRangeSchema,
  statsSummarySchema,
  timeSeriesQuerySchema,
  timeSeriesSchema,
  topSpeciesQuerySchema,
  topSpeciesSchema,
} from '../../../common/stats.js';
import { requireUserId } from '../auth/index.js';
import { getSummary, getTimeSeries, getTopSpecies } from './service.js';

/** Mounted at /api/stats; every route needs a signed-in user, checked before the input. */
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireUserId(request));

  app.get(
    '/summary',
    {
      schema: {
        summary: 'Totals of your logs',
        operationId: 'getStatsSummary',
        querystring: statsRangeSchema,
        response: { 200: statsSummarySchema },
      },
    },
    async (request) => getSummary(app, requireUserId(request), request.query),
  );

  app.get(
    '/top-species',
    {
      schema: {
        summary: 'Your most logged species',
        operationId: 'getTopSpecies',
        querystring: topSpeciesQuerySchema,
        response: { 200: topSpeciesSchema },
      },
    },
    async (request) => getTopSpecies(app, requireUserId(request), request.query),
  );

  app.get(
    '/time-series',
    {
      schema: {
        summary: 'Your logs over time',
        operationId: 'getTimeSeries',
        querystring: timeSeriesQuerySchema,
        response: { 200: timeSeriesSchema },
      },
    },
    async (request) => getTimeSeries(app, requireUserId(request), request.query),
  );
};
