import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  createdLogSchema,
  logCreateHeadersSchema,
  logListSchema,
  logPageQuerySchema,
  logSchema,
  logWriteSchema,
} from '../../../common/logs/schemas.js';
import { noBody } from '../../api-docs.js';
import { sendJsonText } from '../../json-text.js';
import { requireUserId } from '../auth/index.js';
import { releaseUploads } from '../photos/index.js';
import { createLog, deleteLog, getLogPageJson, getOwnLogJson, updateLog } from './service.js';

const idParams = z.object({ id: z.string().max(100) });

/** Mounted at /api/logs; every route needs a signed-in user, checked before the input. */
export const logsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireUserId(request));

  app.get(
    '/',
    {
      schema: {
        summary: 'List your logs',
        description: 'A page of your logs matching the filters, newest observation first.',
        operationId: 'listLogs',
        querystring: logPageQuerySchema,
        response: { 200: logListSchema },
      },
    },
    async (request, reply) => {
      const json = await getLogPageJson(app, requireUserId(request), request.query);
      return sendJsonText(request, reply, json);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        summary: 'One of your logs',
        operationId: 'getLog',
        params: idParams,
        response: { 200: logSchema },
        errors: { 404: 'No such log of yours' },
      },
    },
    async (request, reply) => {
      const json = await getOwnLogJson(app.db, requireUserId(request), request.params.id);
      return sendJsonText(request, reply, json);
    },
  );

  app.post(
    '/',
    {
      schema: {
        summary: 'Create a log',
        description:
          'Creates a log. Sent again with the same Idempotency-Key, answers the log the first ' +
          'request made (200) instead of a second one.',
        operationId: 'createLog',
        headers: logCreateHeadersSchema,
        body: logWriteSchema,
        response: {
          200: createdLogSchema.describe(
            'The log an earlier request with this Idempotency-Key made',
          ),
          201: createdLogSchema.describe('The new log'),
        },
        errors: {
          400: 'Invalid input, or a taxonId the backbone does not hold',
          404: 'The outingId names no outing of yours',
        },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const { json, created } = await createLog(app.db, requireUserId(request), request.body, key);
      reply.code(created ? 201 : 200); // 200: the log an earlier create made
      return sendJsonText(request, reply, json);
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        summary: 'Change a log',
        operationId: 'updateLog',
        params: idParams,
        body: logWriteSchema,
        response: { 200: logSchema },
        errors: {
          400: 'Invalid input, or a taxonId the backbone does not hold',
          404: 'No such log of yours, or the outingId names no outing of yours',
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const json = await updateLog(app.db, requireUserId(request), id, request.body);
      return sendJsonText(request, reply, json);
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        summary: 'Delete a log',
        description: 'Deletes a log and its uploaded photos.',
        operationId: 'deleteLog',
        params: idParams,
        response: { 204: noBody('The log is deleted') },
        errors: { 404: 'No such log of yours' },
      },
    },
    async (request, reply) => {
      const uploads = await deleteLog(app.db, requireUserId(request), request.params.id);
      await releaseUploads(app.db, app.storage, uploads).catch((error: unknown) =>
        request.log.warn({ err: error }, 'could not delete the photos of a deleted log'),
      ); // the periodic clean-up retries what fails here
      return reply.code(204).send();
    },
  );
};
