import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportQuerySchema } from '../../../common/export.js';
import { requireUserId } from '../../auth/sessions.js';
import type { Config } from '../../config.js';
import { startExport } from './service.js';

/** Mounted at /api; the export needs a signed-in user, checked before the input. */
export const exportRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.addHook('onRequest', async (request) => void requireUserId(request));

  app.get('/export.csv', { schema: { querystring: exportQuerySchema } }, async (request, reply) => {
    const origin = config.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
    const { filename, body } = await startExport(
      app.db,
      app.streamRows,
      requireUserId(request),
      request.query,
      origin,
    );
    // A client gone mid-export stops the query: destroying the body closes the cursor.
    reply.raw.once('close', () => body.destroy());
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(body);
  });
};
