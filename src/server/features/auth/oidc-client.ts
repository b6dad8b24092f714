import * as client from 'openid-client';
import type { OidcSettings } from '../../config.js';
import type { SignInFlow } from './oidc-flow.js';
import { FLOW_TTL_MS } from './oidc-flow.js';

// The relying-party side of OpenID Connect (authorization code + PKCE, state and nonce),
// through openid-client. The provider's metadata is discovered on first use and kept; a
// failed discovery is retried by the next sign-in, so the app starts while the provider is down.

export const CALLBACK_PATH = '/api/callback';

export interface SignInStart {
  authorizationUrl: URL;
  flow: SignInFlow;
}

export interface SignInResult {
  issuer: string;
  /** ID token claims, completed by the UserInfo endpoint when the provider has one. */
  claims: Record<string, unknown>;
  idToken?: string;
}

export type OidcClient = ReturnType<typeof createOidcClient>;

export function createOidcClient(settings: OidcSettings) {
  let discovered: Promise<client.Configuration> | undefined;

  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(
        new URL(settings.issuerUrl),
        settings.clientId,
        settings.clientSecret,
        undefined,
        // plain http is for providers on this machine (tests, development) only
        new URL(settings.issuerUrl).protocol === 'http:'
          ? { execute: [client.allowInsecureRequests] }
          : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  return {
    async start(
      origin: string,
      options: { pwa: boolean; next?: string; invitation?: string },
    ): Promise<SignInStart> {
      const config = await configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const flow: SignInFlow = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier,
        pwa: options.pwa,
        ...(options.next && { next: options.next }),
        ...(options.invitation && { invitation: options.invitation }),
        expiresAt: Date.now() + FLOW_TTL_MS,
      };
      const authorizationUrl = client.buildAuthorizationUrl(config, {
        redirect_uri: `${origin}${CALLBACK_PATH}`,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return { authorizationUrl, flow };
    },

    /** Exchanges the code; throws when anything about the response or the tokens is wrong. */
    async finish(origin: string, query: string, flow: SignInFlow): Promise<SignInResult> {
      const config = await configuration();
      const tokens = await client.authorizationCodeGrant(
        config,
        new URL(`${origin}${CALLBACK_PATH}?${query}`),
        {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        },
      );
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('the provider returned no ID token');
      // With default settings many providers put email and profile in UserInfo only.
      const userInfo = config.serverMetadata().userinfo_endpoint
        ? await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)
        : {};
      return {
        issuer: config.serverMetadata().issuer,
        claims: { ...userInfo, ...idClaims },
        idToken: tokens.id_token,
      };
    },

    /** The provider's sign-out page for this ID token, or undefined when it offers none. */
    async endSessionUrl(idToken: string, postLogoutRedirect: string): Promise<URL | undefined> {
      const config = await configuration();
      if (!config.serverMetadata().end_session_endpoint) return undefined;
      return client.buildEndSessionUrl(config, {
        id_token_hint: idToken,
        post_logout_redirect_uri: postLogoutRedirect,
      });
    },
  };
}
