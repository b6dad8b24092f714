import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import {
  dwcArchiveQuerySchema,
  exportQuerySchema,
} from '../../../../common/data-exchange/export.js';
import { geoJsonExportQuerySchema } from '../../../../common/maps/geo.js';
import { requireUserId } from '../../auth/index.js';
import { fileReply } from '../../../api-docs.js';
import type { Config } from '../../../config.js';
import { ownOrigin } from '../../../security.js';
import { startDwcArchive, startExport, startGeoJsonExport, type FileExport } from './service.js';

function sendFile(reply: FastifyReply, type: string, { filename, body }: FileExport) {
  // A client gone mid-export stops the query: destroying the body closes the cursor.
  reply.raw.once('close', () => body.destroy());
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(body);
}

/** Mounted at /api; the export needs a signed-in user, checked before the input. */
export const exportRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.addHook('onRequest', async (request) => void requireUserId(request));

  app.get(
    '/export.csv',
    {
      schema: {
        summary: 'Export your logs as CSV',
        description:
          'The matching logs as a CSV file (RFC 4180, UTF-8, a header row); `format=dwc` names ' +
          'the columns by Darwin Core terms.',
        operationId: 'exportCsv',
        querystring: exportQuerySchema,
        response: { 200: fileReply('The CSV file, as an attachment', 'text/csv') },
      },
    },
    async (request, reply) => {
      const origin = ownOrigin(request, config);
      const file = await startExport(
        app.db,
        app.streamRows,
        requireUserId(request),
        request.query,
        origin,
      );
      return sendFile(reply, 'text/csv; charset=utf-8', file);
    },
  );

  app.get(
    '/export.geojson',
    {
      schema: {
        summary: 'Export your logs as GeoJSON',
        description:
          'The matching logs with coordinates as a GeoJSON FeatureCollection file: a Point ' +
          'feature a log, its properties every field of the log but its point (the taxon and ' +
          'the outing by their ids: taxonId, outingId, null for none).',
        operationId: 'exportGeoJson',
        querystring: geoJsonExportQuerySchema,
        response: {
          200: fileReply('The GeoJSON file, as an attachment', 'application/geo+json'),
        },
      },
    },
    async (request, reply) => {
      const file = await startGeoJsonExport(
        app.db,
        app.streamRows,
        requireUserId(request),
        request.query,
      );
      return sendFile(reply, 'application/geo+json; charset=utf-8', file);
    },
  );

  app.get(
    '/export/dwca.zip',
    {
      schema: {
        summary: 'Export your logs as a Darwin Core Archive',
        description:
          'The matching logs as a Darwin Core Archive to publish on GBIF: occurrence.txt, ' +
          'multimedia.txt, eml.xml and meta.xml. `scope=public` holds only public logs, with ' +
          "their points as shared pages show them; a `license` is remembered as the account's " +
          'data licence.',
        operationId: 'exportDwcArchive',
        querystring: dwcArchiveQuerySchema,
        response: { 200: fileReply('The archive, as an attachment', 'application/zip') },
      },
    },
    async (request, reply) => {
      const file = await startDwcArchive(
        app.db,
        app.streamRows,
        requireUserId(request),
        request.query,
        { origin: ownOrigin(request, config), appName: config.appName },
      );
      return sendFile(reply, 'application/zip', file);
    },
  );
};
