import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sharedLogSchema } from '../../../common/logs/schemas.js';
import { sharedOutingSchema } from '../../../common/outings/schemas.js';
import { sharedLogPath, sharedOutingPath } from '../../../common/routes.js';
import {
  genericLinkPreview,
  logLinkPreview,
  outingLinkPreview,
  type LinkPreview,
  type ObservedDay,
} from '../../../common/sharing.js';
import { OPTIONAL_SESSION } from '../../api-docs.js';
import type { Config } from '../../config.js';
import { ownOrigin } from '../../security.js';
import { renderPageHead } from '../../web-app.js';
import { findSharedLog, findSharedOuting, getSharedLog, getSharedOuting } from './service.js';

// A public log for anyone with its link (SPEC §2 "Public shared log"), and a public outing
// (issue 22): the log or outing itself, and the app's page with its link preview already in
// <head>.

const idParams = z.object({ id: z.string().max(100) });

/** The log, no cookie needed; mounted at /api/logs/shared. */
export const sharedLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    {
      schema: {
        summary: 'A public log',
        description:
          'A log its owner made public, for anyone with its link; its place as its location ' +
          'privacy allows: open, rounded to 0.01° unless the owner allows the exact point; ' +
          'obscured, a stable point in its 0.2° cell (locationCell) and the place name as its ' +
          "region or none; private, neither. Signed in as the owner's trusted viewer or a " +
          'reviewer, the exact place of an obscured log (locationExact).',
        operationId: 'getSharedLog',
        security: OPTIONAL_SESSION,
        params: idParams,
        response: { 200: sharedLogSchema },
        errors: { 404: 'No such log, or it is not public' },
      },
    },
    async (request) => getSharedLog(app.db, request.params.id, request.userId),
  );
};

/** The outing and its public logs, no cookie needed; mounted at /api/outings/shared. */
export const sharedOutingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    {
      schema: {
        summary: 'A public outing',
        description:
          'An outing its owner made public, for anyone with its link: its effort and its ' +
          'public logs, each place as its location privacy allows (as a shared log). The ' +
          "outing's own place is rounded when open, and at least as private as its strictest " +
          'public log. Species and individuals count the public logs only.',
        operationId: 'getSharedOuting',
        security: OPTIONAL_SESSION,
        params: idParams,
        response: { 200: sharedOutingSchema },
        errors: { 404: 'No such outing, or it is not public' },
      },
    },
    async (request) => getSharedOuting(app.db, request.params.id, request.userId),
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
  const page = (preview: LinkPreview) =>
    renderPageHead(indexHtml, { title: preview.documentTitle, tags: preview.tags });

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
        .send(page(preview));
    },
  );

  // A private or unknown outing: the app's page (it shows that the outing is not found) with
  // the generic preview, and 404 for crawlers.
  app.get(
    '/shared/outings/:id',
    { schema: { hide: true, params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      const origin = ownOrigin(request, config);
      const place = { origin, appName: config.appName, formatDay };
      const outing = await findSharedOuting(app.db, request.params.id);
      const preview = outing
        ? outingLinkPreview(outing, place)
        : genericLinkPreview(
            `${origin}${sharedOutingPath(encodeURIComponent(request.params.id))}`,
            place,
            GENERIC_DESCRIPTION,
          );
      return reply
        .code(outing ? 200 : 404)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(page(preview));
    },
  );
};
