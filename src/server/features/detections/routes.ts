import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  detectionConfirmSchema,
  detectionDecisionSchema,
  detectionRejectSchema,
  outingDetectionsSchema,
} from '../../../common/detections.js';
import { logSchema } from '../../../common/logs/schemas.js';
import { sendJsonText } from '../../json-text.js';
import { requireUserId } from '../auth/index.js';
import { confirmSpecies, getOutingDetections, rejectSpecies } from './decisions.js';

const idParams = z.object({ id: z.string().max(100) });
const NOT_FOUND = 'No such outing of yours';

/** An outing's detections to confirm (issue 37); mounted at /api/outings, signed-in only. */
export const outingDetectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireUserId(request)); // before the input

  app.get(
    '/:id/detections',
    {
      schema: {
        summary: "An outing's detections to confirm",
        description:
          'Its pending detections by species and local hour, each with its best clips, and ' +
          'the species already confirmed or rejected.',
        operationId: 'listOutingDetections',
        params: idParams,
        response: { 200: outingDetectionsSchema },
        errors: { 404: NOT_FOUND },
      },
    },
    async (request) => getOutingDetections(app.db, requireUserId(request), request.params.id),
  );

  app.post(
    '/:id/detections/confirm',
    {
      schema: {
        summary: 'Confirm a species detected',
        description:
          'Makes a log of the outing from the species’ pending detections (in the hours named, ' +
          'else all): observed at the first, with the count given (1 unless said), linked to ' +
          'a taxon as any log, with the recordings uploaded (`uploadedRecordingUrls`: the ' +
          'clip files). The detections are marked confirmed with the log.',
        operationId: 'confirmDetections',
        params: idParams,
        body: detectionConfirmSchema,
        response: { 201: logSchema.describe('The log made') },
        errors: {
          400: 'An uploaded recording is not yours, or not a recording',
          404: `${NOT_FOUND}, or no detections of the species on it`,
          409: 'The detections are already confirmed or rejected',
        },
      },
    },
    async (request, reply) => {
      const json = await confirmSpecies(
        app.db,
        requireUserId(request),
        request.params.id,
        request.body,
      );
      return sendJsonText(request, reply.code(201), json);
    },
  );

  app.post(
    '/:id/detections/reject',
    {
      schema: {
        summary: 'Reject a species detected',
        description:
          'Marks the species’ pending detections (in the hours named, else all) rejected.',
        operationId: 'rejectDetections',
        params: idParams,
        body: detectionRejectSchema,
        response: { 200: detectionDecisionSchema.describe('How many detections were rejected') },
        errors: {
          404: `${NOT_FOUND}, or no detections of the species on it`,
          409: 'The detections are already confirmed or rejected',
        },
      },
    },
    async (request) =>
      rejectSpecies(app.db, requireUserId(request), request.params.id, request.body),
  );
};
