import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { PASSWORD_COST } from '../../src/server/config.js';
import { sessions, users } from '../../src/server/db/schema.js';
import { cookieOf, signUp, stores, testConfig, uniqueEmail } from '../support/helpers.js';

describe.each(stores)('built-in accounts on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // the server's own scrypt cost, which 'stores a scrypt hash' checks
    app = await buildApp(testConfig({ databaseUrl, passwordCost: PASSWORD_COST }));
  });
  afterAll(() => app.close());

  const currentUser = (cookie?: string) =>
    app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} });
  const login = (email: string, password: string, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      headers: cookie ? { cookie } : {},
    });

  it('registers, signs in with an HttpOnly SameSite=Lax session cookie, and knows the user', async () => {
    const email = uniqueEmail('ada');
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: email.toUpperCase(),
        password: 'correct horse',
        firstName: 'Ada',
        lastName: 'Lovelace',
      },
    });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toEqual({
      id: expect.any(String),
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: null,
      role: 'admin', // the first account of the server (this file's first test)
    });
    const [cookie] = res.cookies;
    expect(cookie).toMatchObject({ name: 'sid', httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy(); // plain http here
    expect(cookie?.maxAge).toBe(30 * 24 * 60 * 60);

    const me = await currentUser(cookieOf(res));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);
  });

  it('stores a scrypt hash, never the password', async () => {
    const ada = await signUp(app, 'hash');
    const [row] = await app.db.select().from(users).where(eq(users.id, ada.id));
    expect(row?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row?.passwordHash).not.toContain(ada.password);
  });

  it('refuses a second account for the same email, whatever its case', async () => {
    const ada = await signUp(app, 'twice');
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: ada.email.toUpperCase(), password: 'another password' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'An account with this email already exists' });
    expect(res.cookies).toEqual([]);
  });

  it.each([
    [{ email: 'not-an-email', password: 'long enough' }, 'Enter a valid email address', ['email']],
    [
      { email: uniqueEmail(), password: 'short' },
      'Password must be at least 8 characters',
      ['password'],
    ],
    [{ password: 'long enough' }, 'Email is required', ['email']],
    [{ email: uniqueEmail() }, 'Password is required', ['password']],
    [
      { email: uniqueEmail(), password: 'x'.repeat(1025) },
      'Password must be at most 1024 characters',
      ['password'],
    ],
  ])('rejects a bad registration %# with its message', async (payload, message, path) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, issues: [{ path, message }] });
  });

  it('signs in with the right password and refuses a wrong one or an unknown email alike', async () => {
    const ada = await signUp(app, 'login');
    const ok = await login(ada.email.toUpperCase(), ada.password);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: ada.id, email: ada.email });
    expect((await currentUser(cookieOf(ok))).statusCode).toBe(200);

    const wrong = await login(ada.email, 'wrong password');
    const unknown = await login(uniqueEmail('nobody'), 'wrong password');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email or password' });
      expect(res.cookies).toEqual([]);
    }
  });

  it('answers 401 Unauthorized without a session, or with a forged cookie', async () => {
    for (const cookie of [undefined, 'sid=forged', 'sid=abc.def']) {
      const res = await currentUser(cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('gives a new session id on sign-in and retires the one the browser had', async () => {
    const ada = await signUp(app, 'rotate');
    const again = await login(ada.email, ada.password, ada.cookie);
    const fresh = cookieOf(again);
    expect(fresh).not.toBe(ada.cookie);
    expect((await currentUser(ada.cookie)).statusCode).toBe(401);
    expect((await currentUser(fresh)).statusCode).toBe(200);
  });

  it('signs out: the session row is gone, the cookie cleared, and it no longer works', async () => {
    const ada = await signUp(app, 'logout');
    const before = await app.db
      .select()
      .from(sessions)
      .where(sql`${sessions.sess}->>'userId' = ${ada.id}`);
    expect(before).toHaveLength(1);

    const res = await app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie: ada.cookie },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(res.cookies).toMatchObject([
      { name: 'sid', value: '' },
      { name: 'signed_in', value: '' }, // the page's hint goes too (tests/auth/session-hint)
    ]);

    const after = await app.db
      .select()
      .from(sessions)
      .where(sql`${sessions.sess}->>'userId' = ${ada.id}`);
    expect(after).toHaveLength(0);
    expect((await currentUser(ada.cookie)).statusCode).toBe(401);
  });

  it('never stores the cookie token itself', async () => {
    const ada = await signUp(app, 'token');
    const token = decodeURIComponent(ada.cookie.split('=')[1]!).split('.')[0]!;
    const rows = await app.db
      .select()
      .from(sessions)
      .where(sql`${sessions.sess}->>'userId' = ${ada.id}`);
    expect(rows[0]?.sid).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.sid).not.toContain(token);
  });

  it('expires a session after 30 idle days and cleans expired rows up', async () => {
    const ada = await signUp(app, 'expiry');
    const mine = sql`${sessions.sess}->>'userId' = ${ada.id}`;
    await app.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(mine);
    expect((await currentUser(ada.cookie)).statusCode).toBe(401);

    const { deleteExpiredSessions } =
      await import('../../src/server/features/auth/session-store.js');
    expect(await deleteExpiredSessions(app.db, new Date())).toBeGreaterThanOrEqual(1);
    expect(await app.db.select().from(sessions).where(mine)).toHaveLength(0);
  });

  it('pushes the expiry of a session in use forward, at most once a day', async () => {
    const ada = await signUp(app, 'touch');
    const mine = sql`${sessions.sess}->>'userId' = ${ada.id}`;
    const tenDaysLeft = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000);
    await app.db.update(sessions).set({ expire: tenDaysLeft }).where(mine);

    const res = await currentUser(ada.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.cookies).toMatchObject([
      { name: 'sid', maxAge: 30 * 24 * 60 * 60 },
      { name: 'signed_in', maxAge: 30 * 24 * 60 * 60 },
    ]);
    const [row] = await app.db.select().from(sessions).where(mine);
    expect(row!.expire.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);

    const next = await currentUser(ada.cookie);
    expect(next.cookies).toEqual([]); // fresh enough: no write, no new cookie
  });

  it('forgets the session of an account that no longer exists', async () => {
    const ada = await signUp(app, 'gone');
    await app.db.delete(users).where(eq(users.id, ada.id));
    expect((await currentUser(ada.cookie)).statusCode).toBe(401);
  });

  it.each([
    ['/api/login', '/login'],
    ['/api/login?pwa=true', '/login?pwa=true'],
    ['/api/login?pwa=true&next=%2Flogs%2Fnew', '/login?pwa=true&next=%2Flogs%2Fnew'],
    ['/api/login?next=//evil.example', '/login'],
    ['/api/login?next=/%5Cevil.example', '/login'],
    ['/api/login?next=https://evil.example/', '/login'],
    ['/api/login?pwa=yes', '/login'],
    ['/api/login?signup=true', '/login?signup=true'],
    ['/api/login?pwa=true&signup=true', '/login?pwa=true&signup=true'],
    ['/api/login?signup=1', '/login'],
  ])('%s sends the browser to %s', async (url, location) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(location);
  });
});

describe('session cookie over https', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ publicUrl: 'https://sightbook.example' }));
  });
  afterAll(() => app.close());

  it('is Secure when the app is served over https', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail(), password: 'correct horse' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.cookies[0]).toMatchObject({ name: 'sid', secure: true, httpOnly: true });
  });
});
