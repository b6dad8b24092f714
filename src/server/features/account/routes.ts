import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  accountDeletionSchema,
  accountSchema,
  accountSessionParamsSchema,
  accountSessionsSchema,
  accountUpdateSchema,
  passwordChangeSchema,
} from '../../../common/account/schemas.js';
import {
  photoPositionFixResultSchema,
  photoPositionFixSchema,
  photoPositionsSchema,
} from '../../../common/account/photo-positions.js';
import { fileReply, noBody } from '../../api-docs.js';
import type { Config } from '../../config.js';
import { ownOrigin } from '../../security.js';
import { requireUserId } from '../auth/index.js';
import { trustedViewerRoutes } from '../geoprivacy/index.js';
import { startAccountArchive } from './archive.js';
import { fixPhotoPositions, listPhotoPositions } from './photo-positions.js';
import {
  changePassword,
  deleteAccount,
  EMAIL_TAKEN,
  endSession,
  getAccount,
  LAST_ADMIN,
  listSessions,
  updateOwnAccount,
  WRONG_PASSWORD,
} from './service.js';

/** The signed-in user's session key (a signed-in request always has one). */
const sessionOf = (request: FastifyRequest) => {
  requireUserId(request);
  return request.sessionId!;
};

/** The account page's calls (ARCHITECTURE "Later contracts", Accounts); mounted at /api/account. */
export const accountRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.addHook('onRequest', async (request) => void requireUserId(request)); // before the input
  await app.register(trustedViewerRoutes, { prefix: '/trusted-viewers' }); // issue 35
  const quotaMb = config.storageQuotaMb;

  app.get(
    '/',
    {
      schema: {
        summary: 'Your account',
        description:
          'Name, email, data licence, whether it has a password, storage used, and the ' +
          'location privacy of new logs.',
        operationId: 'getAccount',
        response: { 200: accountSchema },
      },
    },
    async (request) => getAccount(app.db, requireUserId(request), quotaMb),
  );

  app.put(
    '/',
    {
      schema: {
        summary: 'Change your account',
        description:
          'Name, email, data licence, the location privacy of new logs and outings, and what ' +
          "an obscured place's name shows; a field left out stays as it is. A new email needs " +
          '`currentPassword` on an account that has a password.',
        operationId: 'updateAccount',
        body: accountUpdateSchema,
        response: { 200: accountSchema },
        errors: {
          400: 'Invalid input, or a new email without the current password',
          403: WRONG_PASSWORD,
          409: EMAIL_TAKEN,
          429: 'Too many wrong passwords',
        },
      },
    },
    async (request) => updateOwnAccount(app.db, requireUserId(request), request.body, quotaMb),
  );

  app.put(
    '/password',
    {
      schema: {
        summary: 'Change your password',
        description: 'Every other session of the account ends; this one stays.',
        operationId: 'changePassword',
        body: passwordChangeSchema,
        response: { 204: noBody('The password is changed') },
        errors: {
          400: 'Invalid input (the new password follows the rules of registration)',
          403: WRONG_PASSWORD,
          429: 'Too many wrong passwords',
        },
      },
    },
    async (request, reply) => {
      await changePassword(
        app.db,
        requireUserId(request),
        sessionOf(request),
        request.body,
        config.passwordCost,
      );
      return reply.code(204).send();
    },
  );

  app.get(
    '/sessions',
    {
      schema: {
        summary: 'Your sessions',
        description: 'The live sessions of the account, this one marked `current`.',
        operationId: 'listAccountSessions',
        response: { 200: accountSessionsSchema },
      },
    },
    async (request) => listSessions(app.db, requireUserId(request), sessionOf(request)),
  );

  app.delete(
    '/sessions/:id',
    {
      schema: {
        summary: 'End one of your sessions',
        description: 'Signs that browser out; ending this session signs this browser out.',
        operationId: 'endAccountSession',
        params: accountSessionParamsSchema,
        response: { 204: noBody('The session has ended') },
        errors: { 404: 'No such session of yours' },
      },
    },
    async (request, reply) => {
      await endSession(app.db, requireUserId(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/',
    {
      schema: {
        summary: 'Delete your account',
        description:
          'Deletes the account with its logs, photos, sessions and everything else of it, and ' +
          "signs out. `confirmEmail` is the account's email (or DELETE for an account without " +
          'one); `password` is needed when the account has one.',
        operationId: 'deleteAccount',
        body: accountDeletionSchema,
        response: { 204: noBody('The account is deleted and this session has ended') },
        errors: {
          400: "Invalid input, the email typed is not the account's, or the password is missing",
          403: WRONG_PASSWORD,
          409: LAST_ADMIN,
          429: 'Too many wrong passwords',
        },
      },
    },
    async (request, reply) => {
      await deleteAccount(app.db, app.storage, requireUserId(request), request.body);
      await reply.signOut();
      return reply.code(204).send();
    },
  );

  app.get(
    '/photo-positions',
    {
      schema: {
        summary: 'Find logs placed at a photo without its hemisphere',
        description:
          "Logs whose point is one of their uploaded photos' GPS positions with a sign lost " +
          '(73.9665 for 73.9665 W), as the log form filled them before issue 31, with the ' +
          'point, zone and time a fix gives them. Reads the originals: slow for many photos.',
        operationId: 'listPhotoPositions',
        response: { 200: photoPositionsSchema },
      },
    },
    async (request) => listPhotoPositions(app.db, app.storage, requireUserId(request)),
  );

  app.post(
    '/photo-positions/fix',
    {
      schema: {
        summary: 'Fix logs placed at a photo without its hemisphere',
        description:
          "Gives each log named its photo's signed position and the zone there, when it still " +
          'needs it; other logs, and ids that are not your logs, are left as they are.',
        operationId: 'fixPhotoPositions',
        body: photoPositionFixSchema,
        response: { 200: photoPositionFixResultSchema },
      },
    },
    async (request) =>
      fixPhotoPositions(app.db, app.storage, requireUserId(request), request.body.logIds),
  );

  app.get(
    '/archive.zip',
    {
      schema: {
        summary: 'Download your account archive',
        description:
          'Everything of the account as one zip: account.json, sightings.csv (the CSV export, ' +
          'which POST /api/import reads back with the photos and recordings), outings.json, ' +
          'dwca.zip (the Darwin Core Archive), every uploaded photo under photos/ and every ' +
          'sound recording under recordings/, as uploaded.',
        operationId: 'downloadAccountArchive',
        response: { 200: fileReply('The archive, as an attachment', 'application/zip') },
      },
    },
    async (request, reply) => {
      const { filename, body } = await startAccountArchive(
        app.db,
        app.streamRows,
        app.storage,
        requireUserId(request),
        { origin: ownOrigin(request, config), appName: config.appName },
      );
      reply.raw.once('close', () => body.destroy()); // a client gone mid-archive
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(body);
    },
  );
};
