import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import {
  invitations,
  passwordResets,
  sessions,
  uploads,
  users,
} from '../../src/server/db/schema.js';
import {
  cookieOf,
  createLogAs,
  randomIp,
  signUp,
  stores,
  testConfig,
  uploadPhotoAs,
  type TestUser,
} from '../support/helpers.js';

// The admin's API (/api/admin/…): who may call it, the users' list, disable, quota, roles,
// invitations and reset links.

describe.each(stores)('admin API on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let admin: TestUser;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl, storageQuotaMb: 100 }));
    admin = await signUp(app, 'admin'); // the first account of the server
  });
  afterAll(() => app.close());

  const call = (
    user: TestUser | undefined,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    app.inject({
      method,
      url,
      headers: user ? { cookie: user.cookie } : {},
      ...(payload && { payload }),
    });
  const currentUser = (cookie: string) =>
    app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  const login = (email: string, password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: randomIp(),
      payload: { email, password },
    });
  const listed = async (id: string) => {
    const res = await call(admin, 'GET', '/api/admin/users');
    return (res.json().items as Array<{ id: string }>).find((item) => item.id === id);
  };

  it('answers only admins: 401 signed out, 403 "Admins only" for anyone else', async () => {
    const ada = await signUp(app, 'not-admin');
    expect((await currentUser(admin.cookie)).json().role).toBe('admin');
    expect((await currentUser(ada.cookie)).json().role).toBe('user');
    const routes = [
      ['GET', '/api/admin/users'],
      ['PATCH', `/api/admin/users/${ada.id}`, { disabled: true }],
      ['POST', `/api/admin/users/${admin.id}/password-reset`],
      ['POST', '/api/admin/invitations'],
      ['GET', '/api/admin/invitations'],
      ['DELETE', `/api/admin/invitations/${ada.id}`],
    ] as const;
    for (const [method, url, payload] of routes) {
      const signedOut = await call(undefined, method, url, payload);
      expect(signedOut.statusCode, url).toBe(401);
      const user = await call(ada, method, url, payload);
      expect(user.statusCode, url).toBe(403);
      expect(user.json()).toEqual({ message: 'Admins only' });
    }
    expect((await currentUser(ada.cookie)).statusCode).toBe(200); // nothing was done to ada
  });

  it('lists every user with logs, storage used against the quota, activity and status', async () => {
    const ada = await signUp(app, 'listed');
    await createLogAs(app, ada);
    await createLogAs(app, ada);
    await uploadPhotoAs(app, ada);
    const res = await call(admin, 'GET', '/api/admin/users');
    expect(res.statusCode).toBe(200);
    expect(res.json().defaultQuotaMb).toBe(100);
    const items = res.json().items as Array<Record<string, unknown>>;
    expect(items[0]).toMatchObject({ id: admin.id, role: 'admin' }); // oldest first
    const row = items.find((item) => item.id === ada.id)!;
    const [upload] = await app.db
      .select({
        bytes: sql<string>`sum(${uploads.size} + coalesce(${uploads.derivativesSize}, 0))`,
      })
      .from(uploads)
      .where(eq(uploads.userId, ada.id));
    expect(row).toEqual({
      id: ada.id,
      email: ada.email,
      firstName: 'listed',
      lastName: null,
      role: 'user',
      logs: 2,
      storageUsedBytes: Number(upload!.bytes),
      storageQuotaMb: null,
      quotaBytes: 100 * 1024 * 1024,
      hasPassword: true,
      lastActiveAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      disabledAt: null,
      reviewer: false,
    });
    expect(row.storageUsedBytes).toBeGreaterThan(1000); // the photo and its derivatives
    expect(Date.now() - Date.parse(String(row.lastActiveAt))).toBeLessThan(60_000);
  });

  it('disables a user: their sessions end at once, sign-in is refused; enabling lets them back', async () => {
    const ada = await signUp(app, 'disabled');
    const laptop = cookieOf(await login(ada.email, ada.password));
    const res = await call(admin, 'PATCH', `/api/admin/users/${ada.id}`, { disabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ada.id, disabledAt: expect.any(String) });

    for (const cookie of [ada.cookie, laptop]) {
      expect((await currentUser(cookie)).statusCode).toBe(401);
      const logs = await app.inject({ method: 'GET', url: '/api/logs', headers: { cookie } });
      expect(logs.statusCode).toBe(401);
    }
    const mine = sql`${sessions.sess}->>'userId' = ${ada.id}`;
    expect(await app.db.select().from(sessions).where(mine)).toHaveLength(0);

    const refused = await login(ada.email, ada.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message:
        'This account has been disabled. Ask the admin of this server if you think it should not be.',
    });
    expect(refused.cookies).toEqual([]);
    // a wrong password says only that: the account's state is for its owner to learn
    expect((await login(ada.email, 'wrong password')).statusCode).toBe(401);

    const enabled = await call(admin, 'PATCH', `/api/admin/users/${ada.id}`, { disabled: false });
    expect(enabled.json()).toMatchObject({ disabledAt: null });
    expect((await login(ada.email, ada.password)).statusCode).toBe(200);
  });

  it('refuses to disable yourself or to leave the server without an admin', async () => {
    const self = await call(admin, 'PATCH', `/api/admin/users/${admin.id}`, { disabled: true });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ message: 'You cannot disable your own account.' });
    const demote = await call(admin, 'PATCH', `/api/admin/users/${admin.id}`, { role: 'user' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({
      message: 'This is the last admin of the server: make another user an admin first.',
    });
    expect((await currentUser(admin.cookie)).json().role).toBe('admin');

    // with a second admin, the first may step down; the second then is the last one
    const grace = await signUp(app, 'second-admin');
    const promoted = await call(admin, 'PATCH', `/api/admin/users/${grace.id}`, { role: 'admin' });
    expect(promoted.json()).toMatchObject({ role: 'admin' });
    expect((await call(grace, 'GET', '/api/admin/users')).statusCode).toBe(200);
    const stepDown = await call(admin, 'PATCH', `/api/admin/users/${admin.id}`, { role: 'user' });
    expect(stepDown.json()).toMatchObject({ role: 'user' });
    expect((await call(admin, 'GET', '/api/admin/users')).statusCode).toBe(403);
    const last = await call(grace, 'PATCH', `/api/admin/users/${grace.id}`, { role: 'user' });
    expect(last.statusCode).toBe(409);
    await call(grace, 'PATCH', `/api/admin/users/${admin.id}`, { role: 'admin' });
    expect((await call(admin, 'GET', '/api/admin/users')).statusCode).toBe(200);
  });

  it("sets a user's quota, and null brings back the server's", async () => {
    const ada = await signUp(app, 'quota');
    const url = `/api/admin/users/${ada.id}`;
    const set = await call(admin, 'PATCH', url, { storageQuotaMb: 10 });
    expect(set.json()).toMatchObject({ storageQuotaMb: 10, quotaBytes: 10 * 1024 * 1024 });
    const [row] = await app.db.select().from(users).where(eq(users.id, ada.id));
    expect(row?.storageQuotaMb).toBe(10);
    const reset = await call(admin, 'PATCH', url, { storageQuotaMb: null });
    expect(reset.json()).toMatchObject({ storageQuotaMb: null, quotaBytes: 100 * 1024 * 1024 });
  });

  it.each([
    [{}, 'Nothing to change: give disabled, storageQuotaMb, role or reviewer'],
    [{ storageQuotaMb: -1 }, 'Quota must be at least 0 MB'],
    [{ storageQuotaMb: 1.5 }, 'Quota must be a whole number of MB'],
    [{ role: 'owner' }, 'Role must be admin or user'],
    [{ disabled: 'yes' }, 'disabled must be true or false'],
  ])('refuses the update %j with its message', async (payload, message) => {
    const res = await call(admin, 'PATCH', `/api/admin/users/${admin.id}`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('answers 404 for an unknown user', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await call(admin, 'PATCH', `/api/admin/users/${unknown}`, { disabled: true });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No such user' });
    expect(
      (await call(admin, 'POST', `/api/admin/users/${unknown}/password-reset`)).statusCode,
    ).toBe(404);
  });

  it('creates invitations shown once and stored hashed, lists the open ones, revokes one', async () => {
    const created = await call(admin, 'POST', '/api/admin/invitations');
    expect(created.statusCode).toBe(201);
    const invitation = created.json() as { id: string; url: string; expiresAt: string };
    expect(invitation.url).toMatch(/^http:\/\/localhost(:\d+)?\/login\?invitation=[\w-]{43}$/);
    const sevenDays = 7 * 24 * 60 * 60 * 1000;
    expect(Math.abs(Date.parse(invitation.expiresAt) - Date.now() - sevenDays)).toBeLessThan(
      60_000,
    );
    const token = new URL(invitation.url).searchParams.get('invitation')!;
    const [row] = await app.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(row).toMatchObject({ createdBy: admin.id, usedAt: null });
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);

    const list = await call(admin, 'GET', '/api/admin/invitations');
    expect(list.json().items).toContainEqual({
      id: invitation.id,
      createdAt: expect.any(String),
      expiresAt: invitation.expiresAt,
      createdBy: admin.email,
    });
    expect(JSON.stringify(list.json())).not.toContain(token);

    expect(
      (await call(admin, 'DELETE', `/api/admin/invitations/${invitation.id}`)).statusCode,
    ).toBe(204);
    const after = await call(admin, 'GET', '/api/admin/invitations');
    expect(after.json().items.map((item: { id: string }) => item.id)).not.toContain(invitation.id);
    const again = await call(admin, 'DELETE', `/api/admin/invitations/${invitation.id}`);
    expect(again.statusCode).toBe(404);
  });

  describe('reset links', () => {
    const resetWith = (token: string, newPassword = 'a brand new passphrase', cookie?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        remoteAddress: randomIp(),
        headers: cookie ? { cookie } : {},
        payload: { token, newPassword },
      });
    const invalidLink = {
      message: 'This reset link has expired or was already used. Ask for a new one.',
    };

    it('sets the password once, ends every session and signs this browser in', async () => {
      const ada = await signUp(app, 'reset');
      const laptop = cookieOf(await login(ada.email, ada.password));
      const made = await call(admin, 'POST', `/api/admin/users/${ada.id}/password-reset`);
      expect(made.statusCode).toBe(201);
      const { url, expiresAt } = made.json() as { url: string; expiresAt: string };
      expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/reset-password\?token=[\w-]{43}$/);
      const day = 24 * 60 * 60 * 1000;
      expect(Math.abs(Date.parse(expiresAt) - Date.now() - day)).toBeLessThan(60_000);
      const token = new URL(url).searchParams.get('token')!;
      const [stored] = await app.db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.userId, ada.id));
      expect(stored?.tokenHash).not.toContain(token);

      const reset = await resetWith(token);
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toMatchObject({ id: ada.id, email: ada.email });
      for (const cookie of [ada.cookie, laptop]) {
        expect((await currentUser(cookie)).statusCode).toBe(401);
      }
      expect((await currentUser(cookieOf(reset))).json()).toMatchObject({ id: ada.id });
      expect((await login(ada.email, ada.password)).statusCode).toBe(401);
      expect((await login(ada.email, 'a brand new passphrase')).statusCode).toBe(200);

      const twice = await resetWith(token, 'yet another passphrase');
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toEqual(invalidLink);
      expect(twice.cookies).toEqual([]);
    });

    it('refuses an expired, replaced or unknown link with the same answer', async () => {
      const ada = await signUp(app, 'expired-reset');
      const first = await call(admin, 'POST', `/api/admin/users/${ada.id}/password-reset`);
      const second = await call(admin, 'POST', `/api/admin/users/${ada.id}/password-reset`);
      const tokenOf = (res: typeof first) => new URL(res.json().url).searchParams.get('token')!;
      const replaced = await resetWith(tokenOf(first));
      await app.db
        .update(passwordResets)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(passwordResets.userId, ada.id));
      const expired = await resetWith(tokenOf(second));
      const unknown = await resetWith('a'.repeat(43));
      for (const res of [replaced, expired, unknown]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(invalidLink);
      }
      expect((await login(ada.email, ada.password)).statusCode).toBe(200); // unchanged
    });

    it('checks the new password as sign-up does', async () => {
      const ada = await signUp(app, 'weak-reset');
      const made = await call(admin, 'POST', `/api/admin/users/${ada.id}/password-reset`);
      const token = new URL(made.json().url).searchParams.get('token')!;
      const weak = await resetWith(token, 'password123');
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({
        message: 'This is a commonly used password: add more words or characters.',
        issues: [{ path: ['newPassword'] }],
      });
      expect((await resetWith(token, 'a strong new passphrase')).statusCode).toBe(200);
    });

    it("is not made for a disabled user, and disabling spends a user's open link", async () => {
      const ada = await signUp(app, 'disabled-reset');
      const made = await call(admin, 'POST', `/api/admin/users/${ada.id}/password-reset`);
      await call(admin, 'PATCH', `/api/admin/users/${ada.id}`, { disabled: true });
      const token = new URL(made.json().url).searchParams.get('token')!;
      expect((await resetWith(token)).json()).toEqual(invalidLink);
      const refused = await call(admin, 'POST', `/api/admin/users/${ada.id}/password-reset`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: 'This account is disabled: enable it first.' });
    });
  });

  it('keeps last_active_at when a session is refreshed (once a day)', async () => {
    const ada = await signUp(app, 'active');
    const mine = sql`${sessions.sess}->>'userId' = ${ada.id}`;
    await app.db.update(users).set({ lastActiveAt: null }).where(eq(users.id, ada.id));
    expect((await currentUser(ada.cookie)).statusCode).toBe(200); // fresh: no refresh yet
    expect((await listed(ada.id)) as unknown).toMatchObject({ lastActiveAt: null });
    const tenDaysLeft = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000);
    await app.db.update(sessions).set({ expire: tenDaysLeft }).where(mine);
    expect((await currentUser(ada.cookie)).statusCode).toBe(200);
    const row = (await listed(ada.id)) as unknown as { lastActiveAt: string };
    expect(Date.now() - Date.parse(row.lastActiveAt)).toBeLessThan(60_000);
  });
});
