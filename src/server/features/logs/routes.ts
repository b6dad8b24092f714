import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  logCreateHeadersSchema,
  logListSchema,
  logPageQuerySchema,
  logSchema,
  logWriteSchema,
} from '../../../common/logs/schemas.js';
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
    { schema: { querystring: logPageQuerySchema, response: { 200: logListSchema } } },
    async (request, reply) => {
      const json = await getLogPageJson(app, requireUserId(request), request.query);
      return sendJsonText(request, reply, json);
    },
  );

  app.get(
    '/:id',
    { schema: { params: idParams, response: { 200: logSchema } } },
    async (request, reply) => {
      const json = await getOwnLogJson(app.db, requireUserId(request), request.params.id);
      return sendJsonText(request, reply, json);
    },
  );

  app.post(
    '/',
    {
      schema: {
        headers: logCreateHeadersSchema,
        body: logWriteSchema,
        response: { 200: logSchema, 201: logSchema },
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
    { schema: { params: idParams, body: logWriteSchema, response: { 200: logSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      const json = await updateLog(app.db, requireUserId(request), id, request.body);
      return sendJsonText(request, reply, json);
    },
  );

  app.delete('/:id', { schema: { params: idParams } }, async (request, reply) => {
    const uploads = await deleteLog(app.db, requireUserId(request), request.params.id);
    await releaseUploads(app.db, app.storage, uploads).catch((error: unknown) =>
      request.log.warn({ err: error }, 'could not delete the photos of a deleted log'),
    ); // the periodic clean-up retries what fails here
    return reply.code(204).send();
  });
};
