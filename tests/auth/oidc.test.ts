import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { users } from '../../src/server/db/schema.js';
import {
  parseIdentityClaims,
  signInWithIdentity,
} from '../../src/server/features/auth/oidc-accounts.js';
import { randomIp, signUp, stores, testConfig, uniqueEmail } from '../support/helpers.js';
import {
  startTestProvider,
  TEST_CLIENT,
  TestBrowser,
  type TestProvider,
} from '../support/oidc-provider.js';

describe.each(stores)('OpenID Connect sign-in on $store', ({ databaseUrl }) => {
  let provider: TestProvider;
  let app: FastifyInstance;
  let origin: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    provider = await startTestProvider();
    app = await buildApp(
      testConfig({
        databaseUrl,
        logLevel: 'info',
        allowLocalAccounts: false,
        oidc: {
          issuerUrl: provider.issuer,
          clientId: TEST_CLIENT.id,
          clientSecret: TEST_CLIENT.secret,
          providerName: 'Test ID',
        },
      }),
      {
        logStream: new Writable({
          write(chunk, _encoding, done) {
            logLines.push(String(chunk));
            done();
          },
        }),
      },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    provider.trustApp(origin);
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
  });

  /** A new provider account with the usual claims, and its subject. */
  function anAccount(claims: Parameters<TestProvider['accounts']['set']>[1] = {}) {
    const subject = `subject-${Math.random().toString(36).slice(2)}`;
    provider.accounts.set(subject, {
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
    const browser = new TestBrowser();
    const callback = await browser.authorize(`${origin}/api/login${query}`, subject);
    const landing = await browser.request(callback);
    return { browser, callback, landing };
  }

  const currentUser = (browser: TestBrowser) => browser.request(`${origin}/api/auth/user`);
  /** The flow cookies the browser holds, by name: one per sign-in in progress. */
  const flowCookies = (browser: TestBrowser) =>
    [...browser.cookies(origin)].filter(([name]) => name.startsWith('oidc_flow_'));

  it('creates the user from the claims and opens a working session', async () => {
    const subject = anAccount();
    const claims = provider.accounts.get(subject)!;
    const { browser, landing } = await signIn(subject);
    expect(landing.status).toBe(302);
    expect(landing.location).toBe(`${origin}/`);
    const me = await currentUser(browser);
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toEqual({
      id: expect.any(String),
      email: claims.email,
      firstName: 'Grace',
      lastName: 'Hopper',
      profileImageUrl: 'https://images.example.org/grace.png',
    });
    const [row] = await app.db.select().from(users).where(eq(users.oidcSubject, subject));
    expect(row).toMatchObject({ oidcIssuer: provider.issuer, passwordHash: null });
  });

  it('matches the second sign-in by subject and refreshes the profile from the claims', async () => {
    const subject = anAccount();
    const first = await signIn(subject);
    const firstUser = JSON.parse((await currentUser(first.browser)).body);
    const newEmail = uniqueEmail('renamed');
    provider.accounts.set(subject, {
      email: newEmail,
      email_verified: true,
      given_name: 'Amazing Grace',
      family_name: 'Murray',
      picture: 'https://images.example.org/grace-2.png',
    });
    const second = await signIn(subject);
    expect(JSON.parse((await currentUser(second.browser)).body)).toEqual({
      id: firstUser.id,
      email: newEmail,
      firstName: 'Amazing Grace',
      lastName: 'Murray',
      profileImageUrl: 'https://images.example.org/grace-2.png',
    });
    const rows = await app.db.select().from(users).where(eq(users.oidcSubject, subject));
    expect(rows).toHaveLength(1);
  });

  /** A built-in account, made directly: this app has email and password sign-up turned off. */
  async function aLocalAccount() {
    const email = uniqueEmail('local');
    const [row] = await app.db
      .insert(users)
      .values({ email, passwordHash: 'scrypt$not-used', firstName: 'Local' })
      .returning();
    return row!;
  }

  it('links an existing account by verified email', async () => {
    const local = await aLocalAccount();
    const subject = anAccount({ email: local.email!, email_verified: true });
    const { browser } = await signIn(subject);
    const me = JSON.parse((await currentUser(browser)).body);
    expect(me).toMatchObject({ id: local.id, email: local.email, firstName: 'Grace' });
    const [row] = await app.db.select().from(users).where(eq(users.id, local.id));
    expect(row).toMatchObject({ oidcIssuer: provider.issuer, oidcSubject: subject });
  });

  it('does not link an existing account by an unverified email', async () => {
    const local = await aLocalAccount();
    const subject = anAccount({ email: local.email!, email_verified: false });
    const { browser } = await signIn(subject);
    const me = JSON.parse((await currentUser(browser)).body);
    expect(me.id).not.toBe(local.id);
    expect(me.email).toBeNull(); // the address belongs to the other account
    const [row] = await app.db.select().from(users).where(eq(users.id, local.id));
    expect(row).toMatchObject({ oidcIssuer: null, oidcSubject: null, firstName: 'Local' });
  });

  const loginError = (code: string, pwa = false) =>
    `${origin}/login?error=${code}${pwa ? '&pwa=true' : ''}`;

  it('refuses a wrong state, and the flow cannot be finished afterwards', async () => {
    const browser = new TestBrowser();
    const callback = await browser.authorize(`${origin}/api/login`, anAccount());
    const forged = new URL(callback);
    forged.searchParams.set('state', 'a-state-from-another-flow');
    const refused = await browser.request(forged.href);
    expect(refused).toMatchObject({ status: 302, location: loginError('invalid_state') });
    expect(browser.cookies(origin).has('sid')).toBe(false);
    // the flow was single use: the genuine callback now fails too
    const late = await browser.request(callback);
    expect(late.location).toBe(loginError('invalid_state'));
    expect((await currentUser(browser)).status).toBe(401);
  });

  it('finishes both of two sign-ins started in one browser', async () => {
    const browser = new TestBrowser();
    const [first, second] = [anAccount(), anAccount()];
    const firstCallback = await browser.authorize(`${origin}/api/login`, first);
    const secondCallback = await browser.authorize(`${origin}/api/login?pwa=true`, second);
    expect(flowCookies(browser)).toHaveLength(2);
    expect((await browser.request(firstCallback)).location).toBe(`${origin}/`);
    const me = JSON.parse((await currentUser(browser)).body);
    expect(me.email).toBe(provider.accounts.get(first)!.email);
    const pwa = await browser.request(secondCallback);
    expect(pwa.location).toMatch(new RegExp(`^${origin}/`));
    expect(pwa.location).not.toContain('/login?error');
    expect(flowCookies(browser)).toEqual([]);
  });

  it('refuses a callback without the flow cookie, or with an altered one', async () => {
    const browser = new TestBrowser();
    const callback = await browser.authorize(`${origin}/api/login`, anAccount());
    const stranger = new TestBrowser();
    expect((await stranger.request(callback)).location).toBe(loginError('invalid_state'));
    const [[name, flow]] = flowCookies(browser) as [[string, string]];
    browser.cookies(origin).set(name, `${flow.slice(0, -4)}AAAA`);
    expect((await browser.request(callback)).location).toBe(loginError('invalid_state'));
  });

  it('refuses a replayed code', async () => {
    const browser = new TestBrowser();
    const callback = await browser.authorize(`${origin}/api/login`, anAccount());
    const [[name, flow]] = flowCookies(browser) as [[string, string]];
    expect((await browser.request(callback)).location).toBe(`${origin}/`);
    expect(flowCookies(browser)).toEqual([]); // cleared
    const attacker = new TestBrowser();
    attacker.cookies(origin).set(name, flow); // even with a copy of the flow cookie
    const replayed = await attacker.request(callback);
    expect(replayed).toMatchObject({ status: 302, location: loginError('failed') });
    expect(attacker.cookies(origin).has('sid')).toBe(false);
  });

  it('refuses a flow older than ten minutes', async () => {
    const browser = new TestBrowser();
    const callback = await browser.authorize(`${origin}/api/login?pwa=true`, anAccount());
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60 * 1000 + 1000);
      const late = await browser.request(callback);
      expect(late).toMatchObject({ status: 302, location: loginError('expired', true) });
    } finally {
      vi.useRealTimers();
    }
    expect(browser.cookies(origin).has('sid')).toBe(false);
  });

  it.each([
    ['access_denied', 'denied'],
    ['server_error', 'provider_error'],
  ])('sends a provider error %s to the sign-in page as %s', async (error, code) => {
    const browser = new TestBrowser();
    const start = await browser.request(`${origin}/api/login`);
    const state = new URL(start.location).searchParams.get('state')!;
    const params = new URLSearchParams({ error, error_description: 'Call 555-0100 now', state });
    const res = await browser.request(`${origin}/api/callback?${params}`);
    expect(res).toMatchObject({ status: 302, location: loginError(code) });
  });

  it('starts the flow with PKCE, state and nonce, and carries pwa=true through it', async () => {
    const browser = new TestBrowser();
    const start = await browser.request(`${origin}/api/login?pwa=true`);
    const authorization = new URL(start.location);
    expect(authorization.origin).toBe(provider.issuer);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: TEST_CLIENT.id,
      redirect_uri: `${origin}/api/callback`,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      state: expect.stringMatching(/^[\w-]{20,}$/),
      nonce: expect.stringMatching(/^[\w-]{20,}$/),
    });
    expect(authorization.searchParams.has('pwa')).toBe(false); // it stays in the flow cookie

    const subject = anAccount();
    const { browser: signedIn, landing } = await signIn(subject, '?pwa=true');
    const me = JSON.parse((await currentUser(signedIn)).body);
    // the installed app's bridge: a single-use token that opens a session for this user
    const completion = new URL(landing.location);
    expect(completion.pathname).toBe('/pwa-auth-complete');
    const exchange = await app.inject({
      method: 'POST',
      url: '/api/pwa-auth-bridge',
      payload: { token: completion.searchParams.get('token') },
    });
    expect(exchange.statusCode).toBe(204);
    const installed = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      cookies: Object.fromEntries(exchange.cookies.map((c) => [c.name, c.value])),
    });
    expect(installed.json().id).toBe(me.id);
  });

  it('follows a safe next path after sign-in, and ignores one to another site', async () => {
    const next = encodeURIComponent('/stats?from=2026-01-01');
    expect((await signIn(anAccount(), `?next=${next}`)).landing.location).toBe(
      `${origin}/stats?from=2026-01-01`,
    );
    const away = encodeURIComponent('//evil.example/');
    expect((await signIn(anAccount(), `?next=${away}`)).landing.location).toBe(`${origin}/`);
  });

  it('signs out at the provider too, through its end-session endpoint', async () => {
    const { browser } = await signIn(anAccount());
    const out = await browser.request(`${origin}/api/logout`);
    expect(out.status).toBe(302);
    const endSession = new URL(out.location);
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${provider.issuer}/session/end`);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${origin}/`);
    expect(endSession.searchParams.get('id_token_hint')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect((await currentUser(browser)).status).toBe(401);
    // the provider accepts the request: it shows its sign-out confirmation
    const confirmation = await browser.request(out.location);
    expect(confirmation.status).toBe(200);
    // nobody signed in, or a session without an ID token: just home
    expect((await new TestBrowser().request(`${origin}/api/logout`)).location).toBe(`${origin}/`);
  });

  it('keeps what a claim does not send, and never takes over an email another account holds', async () => {
    const issuer = 'https://another-issuer.example';
    const sub = `subject-${Math.random()}`;
    const first = await signInWithIdentity(
      app.db,
      issuer,
      parseIdentityClaims({
        sub,
        email: ' Grace@Example.ORG '.replace('Grace', `grace-${Math.random()}`),
        email_verified: 'true', // some providers send a string
        given_name: 'Grace',
        picture: 'javascript:alert(1)', // not an http(s) URL: ignored
      }),
    );
    expect(first).toMatchObject({ firstName: 'Grace', lastName: null, profileImageUrl: null });
    expect(first.email).toMatch(/^grace-[\d.]+@example\.org$/);

    const local = await aLocalAccount();
    const second = await signInWithIdentity(
      app.db,
      issuer,
      parseIdentityClaims({ sub, email: local.email, email_verified: true, family_name: 'Hopper' }),
    );
    expect(second).toEqual({ ...first, lastName: 'Hopper' }); // same account, same email
    expect(() => parseIdentityClaims({ email: 'no-subject@example.org' })).toThrow();
  });

  it('refuses email and password sign-up and sign-in with a clear 403', async () => {
    const message = 'Email and password accounts are turned off. Sign in with Test ID instead.';
    const register = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail(), password: 'correct horse battery' },
    });
    expect(register.statusCode).toBe(403);
    expect(register.json()).toEqual({ message });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'someone@example.org', password: 'whatever it is' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ message });
  });

  it('never writes a code, a state or a token to the logs', async () => {
    const browser = new TestBrowser();
    const callback = new URL(await browser.authorize(`${origin}/api/login`, anAccount()));
    await browser.request(callback.href);
    await browser.request(callback.href); // refused: no flow any more
    const out = await browser.request(`${origin}/api/logout`);
    const secrets = [
      callback.searchParams.get('code')!,
      callback.searchParams.get('state')!,
      new URL(out.location).searchParams.get('id_token_hint')!,
      ...(flowCookies(browser).flat() as string[]),
    ];
    const logs = logLines.join('');
    expect(logs).toContain('/api/callback');
    for (const secret of secrets) expect(logs).not.toContain(secret);
  });
});

