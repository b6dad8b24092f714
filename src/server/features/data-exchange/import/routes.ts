import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_CONTENT_TYPES,
  IMPORT_FILE_FIELD,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  UNSUPPORTED_IMPORT_BODY,
  importQuerySchema,
  importRefusalSchema,
  importResultSchema,
} from '../../../../common/data-exchange/import.js';
import { binary } from '../../../api-docs.js';
import { requireUserId } from '../../auth/index.js';
import { HttpError } from '../../../http-error.js';
import { importCsv } from './service.js';

const tooLarge = () => new HttpError(413, 'The request body is too large');

/** The `file` field of a multipart form; other fields are read past. */
async function fileOfForm(request: FastifyRequest): Promise<Buffer> {
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== IMPORT_FILE_FIELD) {
        part.file.resume(); // not ours: drain it
        continue;
      }
      file = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') {
      throw new HttpError(400, `Send one file, in the field "${IMPORT_FILE_FIELD}"`);
    }
    throw error;
  }
  if (!file) throw new HttpError(400, `The form has no file in the field "${IMPORT_FILE_FIELD}"`);
  return file;
}

/** Mounted at /api; the import needs a signed-in user, checked before the body is read. */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireUserId(request));

  // Here a body is the file itself (text/csv and its kin) or a form holding it; any other type
  // is refused by name, JSON too.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    IMPORT_CONTENT_TYPES,
    { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.addContentTypeParser('*', (_request, _payload, done) =>
    done(new HttpError(415, UNSUPPORTED_IMPORT_BODY), undefined),
  );
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 20, fieldSize: 1024, parts: 40 },
  });

  app.post(
    '/import',
    {
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        summary: 'Import logs from a CSV file',
        description:
          'Reads our own CSV export, an iNaturalist observations export or eBird\'s "My eBird ' +
          'Data": the file itself as the body, or a form with a `file` field. With `dryRun=true` ' +
          'nothing is written and 200 answers what an import would do; `onInvalid=skip` imports ' +
          'the valid rows and reports the others.',
        operationId: 'importLogs',
        querystring: importQuerySchema,
        bodyContent: {
          ...Object.fromEntries(IMPORT_CONTENT_TYPES.map((type) => [type, binary])),
          'multipart/form-data': z.object({ [IMPORT_FILE_FIELD]: binary }),
        },
        response: { 200: importResultSchema, 201: importResultSchema, 422: importRefusalSchema },
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
      const file = request.isMultipart()
        ? await fileOfForm(request)
        : Buffer.isBuffer(request.body)
          ? request.body
          : undefined;
      if (!file) throw new HttpError(415, UNSUPPORTED_IMPORT_BODY);
      const outcome = await importCsv(app.db, userId, file, request.query);
      // 422 lists the rejected rows: a report the client reads, not a bare error.
      return reply.code(outcome.status).send(outcome.body);
    },
  );
};
