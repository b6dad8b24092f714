import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import {
  as,
  cookieOf,
  createLogAs,
  getFor,
  randomIp,
  signUp,
  stores,
  testConfig,
  uniqueEmail,
  uploadPhotoAs,
  type TestUser,
} from '../support/helpers.js';
import { rowsOf } from './support.js';

// The account page's calls (issue 21): profile, email, licence, password and sessions.

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each(stores)('the account on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl, storageQuotaMb: 100 }));
  });
  afterAll(() => app.close());
  const get = getFor(() => app);

  const put = (user: TestUser, url: string, payload: object) =>
    app.inject({ method: 'PUT', url, headers: as(user), payload });

  /** Another sign-in of the same account, from another browser. */
  async function signIn(user: TestUser, userAgent = FIREFOX, password = user.password) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: randomIp(),
      headers: { 'user-agent': userAgent },
      payload: { email: user.email, password },
    });
    return { ...user, cookie: cookieOf(res), status: res.statusCode };
  }

  it('answers the profile, the licence, whether there is a password, and storage used', async () => {
    const ada = await signUp(app, 'ada');
    const res = await get(ada, '/api/account');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: ada.id,
      email: ada.email,
      firstName: 'ada',
      lastName: null,
      role: expect.stringMatching(/^(admin|user)$/),
      dataLicense: 'CC-BY-4.0',
      hasPassword: true,
      storage: { usedBytes: 0, quotaBytes: 100 * 1024 * 1024 },
      // issue 35: open by default, obscured places show their region, not a reviewer
      locationPrivacy: 'open',
      obscuredPlace: 'region',
      reviewer: false,
    });

    await uploadPhotoAs(app, ada);
    const { storage } = (await get(ada, '/api/account')).json();
    // originals and derivatives, as the quota counts them
    const [row] = await rowsOf<{ bytes: string }>(
      app,
      sql`select sum(size + derivatives_size) as bytes from uploads where user_id = ${ada.id}`,
    );
    expect(storage.usedBytes).toBeGreaterThan(1000);
    expect(storage.usedBytes).toBe(Number(row!.bytes));
  });

  it('changes the name and the licence, and leaves what is left out as it is', async () => {
    const ada = await signUp(app, 'ada');
    const res = await put(ada, '/api/account', {
      firstName: ' Ada ',
      lastName: 'Lovelace',
      dataLicense: 'CC0-1.0',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: ada.email,
      dataLicense: 'CC0-1.0',
    });
    expect((await put(ada, '/api/account', { lastName: '' })).json()).toMatchObject({
      firstName: 'Ada',
      lastName: null,
      dataLicense: 'CC0-1.0',
    });
    expect((await get(ada, '/api/auth/user')).json()).toMatchObject({ firstName: 'Ada' });
    // the Darwin Core Archive publishes under the licence chosen here
    await createLogAs(app, ada);
    const dwc = await get(ada, '/api/export.csv?format=dwc');
    expect(dwc.body).toContain('http://creativecommons.org/publicdomain/zero/1.0/legalcode');
  });

  it.each([
    [{ dataLicense: 'CC-BY-SA-4.0' }, 'Licence must be CC0-1.0, CC-BY-4.0 or CC-BY-NC-4.0'],
    [{ email: 'not an email' }, 'Enter a valid email address'],
    [{ firstName: 'x'.repeat(101) }, 'First name must be at most 100 characters'],
  ])('refuses %j', async (payload, message) => {
    const ada = await signUp(app);
    const res = await put(ada, '/api/account', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message });
  });

  it('changes the email only with the current password, and never to a taken one', async () => {
    const ada = await signUp(app, 'ada');
    const bea = await signUp(app, 'bea');
    const email = uniqueEmail('ada-new');

    const without = await put(ada, '/api/account', { email });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toEqual({
      message: 'Enter your current password to change your email',
    });
    const wrong = await put(ada, '/api/account', { email, currentPassword: 'not my password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: 'The password is not correct' });
    const taken = await put(ada, '/api/account', {
      email: bea.email.toUpperCase(),
      currentPassword: ada.password,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'An account with this email already exists' });
    expect((await get(ada, '/api/account')).json().email).toBe(ada.email);

    const changed = await put(ada, '/api/account', { email, currentPassword: ada.password });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().email).toBe(email);
    expect((await signIn({ ...ada, email })).status).toBe(200);
    expect((await signIn(ada)).status).toBe(401); // the old email signs in no more
  });

  it('changes the password: other sessions end, this one stays', async () => {
    const ada = await signUp(app, 'ada');
    const phone = await signIn(ada, IPHONE);
    const newPassword = 'a brand new passphrase';

    const wrong = await put(ada, '/api/account/password', {
      currentPassword: 'not my password',
      newPassword,
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: 'The password is not correct' });
    const weak = await put(ada, '/api/account/password', {
      currentPassword: ada.password,
      newPassword: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Password must be at least 8 characters');
    expect((await get(phone, '/api/auth/user')).statusCode).toBe(200); // nothing changed yet

    const res = await put(ada, '/api/account/password', {
      currentPassword: ada.password,
      newPassword,
    });
    expect(res.statusCode).toBe(204);
    expect((await get(ada, '/api/auth/user')).statusCode).toBe(200);
    expect((await get(phone, '/api/auth/user')).statusCode).toBe(401);
    expect((await signIn(ada)).status).toBe(401);
    expect((await signIn(ada, FIREFOX, newPassword)).status).toBe(200);
  });

  it('refuses passwords after ten wrong ones, with Retry-After', async () => {
    const ada = await signUp(app);
    const attempt = () =>
      put(ada, '/api/account/password', {
        currentPassword: 'wrong guess',
        newPassword: 'a brand new passphrase',
      });
    for (let i = 0; i < 10; i += 1) expect((await attempt()).statusCode).toBe(403);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many wrong passwords. Try again later.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // the right one too, until the window ends
    const right = await put(ada, '/api/account/password', {
      currentPassword: ada.password,
      newPassword: 'a brand new passphrase',
    });
    expect(right.statusCode).toBe(429);
  });

  it('lists the live sessions by public ids, this one marked, and ends one of them', async () => {
    const ada = await signUp(app, 'ada');
    const laptop = await signIn(ada, FIREFOX);
    const phone = await signIn(ada, IPHONE);
    const res = await get(laptop, '/api/account/sessions');
    expect(res.statusCode).toBe(200);
    const sessions = res.json() as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((session) => session.current)).toEqual([
      {
        id: expect.stringMatching(/^[\w-]{22}$/),
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        userAgent: 'Firefox on Linux',
        current: true,
      },
    ]);
    expect(sessions.map((session) => session.userAgent).sort()).toEqual([
      'Firefox on Linux',
      'Safari on iOS',
      'lightMyRequest', // the sign-up, made by inject
    ]);
    const created = Date.parse(sessions[0]!.createdAt as string);
    expect(Math.abs(created - Date.now())).toBeLessThan(60_000);
    // the ids are not the stored keys (nor the cookie's token)
    const rows = await rowsOf<{ sid: string }>(
      app,
      sql`select sid from sessions where sess->>'userId' = ${ada.id}`,
    );
    expect(rows).toHaveLength(3);
    for (const { sid } of rows) expect(res.body).not.toContain(sid);

    const phoneSession = sessions.find((session) => session.userAgent === 'Safari on iOS')!;
    const bea = await signUp(app, 'bea');
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${phoneSession.id}`,
      headers: as(bea),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Session not found' });
    expect((await get(phone, '/api/auth/user')).statusCode).toBe(200);

    const ended = await app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${phoneSession.id}`,
      headers: as(laptop),
    });
    expect(ended.statusCode).toBe(204);
    expect((await get(phone, '/api/auth/user')).statusCode).toBe(401);
    expect((await get(laptop, '/api/auth/user')).statusCode).toBe(200);
    expect((await get(laptop, '/api/account/sessions')).json()).toHaveLength(2);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${phoneSession.id}`,
      headers: as(laptop),
    });
    expect(again.statusCode).toBe(404);
  });
});
