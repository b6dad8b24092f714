import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listGrowthSchema,
  speciesByPeriodSchema,
  statsRangeSchema,
  statsSummarySchema,
  timeSeriesQuerySchema,
  timeSeriesSchema,
  topSpeciesQuerySchema,
  topSpeciesSchema,
} from '../../../common/stats.js';
import { requireUserId } from '../auth/index.js';
import {
  getListGrowth,
  getSpeciesByPeriod,
  getSummary,
  getTimeSeries,
  getTopSpecies,
} from './service.js';

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

  app.get(
    '/list-growth',
    {
      schema: {
        summary: 'Your species list over time',
        description:
          'Each day that added species to the list of your logs in the range (your life list without one), with the size of the list at its end.',
        operationId: 'getListGrowth',
        querystring: statsRangeSchema,
        response: { 200: listGrowthSchema },
      },
    },
    async (request) => getListGrowth(app, requireUserId(request), request.query),
  );

  app.get(
    '/species-by-period',
    {
      schema: {
        summary: 'Your species per month and per year',
        operationId: 'getSpeciesByPeriod',
        querystring: statsRangeSchema,
        response: { 200: speciesByPeriodSchema },
      },
    },
    async (request) => getSpeciesByPeriod(app, requireUserId(request), request.query),
  );
};
