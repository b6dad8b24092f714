import { z } from 'zod';
import { weakPasswordMessage } from './password-strength.js';

export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 1024; // scrypt work grows with input; a bound keeps it cheap

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'))
  .transform((value) => value.toLowerCase());

const optionalName = (label: string) =>
  z
    .string()
    .trim()
    .max(100, `${label} must be at most 100 characters`)
    .optional()
    .transform((value) => value || undefined);

/** A new password: at sign-up, on the account page, and when a reset link sets one. */
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .superRefine(
    (password, context) => {
      const message = weakPasswordMessage(password);
      if (message) context.addIssue({ code: 'custom', message });
    },
    { when: ({ issues }) => issues.length === 0 }, // one message at a time: the length first
  );

/** The token of an invitation or reset link, as it arrives from a URL. */
const linkToken = z.string().trim().max(200, 'This link is not valid');

export const registerSchema = z.object({
  email,
  password: newPasswordSchema,
  firstName: optionalName('First name'),
  lastName: optionalName('Last name'),
  /** The invitation's token, from an invitation link; needed when REGISTRATION=invite. */
  invitation: linkToken.optional().transform((value) => value || undefined),
});
export type RegisterPayload = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type LoginPayload = z.infer<typeof loginSchema>;

export const passwordResetSchema = z.object({
  token: linkToken.min(1, 'This link is not valid'),
  newPassword: newPasswordSchema,
});
export type PasswordResetPayload = z.infer<typeof passwordResetSchema>;

export const passwordResetRequestSchema = z.object({ email });
export type PasswordResetRequestPayload = z.infer<typeof passwordResetRequestSchema>;

/** Who may create an account here (REGISTRATION). */
export const registrationModes = ['open', 'invite', 'closed'] as const;
export type RegistrationMode = (typeof registrationModes)[number];

/** `GET /api/auth/registration`: whether the create-account form can work without an invitation. */
export const registrationSchema = z.object({
  mode: z.enum(registrationModes),
  /** No account exists yet: the next one is the admin's, whatever the mode. */
  firstAccount: z.boolean(),
});
export type Registration = z.infer<typeof registrationSchema>;

/** `GET /api/auth/invitation?token=…`: the token of an invitation link. */
export const invitationQuerySchema = z.object({
  token: linkToken.min(1, 'This link is not valid'),
});

/** What an invitation link's page can say before its form: nothing of who made or used it. */
export const invitationStatusSchema = z.object({ status: z.enum(['valid', 'used', 'expired']) });
export type InvitationStatus = z.infer<typeof invitationStatusSchema>['status'];

/** What sign-up, sign-in and reset links answer when the server's rules refuse them. */
export const accountMessages = {
  invitationRequired: 'Sign-up on this server needs an invitation. Ask its admin for one.',
  invitationInvalid:
    'This invitation link has expired, was revoked or was already used. Ask the admin for a new one.',
  invitationUnknown:
    'This invitation link is not valid: it was revoked, or only part of it was copied. Ask the admin for a new one.',
  invitationUsed: 'This invitation has already been used.',
  invitationExpired: 'This invitation has expired.',
  registrationClosed: 'Sign-up is closed on this server.',
  disabled:
    'This account has been disabled. Ask the admin of this server if you think it should not be.',
  resetLinkInvalid: 'This reset link has expired or was already used. Ask for a new one.',
} as const;

export const userSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** `admin` may open /admin and the /api/admin routes (issue 21). */
  role: z.enum(['admin', 'user']),
});
export type User = z.infer<typeof userSchema>;

/** `/api/login` and `/login` carry these through the sign-in (ARCHITECTURE "Auth"). */
export const loginQuerySchema = z.object({
  pwa: z.enum(['true']).optional().catch(undefined),
  next: z.string().optional().catch(undefined),
  /** An invitation's token, carried to the sign-up (and through an OpenID Connect sign-in). */
  invitation: z.string().max(200).optional().catch(undefined),
  /** The landing page's Get Started: the sign-in page opens on 'Create account' (issue 23). */
  signup: z.enum(['true']).optional().catch(undefined),
});

/** A `next` target is followed only when it is a path on this origin: no `//host`, no `/\host`. */
export function safeNextPath(next: string | undefined): string | undefined {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return undefined;
  }
  // Control characters and backslashes make browsers and URL parsers disagree about the host.
  if ([...next].some((char) => char < ' ' || char === '\\')) return undefined;
  return next;
}

/**
 * Why an OpenID Connect sign-in ended on /login: the server sends only the code
 * (`/login?error=expired`), so a crafted link cannot put words of its own on the page.
 */
export const signInErrorMessages = {
  expired: 'The sign-in took too long and has expired. Please sign in again.',
  invalid_state: 'The sign-in could not be verified. Please sign in again.',
  denied: 'The sign-in was cancelled.',
  provider_error: 'The sign-in provider reported an error. Please try again.',
  failed: 'The sign-in could not be completed. Please try again.',
  unavailable: 'The sign-in provider cannot be reached right now. Please try again later.',
  invitation_required: accountMessages.invitationRequired,
  invitation_invalid: accountMessages.invitationInvalid,
  registration_closed: accountMessages.registrationClosed,
  disabled: accountMessages.disabled,
} as const;
export type SignInError = keyof typeof signInErrorMessages;

export function signInErrorMessage(code: string | null | undefined): string | undefined {
  return code && Object.hasOwn(signInErrorMessages, code)
    ? signInErrorMessages[code as SignInError]
    : undefined;
}
