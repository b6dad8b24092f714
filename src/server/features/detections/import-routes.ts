import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DETECTION_BODY_TYPES,
  DETECTIONS_MAX_BYTES,
  UNSUPPORTED_DETECTIONS_BODY,
  detectionImportQuerySchema,
  detectionImportResultSchema,
} from '../../../common/detections.js';
import { binary } from '../../api-docs.js';
import { HttpError } from '../../http-error.js';
import { requireUserId } from '../auth/index.js';
import { importDetections } from './import.js';

/** Mounted at /api/detections; a signed-in user, checked before the body is read. */
export const detectionImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireUserId(request));

  // the body is the file itself, as text; any other type is refused by name, JSON too
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    DETECTION_BODY_TYPES,
    { parseAs: 'string', bodyLimit: DETECTIONS_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.addContentTypeParser('*', (_request, _payload, done) =>
    done(new HttpError(415, UNSUPPORTED_DETECTIONS_BODY), undefined),
  );

  app.post(
    '/import',
    {
      schema: {
        summary: 'Import sound detections',
        description:
          "Reads BirdNET-Pi's BirdDB.txt (or birds.db as CSV), a BirdNET-Go CSV, or a " +
          'BirdNET-Analyzer selection table or CSV, sent as the body. Detections at or over ' +
          '`minConfidence` go on the outing named, or on one outing per station and local day ' +
          '(found again on the next import), to be confirmed or rejected by species and hour. ' +
          'A detection imported before is not added again. With `dryRun=true` nothing is written.',
        operationId: 'importDetections',
        querystring: detectionImportQuerySchema,
        bodyContent: Object.fromEntries(DETECTION_BODY_TYPES.map((type) => [type, binary])),
        response: {
          200: detectionImportResultSchema.describe('What the import would do (dryRun)'),
          201: detectionImportResultSchema,
        },
        errors: {
          400: 'Invalid options, or the file is no detection file we read',
          404: 'The outingId names no outing of yours',
          413: `The file is over ${DETECTIONS_MAX_BYTES / 1024 / 1024} MB`,
          415: UNSUPPORTED_DETECTIONS_BODY,
        },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const text = typeof request.body === 'string' ? request.body : '';
      if (!text.trim()) throw new HttpError(400, 'The file is empty');
      const { status, body } = await importDetections(app.db, userId, text, request.query);
      return reply.code(status).send(body);
    },
  );
};
