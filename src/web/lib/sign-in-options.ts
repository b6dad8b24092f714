import type { RegistrationMode } from '../../common/auth/schemas';

/**
 * How people sign in here. The server writes the OpenID Connect provider's name and whether
 * email and password accounts remain (OIDC mode only), who may sign up (REGISTRATION) and
 * whether reset links are mailed (SMTP_URL) into meta tags of index.html (server/web-app.ts);
 * without them (the dev server), built-in accounts with open sign-up and no mail.
 */
export interface SignInOptions {
  /** The OpenID Connect provider's name, for 'Sign in with {provider}'. */
  provider?: string;
  localAccounts: boolean;
  registration: RegistrationMode;
  /** Users can ask for a password-reset link by email. */
  resetMail: boolean;
}

const modes: readonly string[] = ['open', 'invite', 'closed'] satisfies RegistrationMode[];

export function readSignInOptions(doc: Pick<Document, 'querySelector'>): SignInOptions {
  const meta = (name: string) =>
    doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim();
  const registration = meta('registration') ?? '';
  return {
    provider: meta('sign-in-provider') || undefined,
    localAccounts: meta('local-accounts') !== 'false',
    registration: modes.includes(registration) ? (registration as RegistrationMode) : 'open',
    resetMail: meta('reset-mail') === 'true',
  };
}
