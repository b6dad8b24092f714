/**
 * How people sign in here. In OpenID Connect mode the server writes the provider's name and
 * whether email and password accounts remain into meta tags of index.html (server/web-app.ts);
 * without them, built-in accounts are the only way.
 */
export interface SignInOptions {
  /** The OpenID Connect provider's name, for 'Sign in with {provider}'. */
  provider?: string;
  localAccounts: boolean;
}

export function readSignInOptions(doc: Pick<Document, 'querySelector'>): SignInOptions {
  const meta = (name: string) =>
    doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim();
  return {
    provider: meta('sign-in-provider') || undefined,
    localAccounts: meta('local-accounts') !== 'false',
  };
}
