import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_CONTENT_TYPES,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importRefusalSchema,
  importResultSchema,
} from '../../../../common/data-exchange/import.js';
import { binary } from '../../../api-docs.js';
import { requireUserId } from '../../auth/index.js';
import { HttpError } from '../../../http-error.js';
import { importCsv } from './service.js';

/** Mounted at /api; the import needs a signed-in user, checked before the body is read. */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireUserId(request));

  // The file itself is the body (text/csv is no form type, so the CSRF check lets it through).
  app.addContentTypeParser(
    IMPORT_CONTENT_TYPES,
    { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/import',
    {
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        summary: 'Import logs from a CSV file',
        description:
          'Reads our own CSV export, an iNaturalist observations export or eBird\'s "My eBird ' +
          'Data": the file itself as the body, or a form with a `file` field.',
        operationId: 'importLogs',
        bodyContent: {
          ...Object.fromEntries(IMPORT_CONTENT_TYPES.map((type) => [type, binary])),
          'multipart/form-data': z.object({ file: binary }),
        },
        response: { 201: importResultSchema, 422: importRefusalSchema },
        errors: {
          400: 'Invalid input, or the file is not UTF-8 CSV in a format we read',
          413: `The file is over ${IMPORT_MAX_BYTES / 1024 / 1024} MB or ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows`,
          415: `The body is no CSV file: send it as ${IMPORT_CONTENT_TYPES[0]} or as multipart/form-data`,
          422: 'Some rows were refused (onInvalid=abort), so nothing was imported',
        },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      if (!Buffer.isBuffer(request.body)) {
        throw new HttpError(
          415,
          'Send the CSV file itself as the body, with Content-Type text/csv',
        );
      }
      const outcome = await importCsv(app.db, userId, request.body);
      // 422 lists every rejected row: a report the client reads, not a bare error.
      return reply.code(outcome.status).send(outcome.body);
    },
  );
};
