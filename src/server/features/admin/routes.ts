import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserListSchema,
  adminUserSchema,
  adminUserUpdateSchema,
  invitationIdParamsSchema,
  invitationListSchema,
  newInvitationSchema,
  resetLinkSchema,
  userIdParamsSchema,
} from '../../../common/admin.js';
import { noBody } from '../../api-docs.js';
import type { Config } from '../../config.js';
import { ownOrigin } from '../../security.js';
import { requireUserId } from '../auth/index.js';
import { sensitiveTaxaRoutes } from '../geoprivacy/index.js';
import { occurrenceAdminRoutes } from '../occurrences/index.js';
import {
  assertAdmin,
  createInvitation,
  listOpenInvitations,
  listUsers,
  makeResetLink,
  revokeInvitation,
  updateUser,
} from './service.js';

const ADMINS_ONLY = { 403: 'Admins only (or a cross-site request)' };

/**
 * Mounted at /api/admin. Signed out: 401; signed in but not an admin: 403 'Admins only'. The
 * routes exist on every Sightbook, so a 404 would hide nothing; a 403 lets the app say why.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.addHook('onRequest', async (request) => {
    await assertAdmin(app.db, requireUserId(request));
  });
  await app.register(sensitiveTaxaRoutes, { prefix: '/sensitive-taxa' }); // issue 35
  await app.register(occurrenceAdminRoutes, { prefix: '/occurrences' }); // issue 36

  app.get(
    '/users',
    {
      schema: {
        summary: 'Every user of the server',
        description:
          'Email, name, role, logs, photo storage used and allowed, last activity, creation ' +
          'and whether disabled; oldest account first.',
        operationId: 'listUsersAsAdmin',
        response: { 200: adminUserListSchema },
        errors: ADMINS_ONLY,
      },
    },
    async () => ({
      items: await listUsers(app.db, config),
      defaultQuotaMb: config.storageQuotaMb,
    }),
  );

  app.patch(
    '/users/:id',
    {
      schema: {
        summary: 'Disable, enable or change a user',
        description:
          '`disabled: true` ends every session of the user at once and refuses their ' +
          'sign-ins; `storageQuotaMb` (null: the server default); `role`; `reviewer` (sees the ' +
          'exact points of obscured logs). An admin cannot ' +
          'disable themselves, and the last admin cannot become a user.',
        operationId: 'updateUserAsAdmin',
        params: userIdParamsSchema,
        body: adminUserUpdateSchema,
        response: { 200: adminUserSchema },
        errors: {
          ...ADMINS_ONLY,
          404: 'No such user',
          409: 'Disabling yourself, or demoting the last admin',
        },
      },
    },
    async (request) =>
      updateUser(app.db, config, requireUserId(request), request.params.id, request.body),
  );

  app.post(
    '/users/:id/password-reset',
    {
      schema: {
        summary: 'Make a password-reset link for a user',
        description:
          'A one-time link, valid 24 hours, that lets the user set a new password; it replaces ' +
          'any earlier link of theirs. The link is shown only now.',
        operationId: 'createResetLinkAsAdmin',
        params: userIdParamsSchema,
        response: { 201: resetLinkSchema },
        errors: {
          ...ADMINS_ONLY,
          404: 'No such user',
          409: 'The account is disabled, has no email, or the server has no passwords (OpenID Connect only)',
        },
      },
    },
    async (request, reply) => {
      const link = await makeResetLink(
        app.db,
        config,
        request.params.id,
        ownOrigin(request, config),
      );
      return reply.code(201).send(link);
    },
  );

  app.post(
    '/invitations',
    {
      schema: {
        summary: 'Create an invitation',
        description:
          'A single-use sign-up link, valid 7 days. Its token is stored hashed: the link is ' +
          'shown only now.',
        operationId: 'createInvitation',
        response: { 201: newInvitationSchema },
        errors: { ...ADMINS_ONLY, 409: 'Sign-up is closed on this server' },
      },
    },
    async (request, reply) => {
      const adminId = requireUserId(request);
      const invitation = await createInvitation(
        app.db,
        config,
        adminId,
        ownOrigin(request, config),
      );
      return reply.code(201).send(invitation);
    },
  );

  app.get(
    '/invitations',
    {
      schema: {
        summary: 'Open invitations',
        description: 'Invitations not yet used, expired or revoked; newest first.',
        operationId: 'listInvitations',
        response: { 200: invitationListSchema },
        errors: ADMINS_ONLY,
      },
    },
    async () => ({ items: await listOpenInvitations(app.db) }),
  );

  app.delete(
    '/invitations/:id',
    {
      schema: {
        summary: 'Revoke an invitation',
        description: 'Its link stops working at once.',
        operationId: 'revokeInvitation',
        params: invitationIdParamsSchema,
        response: { 204: noBody('Revoked') },
        errors: { ...ADMINS_ONLY, 404: 'No open invitation with this id' },
      },
    },
    async (request, reply) => {
      await revokeInvitation(app.db, request.params.id);
      return reply.code(204).send();
    },
  );
};
