import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { stores, testConfig } from '../support/helpers.js';
import {
  startTestProvider,
  TEST_CLIENT,
  TestBrowser,
  type TestProvider,
} from '../support/oidc-provider.js';
import { listenTrusted, logInto, signInOnlyThrough, signInStepsFor } from './support.js';

describe.each(stores)('OpenID Connect sign-in on $store', ({ databaseUrl }) => {
  let provider: TestProvider;
  let app: FastifyInstance;
  let origin: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    provider = await startTestProvider();
    app = await buildApp(testConfig({ databaseUrl, ...signInOnlyThrough(provider) }), {
      logStream: logInto(logLines),
    });
    origin = await listenTrusted(app, provider);
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
  });

  const { anAccount, signIn, currentUser, flowCookies, loginError } = signInStepsFor(() => ({
    app,
    provider,
    origin,
  }));

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
