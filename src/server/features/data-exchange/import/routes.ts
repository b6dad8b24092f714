import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMPORT_CONTENT_TYPES,
  IMPORT_MAX_BYTES,
  importRefusalSchema,
  importResultSchema,
} from '../../../../common/data-exchange/import.js';
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
      schema: { response: { 201: importResultSchema, 422: importRefusalSchema } },
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