describe.each(stores)('OpenID Connect with local accounts allowed on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  // nothing listens on port 9: the provider is down
  const downProvider = {
    issuerUrl: 'http://127.0.0.1:9',
    clientId: 'sightbook',
    clientSecret: 'secret',
    providerName: 'Down ID',
  };
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl, allowLocalAccounts: true, oidc: downProvider }));
  });
  afterAll(() => app.close());

  it('keeps email and password accounts working', async () => {
    const user = await signUp(app, 'allowed');
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: user.cookie },
    });
    expect(me.statusCode).toBe(200);
  });

  it('sends the visitor to the sign-in page with a message when the provider is unreachable', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/login?pwa=true' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=unavailable&pwa=true');
  });

  it('limits sign-in starts per address, as the other sign-in calls', async () => {
    const limited = await buildApp(
      testConfig({ databaseUrl, authRateLimit: 3, oidc: downProvider }),
    );
    const address = randomIp();
    try {
      const start = () =>
        limited.inject({ method: 'GET', url: '/api/login', remoteAddress: address });
      for (let i = 0; i < 3; i++) expect((await start()).statusCode).toBe(302);
      const refused = await start();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeTruthy();
      expect(refused.json().message).toEqual(expect.any(String));
    } finally {
      await limited.close();
    }
  });
});

describe.each(stores)('without OpenID Connect on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  it('has no callback', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/callback?code=x&state=y' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});
