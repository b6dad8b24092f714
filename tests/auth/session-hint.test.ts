import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { signUp, stores, testConfig, type TestUser } from '../support/helpers.js';

// Issue 23: signed out, the web app must not ask who is signed in (the browser logs the 401).
// A cookie the page can read says whether this browser holds a session; it follows the session.

const webRoot = fileURLToPath(new URL('../fixtures/web/', import.meta.url));
const HINT = 'signed_in';

const hintOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === HINT);
const sidOf = (user: TestUser) => user.cookie.split('; ').find((c) => c.startsWith('sid='))!;
const preloadsUser = (html: string) => html.includes('<link rel="preload" href="/api/auth/user"');

describe.each(stores)('the session hint on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl, webRoot }));
  });
  afterAll(() => app.close());

  it('comes with every sign-in, readable by the page, and goes with sign-out', async () => {
    const register = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: `hint-${Date.now()}@example.org`, password: 'correct horse' },
    });
    expect(hintOf(register)).toMatchObject({
      value: '1',
      path: '/',
      sameSite: 'Lax',
      maxAge: 30 * 24 * 60 * 60,
    });
    expect(hintOf(register)?.httpOnly).toBeFalsy();

    const cookie = register.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const logout = await app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(hintOf(logout)).toMatchObject({ value: '' });
    expect(new Date(hintOf(logout)!.expires!).getTime()).toBeLessThan(Date.now());
  });

  it('goes when the session it stood for has ended', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `${HINT}=1` },
    });
    expect(res.statusCode).toBe(401);
    expect(hintOf(res)).toMatchObject({ value: '' });
  });

  it('is given to a session from before it existed, on its next page or call', async () => {
    const ada = await signUp(app, 'upgraded');
    const page = await app.inject({
      method: 'GET',
      url: '/stats',
      headers: { cookie: sidOf(ada) },
    });
    expect(page.statusCode).toBe(200);
    expect(hintOf(page)).toMatchObject({ value: '1' });
    const call = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: sidOf(ada) },
    });
    expect(hintOf(call)).toMatchObject({ value: '1' });
    // and is not sent again once the browser has it
    const again = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: ada.cookie },
    });
    expect(hintOf(again)).toBeUndefined();
  });

  it('preloads who is signed in only for a browser with a session, on a navigation', async () => {
    const ada = await signUp(app, 'preload');
    const signedOut = await app.inject({ method: 'GET', url: '/' });
    expect(preloadsUser(signedOut.body)).toBe(false);
    const signedIn = await app.inject({ method: 'GET', url: '/', headers: { cookie: ada.cookie } });
    expect(preloadsUser(signedIn.body)).toBe(true);
    // the service worker's copy of the page serves signed-out visits too
    const precached = await app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: ada.cookie, 'sec-fetch-dest': 'empty' },
    });
    expect(preloadsUser(precached.body)).toBe(false);
  });
});
