import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  occurrenceStatusSchema,
  reviewDecisionSchema,
  reviewListSchema,
  reviewLogParamsSchema,
  reviewQuerySchema,
} from '../../../common/occurrence-api.js';
import { reviewSchema, unusualTexts } from '../../../common/occurrences.js';
import { unusualCheckResultSchema, unusualCheckSchema } from '../../../common/unusual-check.js';
import { HttpError } from '../../http-error.js';
import { requireUserId } from '../auth/index.js';
import { buildOccurrenceModel } from './build.js';
import { unusualOf } from './flags.js';
import { assertReviewer, decide, listReview, occurrenceStatus } from './review.js';

// Issue 36: the review of flagged records (/api/review, admins and reviewers) and the occurrence
// model's state and rebuild (/api/admin/occurrences, mounted under the admin feature's guard).

const REVIEWERS_ONLY = { 403: 'Reviewers only (or a cross-site request)' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireUserId(request)); // before the input
  app.get(
    '/logs',
    {
      schema: {
        summary: 'Flagged records to review',
        description:
          "Every account's records flagged as unusual where and when they were made; each " +
          'place as its location privacy allows (a reviewer sees the exact point of an ' +
          'obscured one, nobody a private one). 50 a page.',
        operationId: 'listReview',
        querystring: reviewQuerySchema,
        response: { 200: reviewListSchema },
        errors: REVIEWERS_ONLY,
      },
    },
    async (request) => {
      const viewer = await assertReviewer(app.db, requireUserId(request));
      return listReview(app.db, viewer, request.query);
    },
  );

  app.post(
    '/logs/:id',
    {
      schema: {
        summary: 'Decide on a flagged record',
        description:
          'accepted, needs_evidence or not_accepted, with an optional comment its owner sees ' +
          'on the record. Deciding again replaces the decision.',
        operationId: 'reviewLog',
        params: reviewLogParamsSchema,
        body: reviewDecisionSchema,
        response: { 200: reviewSchema },
        errors: { ...REVIEWERS_ONLY, 400: 'Invalid input', 404: 'No flagged record with this id' },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      await assertReviewer(app.db, userId);
      if (!UUID.test(request.params.id)) throw new HttpError(404, 'Log not found');
      return decide(app.db, userId, request.params.id, request.body);
    },
  );
};

/** What the form asks before saving (signed in): the flags the record would get. */
export const unusualCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireUserId(request)); // before the input
  app.post(
    '/check',
    {
      schema: {
        summary: 'Would a record be flagged as unusual?',
        description:
          'The flags a log of this species, point, time and count would get if saved now ' +
          '(never a reason to refuse it), and their sentences.',
        operationId: 'checkUnusual',
        body: unusualCheckSchema,
        response: { 200: unusualCheckResultSchema },
        errors: { 400: 'Invalid input' },
      },
    },
    async (request) => {
      requireUserId(request);
      const { observedAt, ...record } = request.body;
      const [unusual = null] = await unusualOf(app.db, [
        { ...record, observedAt: new Date(observedAt), count: record.count ?? null },
      ]);
      return { unusual, texts: unusualTexts(unusual) };
    },
  );
};

/** The occurrence model for admins; the caller checks that the user is an admin. */
export const occurrenceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const ADMINS_ONLY = { 403: 'Admins only (or a cross-site request)' };
  app.get(
    '/',
    {
      schema: {
        summary: 'The occurrence model',
        description:
          'Its last build (logs and reference records read, cells made, how long it took) and ' +
          'the reference sets imported with `npm run occurrences:import`, with their citations.',
        operationId: 'getOccurrenceStatus',
        response: { 200: occurrenceStatusSchema },
        errors: ADMINS_ONLY,
      },
    },
    async () => occurrenceStatus(app.db),
  );

  app.post(
    '/build',
    {
      schema: {
        summary: 'Build the occurrence model now',
        description:
          'What the nightly job does: reads every log and the reference sets again. Answers ' +
          'when the build is done, with the model’s new state.',
        operationId: 'buildOccurrences',
        response: { 200: occurrenceStatusSchema },
        errors: ADMINS_ONLY,
      },
    },
    async () => {
      await buildOccurrenceModel(app.db, app.streamRows);
      return occurrenceStatus(app.db);
    },
  );
};
