import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listQuerySchema, speciesListReplySchema } from '../../../common/lists.js';
import { fileReply } from '../../api-docs.js';
import { requireUserId } from '../auth/index.js';
import { getSpeciesList, listCsv, listFilename } from './service.js';

const LIST_DESCRIPTION =
  'The species of your logs, one row each, counted as eBird counts them: a subspecies or group ' +
  'counts as its species (by scientific name, else by common name without the group, ignoring ' +
  'case); a spuh, slash, hybrid or domestic type is a row of its own that counts as no species ' +
  '(`countsAsSpecies: false`, counted in `otherTaxa`, not in `total`). `kind=year` holds the logs of that ' +
  "year as the calendar read at each log's place (its time zone; `tz` for logs without one); " +
  '`kind=place` the logs whose place name is `place` (ignoring case). Names of taxa come in the ' +
  'Accept-Language language when known. Captive and cultivated logs are left off unless ' +
  '`captive=include`, as eBird and iNaturalist leave them off their life lists.';

/** Mounted at /api; every route needs a signed-in user, checked before the input. */
export const listsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireUserId(request));

  app.get(
    '/lists',
    {
      schema: {
        summary: 'Your life, year or place list',
        description: LIST_DESCRIPTION,
        operationId: 'getSpeciesList',
        querystring: listQuerySchema,
        response: { 200: speciesListReplySchema },
      },
    },
    async (request) =>
      getSpeciesList(
        app.db,
        requireUserId(request),
        request.query,
        request.headers['accept-language'],
      ),
  );

  app.get(
    '/lists.csv',
    {
      schema: {
        summary: 'Download your life, year or place list as CSV',
        description: `${LIST_DESCRIPTION} As a CSV file (RFC 4180, UTF-8, a header row).`,
        operationId: 'downloadSpeciesList',
        querystring: listQuerySchema,
        response: { 200: fileReply('The CSV file, as an attachment', 'text/csv') },
      },
    },
    async (request, reply) => {
      const list = await getSpeciesList(
        app.db,
        requireUserId(request),
        request.query,
        request.headers['accept-language'],
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${listFilename(request.query)}"`)
        .send(listCsv(list));
    },
  );
};
