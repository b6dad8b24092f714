import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { users } from '../../src/server/db/schema.js';
import type { Config } from '../../src/server/config.js';
import { as, randomIp, uniqueEmail, type TestUser } from '../support/helpers.js';
import { TEST_CLIENT, TestBrowser, type TestProvider } from '../support/oidc-provider.js';

/** The config options of an app that signs in only through `provider`, logging at info. */
export const signInOnlyThrough = (provider: TestProvider): Partial<Config> => ({
  logLevel: 'info',
  allowLocalAccounts: false,
  oidc: {
    issuerUrl: provider.issuer,
    clientId: TEST_CLIENT.id,
    clientSecret: TEST_CLIENT.secret,
    providerName: 'Test ID',
  },
});

/** A log stream for `buildApp` that keeps every line it is given in `lines`. */
export const logInto = (lines: string[]) =>
  new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });

/** Has `app` listen on a free port of 127.0.0.1, registers it with `provider`; its origin. */
export async function listenTrusted(app: FastifyInstance, provider: TestProvider) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  provider.trustApp(origin);
  return origin;
}

interface SignInSetup {
  app: FastifyInstance;
  provider: TestProvider;
  origin: string;
}

/**
 * The steps of the sign-in tests, on the app, provider and origin that `setup()` returns when
 * called (a file builds them in its `beforeAll`).
 */
export function signInStepsFor(setup: () => SignInSetup) {
  /** A new provider account with the usual claims, and its subject. */
  function anAccount(claims: Parameters<TestProvider['accounts']['set']>[1] = {}) {
    const subject = `subject-${Math.random().toString(36).slice(2)}`;
    setup().provider.accounts.set(subject, {
      email: uniqueEmail('oidc'),
      email_verified: true,
      given_name: 'Grace',
      family_name: 'Hopper',
      picture: 'https://images.example.org/grace.png',
      ...claims,
    });
    return subject;
  }

  /** The whole flow in a fresh browser; returns the browser and the app's final redirect. */
  async function signIn(subject: string, query = '') {
    const { origin } = setup();
    const browser = new TestBrowser();
    const callback = await browser.authorize(`${origin}/api/login${query}`, subject);
    const landing = await browser.request(callback);
    return { browser, callback, landing };
  }

  const currentUser = (browser: TestBrowser) => browser.request(`${setup().origin}/api/auth/user`);
  /** The flow cookies the browser holds, by name: one per sign-in in progress. */
  const flowCookies = (browser: TestBrowser) =>
    [...browser.cookies(setup().origin)].filter(([name]) => name.startsWith('oidc_flow_'));

  /** A built-in account, made directly: this app has email and password sign-up turned off. */
  async function aLocalAccount() {
    const email = uniqueEmail('local');
    const [row] = await setup()
      .app.db.insert(users)
      .values({ email, passwordHash: 'scrypt$not-used', firstName: 'Local' })
      .returning();
    return row!;
  }

  const loginError = (code: string, pwa = false) =>
    `${setup().origin}/login?error=${code}${pwa ? '&pwa=true' : ''}`;

  return { anAccount, signIn, currentUser, flowCookies, aLocalAccount, loginError };
}

/** The token of a reset link that `admin` makes for `user`. */
export async function adminResetToken(app: FastifyInstance, admin: TestUser, user: TestUser) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/admin/users/${user.id}/password-reset`,
    headers: as(admin),
  });
  if (res.statusCode !== 201) throw new Error(`no reset link: ${res.statusCode} ${res.body}`);
  return new URL(res.json().url).searchParams.get('token')!;
}

/** Sets a new password with a reset link's token, signed out. */
export const resetPasswordWith = (app: FastifyInstance, token: string, newPassword: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    remoteAddress: randomIp(),
    payload: { token, newPassword },
  });
