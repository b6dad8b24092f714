import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sharedLogSchema } from '../../../common/logs/schemas.js';
import { sharedLogPath } from '../../../common/routes.js';
import { genericLinkPreview, logLinkPreview, type ObservedDay } from '../../../common/sharing.js';
import { NO_SESSION } from '../../api-docs.js';
import type { Config } from '../../config.js';
import { ownOrigin } from '../../security.js';
import { renderPageHead } from '../../web-app.js';
import { findSharedLog, getSharedLog } from './service.js';

// A public log for anyone with its link (SPEC §2 "Public shared log"): the log itself, and the
// app's page with the log's link preview already in <head>.

const idParams = z.object({ id: z.string().max(100) });

/** The log, no cookie needed; mounted at /api/logs/shared. */
export const sharedLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    {
      schema: {
        summary: 'A public log',
        description: 'A log its owner made public, for anyone with its link.',
        operationId: 'getSharedLog',
        security: NO_SESSION,
        params: idParams,
        response: { 200: sharedLogSchema },
        errors: { 404: 'No such log, or it is not public' },
      },
    },
    async (request) => getSharedLog(app.db, request.params.id),
  );
};

const GENERIC_DESCRIPTION = 'Log wildlife sightings: species, counts, places, notes and photos.';

/**
 * The observation day as the preview states it: the day at the place, else in UTC (crawlers have
 * no time zone; a date-only log without a zone was stored at noon UTC).
 */
const formatDay = ({ observedAt, timeZone }: ObservedDay) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: timeZone ?? 'UTC' }).format(
    new Date(observedAt),
  );

/**
 * GET /shared/:id: the app's page, its head holding the log's link preview. Chat apps and social
 * sites read these tags without running the app.
 */
export const sharedPageRoutes: FastifyPluginAsyncZod<{
  config: Config;
  indexHtml: string;
}> = async (app, { config, indexHtml }) => {
  app.get(
    '/shared/:id',
    { schema: { hide: true, params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      const origin = ownOrigin(request, config);
      const place = { origin, appName: config.appName, formatDay };
      const log = await findSharedLog(app.db, request.params.id);
      const preview = log
        ? logLinkPreview(log, place)
        : genericLinkPreview(
            `${origin}${sharedLogPath(encodeURIComponent(request.params.id))}`,
            place,
            GENERIC_DESCRIPTION,
          );
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(renderPageHead(indexHtml, { title: preview.documentTitle, tags: preview.tags }));
    },
  );
};
