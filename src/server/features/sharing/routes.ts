import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { genericLinkPreview, logLinkPreview } from '../../../common/sharing.js';
import { sharedLogPath } from '../../../common/routes.js';
import type { Config } from '../../config.js';
import { HttpError } from '../../http-error.js';
import { ownOrigin } from '../../security.js';
import { renderPageHead } from '../../web-app.js';
import { getSharedLog } from '../logs/index.js';

// GET /shared/:id answers the app's page with the log's link preview already in <head>: chat
// apps and social sites read these tags without running the app (SPEC §2 "Public shared log").

const GENERIC_DESCRIPTION = 'Log wildlife sightings: species, counts, places, notes and photos.';

/** The observation day as the preview states it, in UTC: crawlers have no time zone. */
const formatDay = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

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
      const log = await getSharedLog(app.db, request.params.id).catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 404) return undefined;
        throw error;
      });
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
