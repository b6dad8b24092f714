import { accountMessages, type SignInError } from '../../../common/auth/schemas.js';
import { HttpError } from '../../http-error.js';

/**
 * A sign-up or sign-in the server's rules refuse (REGISTRATION, a disabled account): 403 with
 * the message for a form, and the code an OpenID Connect sign-in ends on /login with.
 */
export class SignInRefused extends HttpError {
  constructor(readonly code: Extract<SignInError, keyof typeof refusalMessages>) {
    super(403, refusalMessages[code]);
    this.name = 'SignInRefused';
  }
}

const refusalMessages = {
  invitation_required: accountMessages.invitationRequired,
  invitation_invalid: accountMessages.invitationInvalid,
  registration_closed: accountMessages.registrationClosed,
  disabled: accountMessages.disabled,
} as const;
