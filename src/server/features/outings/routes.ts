import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER, logCreateHeadersSchema } from '../../../common/logs/schemas.js';
import {
  outingDeleteQuerySchema,
  outingDetailsSchema,
  outingListQuerySchema,
  outingListSchema,
  outingWriteSchema,
} from '../../../common/outings/schemas.js';
import { logFiltersSchema } from '../../../common/logs/schemas.js';
import { EBIRD_FILE_MAX_BYTES } from '../../../common/outings/ebird-record.js';
import { binary, fileReply, noBody } from '../../api-docs.js';
import { HttpError } from '../../http-error.js';
import { sendJsonText } from '../../json-text.js';
import { requireUserId } from '../auth/index.js';
import { releaseUploads } from '../photos/index.js';
import { startEbirdExport } from './ebird-export.js';
import { outingEbirdCsv } from './ebird-record.js';
import { createOuting, deleteOuting, getOutingJson, listOutings, updateOuting } from './service.js';

const idParams = z.object({ id: z.string().max(100) });
const NOT_FOUND = 'No such outing of yours';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const EBIRD_DESCRIPTION =
  "In eBird's Record Format for its import tool: 19 columns (Common Name, Genus, Species, " +
  'Number, Species Comments, Location Name, Latitude, Longitude, Date, Start Time, ' +
  'State/Province, Country Code, Protocol, Number of Observers, Duration, All observations ' +
  'reported?, Effort Distance Miles, Effort area acres, Submission Comments), no header row. ' +
  "A log of an outing carries the outing's effort; a log of none is an incidental record.";
const ebirdReply = fileReply('The records, as a CSV attachment without a header row', 'text/csv');

/** Mounted at /api/outings; every route needs a signed-in user, checked before the input. */
export const outingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireUserId(request));

  app.get(
    '/',
    {
      schema: {
        summary: 'List your outings',
        description:
          'A page of your outings, newest start first, each with how many species and ' +
          'individuals its logs hold; with `ids`, only those of them (another user’s are left out).',
        operationId: 'listOutings',
        querystring: outingListQuerySchema,
        response: { 200: outingListSchema },
      },
    },
    async (request) => listOutings(app.db, requireUserId(request), request.query),
  );

  app.get(
    '/:id',
    {
      schema: {
        summary: 'One of your outings, with its logs',
        operationId: 'getOuting',
        params: idParams,
        response: { 200: outingDetailsSchema },
        errors: { 404: NOT_FOUND },
      },
    },
    async (request, reply) => {
      const json = await getOutingJson(app.db, requireUserId(request), request.params.id);
      return sendJsonText(request, reply, json);
    },
  );

  app.get(
    '/:id/ebird.csv',
    {
      schema: {
        summary: 'Download an outing for eBird',
        description: EBIRD_DESCRIPTION,
        operationId: 'downloadOutingEbird',
        params: idParams,
        response: { 200: ebirdReply },
        errors: { 404: NOT_FOUND },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const csv = UUID.test(id)
        ? await outingEbirdCsv(app.db, requireUserId(request), id)
        : undefined;
      if (csv === undefined) throw new HttpError(404, 'Outing not found');
      return sendEbird(reply, 'ebird-outing.csv', csv);
    },
  );

  app.post(
    '/',
    {
      schema: {
        summary: 'Start or record an outing',
        description:
          'Creates an outing. Sent again with the same Idempotency-Key, answers the outing the ' +
          'first request made (200) instead of a second one.',
        operationId: 'createOuting',
        headers: logCreateHeadersSchema,
        body: outingWriteSchema,
        response: {
          200: outingDetailsSchema.describe(
            'The outing an earlier request with this Idempotency-Key made',
          ),
          201: outingDetailsSchema.describe('The new outing'),
        },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const { json, created } = await createOuting(
        app.db,
        requireUserId(request),
        request.body,
        key,
      );
      reply.code(created ? 201 : 200);
      return sendJsonText(request, reply, json);
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        summary: 'Change an outing',
        description: 'A full replacement of the outing’s fields; its logs stay as they are.',
        operationId: 'updateOuting',
        params: idParams,
        body: outingWriteSchema,
        response: { 200: outingDetailsSchema },
        errors: { 404: NOT_FOUND },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const json = await updateOuting(app.db, requireUserId(request), id, request.body);
      return sendJsonText(request, reply, json);
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        summary: 'Delete an outing',
        description:
          'Deletes the outing. `withLogs=true` deletes its logs (and their uploaded photos) ' +
          'too; `withLogs=false` keeps them as logs of no outing.',
        operationId: 'deleteOuting',
        params: idParams,
        querystring: outingDeleteQuerySchema,
        response: { 204: noBody('The outing is deleted') },
        errors: { 404: NOT_FOUND },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const userId = requireUserId(request);
      const uploads = await deleteOuting(app.db, userId, id, request.query.withLogs);
      await releaseUploads(app.db, app.storage, uploads).catch((error: unknown) =>
        request.log.warn({ err: error }, 'could not delete the photos of a deleted outing'),
      ); // the periodic clean-up retries what fails here
      return reply.code(204).send();
    },
  );
};

const sendEbird = (
  reply: FastifyReply,
  filename: string,
  body: string | Readable,
  type = 'text/csv; charset=utf-8',
) =>
  reply.type(type).header('content-disposition', `attachment; filename="${filename}"`).send(body);

/** Mounted at /api/export: every log matching the list's filters, for eBird. */
export const ebirdExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireUserId(request));

  app.get(
    '/ebird.csv',
    {
      schema: {
        summary: 'Download your logs for eBird',
        description:
          `${EBIRD_DESCRIPTION} The list's filters apply. eBird takes files of up to 1 MB: ` +
          `records over ${EBIRD_FILE_MAX_BYTES.toLocaleString('en')} bytes come as a zip of ` +
          'files within the limit (ebird-1.csv, ebird-2.csv…), no checklist split between two.',
        operationId: 'exportEbird',
        querystring: logFiltersSchema,
        response: {
          200: {
            description: 'The records: a CSV attachment without a header row, or a zip of them',
            content: { 'text/csv': { schema: binary }, 'application/zip': { schema: binary } },
          },
        },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { filename, type, body } = await startEbirdExport(
        app.db,
        app.streamRows,
        userId,
        request.query,
      );
      // A client gone mid-export stops the query: destroying the body closes the cursor.
      reply.raw.once('close', () => body.destroy());
      return sendEbird(reply, filename, body, type);
    },
  );
};
