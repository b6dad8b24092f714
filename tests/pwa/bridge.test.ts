import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { pwaBridgeTokens } from '../../src/server/db/schema.js';
import { cookieOf, randomIp, signUp, stores, testConfig } from '../support/helpers.js';

// The installed-app sign-in bridge (SPEC §4, ARCHITECTURE "Auth").

const tokenIn = (location: string) => new URL(location, 'http://x').searchParams.get('token')!;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(stores)('the sign-in bridge on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  const exchange = (token: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/pwa-auth-bridge',
      remoteAddress: randomIp(),
      payload: { token },
    });

  /** A pwa sign-in's end: its token, and the binding cookie set in the same reply. */
  async function issued(cookie: string) {
    const res = await app.inject({
      method: 'GET',
      url: '/api/login?pwa=true',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^\/pwa-auth-complete\?token=[\w-]{43}$/);
    const binding = res.cookies.find((c) => c.name === 'pwa_bridge_binding');
    expect(binding).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/pwa-auth-bridge',
    });
    expect(binding!.maxAge).toBe(300);
    return {
      token: tokenIn(res.headers.location!),
      binding: `pwa_bridge_binding=${binding!.value}`,
    };
  }
  const issuedToken = async (cookie: string) => (await issued(cookie)).token;

  const checkBinding = (token: string, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/pwa-auth-bridge/binding',
      remoteAddress: randomIp(),
      headers: cookie ? { cookie } : {},
      payload: { token },
    });

  it('ends a pwa sign-in on the completion page with a token stored only as its hash', async () => {
    const ada = await signUp(app);
    const token = await issuedToken(ada.cookie);
    const rows = await app.db
      .select()
      .from(pwaBridgeTokens)
      .where(eq(pwaBridgeTokens.userId, ada.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(token));
    const ttl = rows[0]!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(4 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(5 * 60 * 1000 + 1000);
  });

  it('exchanges a token once for a session of its user', async () => {
    const ada = await signUp(app);
    const token = await issuedToken(ada.cookie);
    const first = await exchange(token);
    expect(first.statusCode).toBe(204);
    const cookie = cookieOf(first);
    expect(cookie).toMatch(/^sid=/);
    expect(cookie).not.toBe(ada.cookie);
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: ada.id, email: ada.email });

    const again = await exchange(token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'The sign-in token is invalid, used or expired' });
    expect(again.cookies).toEqual([]);
  });

  it('refuses an expired or unknown token', async () => {
    const ada = await signUp(app);
    const token = await issuedToken(ada.cookie);
    await app.db
      .update(pwaBridgeTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(pwaBridgeTokens.tokenHash, sha256(token)));
    expect((await exchange(token)).statusCode).toBe(401);
    expect((await exchange('not-a-token')).statusCode).toBe(401);
  });

  it('lets the completion page store a token only in the browser it was issued to', async () => {
    const ada = await signUp(app);
    const mine = await issued(ada.cookie);
    const ok = await checkBinding(mine.token, mine.binding);
    expect(ok.statusCode).toBe(204);
    // the check spends nothing: the installed app still exchanges the token once
    expect((await exchange(mine.token)).statusCode).toBe(204);

    // Mallory signs in with pwa=true and plants her token in a link for Ada's browser
    const mallory = await signUp(app, 'mallory');
    const planted = await issued(mallory.cookie);
    for (const cookie of [undefined, mine.binding, 'pwa_bridge_binding=guess']) {
      const refused = await checkBinding(planted.token, cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        message: 'This sign-in was not started in this browser. Sign in again from the app.',
      });
    }
    const unknown = await checkBinding('not-a-token', mine.binding);
    expect(unknown.statusCode).toBe(401);
    // a token from before binding existed (no binding) is refused too
    const legacy = await issued(ada.cookie);
    await app.db
      .update(pwaBridgeTokens)
      .set({ bindingHash: null })
      .where(eq(pwaBridgeTokens.tokenHash, sha256(legacy.token)));
    expect((await checkBinding(legacy.token, legacy.binding)).statusCode).toBe(403);
  });

  it('refuses a missing token with the field named', async () => {
    const res = await exchange(undefined);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'token is required' });
  });

  it('sends a signed-out pwa sign-in to the sign-in page first', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/login?pwa=true' });
    expect(res.headers.location).toBe('/login?pwa=true');
  });
});

describe('the sign-in bridge rate limit', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ authRateLimit: 2 }));
  });
  afterAll(() => app.close());

  it('allows AUTH_RATE_LIMIT exchanges a minute per address', async () => {
    const post = () =>
      app.inject({
        method: 'POST',
        url: '/api/pwa-auth-bridge',
        remoteAddress: '10.9.9.9',
        payload: { token: 'guess' },
      });
    expect((await post()).statusCode).toBe(401);
    expect((await post()).statusCode).toBe(401);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many requests/);
  });
});
