import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountMessages,
  invitationQuerySchema,
  invitationStatusSchema,
} from '../../../common/auth/schemas.js';
import { NO_SESSION } from '../../api-docs.js';
import type { Config } from '../../config.js';
import { HttpError } from '../../http-error.js';
import { authRouteLimit } from './rate-limits.js';
import { findInvitationStatus } from './sign-up.js';

/**
 * What the sign-up page asks of an invitation link before showing its form (issue 31). The token
 * travels in the query string, which request logs redact (logging.ts), not in the path.
 */
export const invitationRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  app.get(
    '/auth/invitation',
    {
      config: authRouteLimit(config), // a guess at a token costs as much as a sign-in
      schema: {
        summary: 'Whether an invitation link can still be used',
        description:
          '`valid`, `used` (an account was made with it) or `expired`; nothing about who made ' +
          'or used it. A revoked invitation reads as an unknown one.',
        operationId: 'getInvitationStatus',
        security: NO_SESSION,
        querystring: invitationQuerySchema,
        response: { 200: invitationStatusSchema },
        errors: { 404: 'No invitation has this token (never made, or revoked)' },
      },
    },
    async (request) => {
      const status = await findInvitationStatus(app.db, request.query.token);
      if (!status) throw new HttpError(404, accountMessages.invitationUnknown);
      return { status };
    },
  );
};
