import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DETECTION_BODY_TYPES,
  DETECTIONS_MAX_BYTES,
  TOKEN_IMPORTS_PER_HOUR,
  UNSUPPORTED_DETECTIONS_BODY,
  detectionImportResultSchema,
} from '../../../common/detections.js';
import { detectionImportQuerySchema } from '../../../common/detection-import-query.js';
import { binary, SESSION_SCHEME, TOKEN_SCHEME } from '../../api-docs.js';
import { HttpError } from '../../http-error.js';
import { hitRateLimit, requireUserId, tooManyRequests } from '../auth/index.js';
import { importDetections } from './import.js';
import { useAccessToken } from './tokens.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Mounted at /api/detections. A station posts with `Authorization: Bearer <token>` (scope
 * import), a browser with its session; a token opens this route and no other, since it never
 * becomes a session. Checked before the body is read.
 */
export const detectionImportRoutes: FastifyPluginAsyncZod = async (app) => {
  async function authorise(request: FastifyRequest) {
    const header = request.headers.authorization;
    if (header === undefined) return void requireUserId(request);
    const secret = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
    const token = secret ? await useAccessToken(app.db, secret) : undefined;
    if (token?.scope !== 'import') throw new HttpError(401, 'Unauthorized');
    const { hits, resetAt } = await hitRateLimit(app.db, `access-token:${token.id}`, HOUR_MS);
    if (hits > TOKEN_IMPORTS_PER_HOUR) {
      throw tooManyRequests(
        `This token has posted ${TOKEN_IMPORTS_PER_HOUR} imports this hour: try again later`,
        resetAt,
      );
    }
    request.userId = token.userId;
  }
  app.addHook('onRequest', authorise);

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
        security: [{ [SESSION_SCHEME]: [] }, { [TOKEN_SCHEME]: [] }],
        querystring: detectionImportQuerySchema,
        bodyContent: Object.fromEntries(DETECTION_BODY_TYPES.map((type) => [type, binary])),
        response: {
          200: detectionImportResultSchema.describe('What the import would do (dryRun)'),
          201: detectionImportResultSchema,
        },
        errors: {
          400: 'Invalid options, or the file is no detection file we read',
          401: 'Not signed in, or the token is unknown, revoked or of another scope',
          404: 'The outingId names no outing of yours',
          413: `The file is over ${DETECTIONS_MAX_BYTES / 1024 / 1024} MB`,
          415: UNSUPPORTED_DETECTIONS_BODY,
          429: `A token posts at most ${TOKEN_IMPORTS_PER_HOUR} imports an hour`,
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
