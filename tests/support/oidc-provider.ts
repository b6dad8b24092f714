import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

// A real OpenID Connect provider (oidc-provider 9) on 127.0.0.1 for tests, and a tiny
// "browser" (fetch with manual redirects and cookies) that walks the sign-in through it.

export const TEST_CLIENT = { id: 'sightbook-test', secret: 'a-test-client-secret' };

export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

export interface TestProvider {
  issuer: string;
  /** Accounts by subject; a test adds or edits them before signing in. */
  accounts: Map<string, TestAccount>;
  /** Registers the app's client; call once the app listens (its origin is in the redirect URI). */
  trustApp(appOrigin: string): void;
  close(): Promise<void>;
}

export async function startTestProvider(): Promise<TestProvider> {
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_, response) =>
    response.writeHead(503).end();
  const server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, TestAccount>();

  return {
    issuer,
    accounts,
    trustApp(appOrigin) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: TEST_CLIENT.id,
            client_secret: TEST_CLIENT.secret,
            redirect_uris: [`${appOrigin}/api/callback`],
            post_logout_redirect_uris: [`${appOrigin}/`],
          },
        ],
        async findAccount(_context, id) {
          const account = accounts.get(id);
          return account && { accountId: id, claims: async () => ({ sub: id, ...account }) };
        },
        claims: {
          openid: ['sub'],
          email: ['email', 'email_verified'],
          profile: ['given_name', 'family_name', 'picture'],
        },
        features: {
          devInteractions: { enabled: true },
          rpInitiatedLogout: {
            enabled: true,
            async logoutSource(context: { body: string }, form: string) {
              context.body = `<!doctype html><title>Sign out</title>${form}
                <button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`;
            },
          },
        },
        cookies: { keys: ['a-test-cookie-key'] },
        ttl: {
          AccessToken: 3600,
          AuthorizationCode: 60,
          Grant: 3600,
          IdToken: 3600,
          Interaction: 3600,
          Session: 3600,
        },
      });
      provider.on('server_error', (_context, error) => console.error(error));
      handle = provider.callback();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface Hop {
  status: number;
  /** The absolute Location of a redirect, else ''. */
  location: string;
  body: string;
}

/** Cookies per origin, as a browser would keep them (paths ignored: both sites are small). */
export class TestBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  cookies(origin: string): Map<string, string> {
    let jar = this.jars.get(origin);
    if (!jar) this.jars.set(origin, (jar = new Map()));
    return jar;
  }

  async request(url: string, init: { method?: string; form?: string } = {}): Promise<Hop> {
    const { origin } = new URL(url);
    const jar = this.cookies(origin);
    const headers: Record<string, string> = {};
    if (jar.size) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      body: init.form,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const gone = attributes.some((attribute) =>
        /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(attribute),
      );
      if (gone || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    const location = response.headers.get('location');
    return {
      status: response.status,
      location: location ? new URL(location, url).href : '',
      body: await response.text(),
    };
  }

  /**
   * From the app's /api/login to the provider's redirect back to the app: signs in as
   * `subject` and consents. Returns the callback URL, not yet visited.
   */
  async authorize(loginUrl: string, subject: string): Promise<string> {
    const appOrigin = new URL(loginUrl).origin;
    let hop = await this.request(loginUrl);
    for (let step = 0; step < 12; step += 1) {
      if (hop.status < 300 || hop.status >= 400) {
        throw new Error(`unexpected ${hop.status} during sign-in: ${hop.body.slice(0, 300)}`);
      }
      if (new URL(hop.location).origin === appOrigin) return hop.location;
      const page = await this.request(hop.location);
      const prompt = /name="prompt" value="(\w+)"/.exec(page.body)?.[1];
      hop = prompt
        ? await this.request(hop.location, {
            method: 'POST',
            form: new URLSearchParams({ prompt, login: subject, password: 'any' }).toString(),
          })
        : page;
    }
    throw new Error('the sign-in did not come back to the app');
  }
}
