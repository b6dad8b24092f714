import { z } from 'zod';
import { isCommonPassword } from './common-passwords.js';

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

export const registerSchema = z.object({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .refine(
      (password) => !isCommonPassword(password),
      'This password is too common. Choose one that is harder to guess',
    ),
  firstName: optionalName('First name'),
  lastName: optionalName('Last name'),
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
} as const;
export type SignInError = keyof typeof signInErrorMessages;

export function signInErrorMessage(code: string | null | undefined): string | undefined {
  return code && Object.hasOwn(signInErrorMessages, code)
    ? signInErrorMessages[code as SignInError]
    : undefined;
}
