import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import type { Registration } from '../../src/server/config.js';
import { invitations, users } from '../../src/server/db/schema.js';
import { cookieOf, randomIp, stores, testConfig, uniqueEmail } from '../support/helpers.js';

// REGISTRATION (issue 21): the first account is the admin whatever the mode; after it `open`
// lets anyone in, `invite` holders of an unused invitation, `closed` no one.

const messages = {
  needsInvitation: 'Sign-up on this server needs an invitation. Ask its admin for one.',
  badInvitation:
    'This invitation link has expired, was revoked or was already used. Ask the admin for a new one.',
  closed: 'Sign-up is closed on this server.',
};

describe.each(stores)('sign-up modes on $store', ({ databaseUrl }) => {
  const apps: Partial<Record<Registration, FastifyInstance>> = {};
  beforeAll(async () => {
    for (const registration of ['open', 'invite', 'closed'] as const) {
      apps[registration] = await buildApp(testConfig({ databaseUrl, registration }));
    }
  });
  afterAll(async () => {
    for (const app of Object.values(apps)) await app.close();
  });

  /** The app of `mode`, on a server without any account yet (each store of a file has one database). */
  async function emptyServer(mode: Registration) {
    const app = apps[mode]!;
    await app.db.delete(users);
    return app;
  }

  const register = (app: FastifyInstance, invitation?: string, email = uniqueEmail()) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: randomIp(),
      payload: { email, password: 'correct horse battery', ...(invitation && { invitation }) },
    });

  async function anInvitation(app: FastifyInstance, adminCookie: string) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/invitations',
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode).toBe(201);
    const { id, url } = res.json() as { id: string; url: string };
    return { id, token: new URL(url).searchParams.get('invitation')! };
  }

  const registration = async (app: FastifyInstance) =>
    (await app.inject({ method: 'GET', url: '/api/auth/registration' })).json();

  describe('invite (the default)', () => {
    it('makes the first account the admin without an invitation, then asks for one', async () => {
      const app = await emptyServer('invite');
      expect(await registration(app)).toEqual({ mode: 'invite', firstAccount: true });
      const first = await register(app);
      expect(first.statusCode).toBe(201);
      expect(first.json().role).toBe('admin');
      expect(await registration(app)).toEqual({ mode: 'invite', firstAccount: false });

      const second = await register(app);
      expect(second.statusCode).toBe(403);
      expect(second.json()).toEqual({ message: messages.needsInvitation });
      expect(second.cookies).toEqual([]);
      expect(await app.db.select().from(users)).toHaveLength(1);
    });

    it('takes an invitation once, marks it used by the new account, and refuses it after', async () => {
      const app = await emptyServer('invite');
      const admin = await register(app);
      const invitation = await anInvitation(app, cookieOf(admin));

      const invited = await register(app, invitation.token);
      expect(invited.statusCode).toBe(201);
      expect(invited.json().role).toBe('user');
      const [row] = await app.db
        .select()
        .from(invitations)
        .where(eq(invitations.id, invitation.id));
      expect(row).toMatchObject({ usedBy: invited.json().id, usedAt: expect.any(Date) });

      const again = await register(app, invitation.token);
      expect(again.statusCode).toBe(403);
      expect(again.json()).toEqual({ message: messages.badInvitation });
      const open = await app.inject({
        method: 'GET',
        url: '/api/admin/invitations',
        headers: { cookie: cookieOf(admin) },
      });
      expect(open.json().items).toEqual([]);
    });

    it('refuses an expired, revoked or made-up invitation alike', async () => {
      const app = await emptyServer('invite');
      const admin = cookieOf(await register(app));
      const expired = await anInvitation(app, admin);
      await app.db
        .update(invitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitations.id, expired.id));
      const revoked = await anInvitation(app, admin);
      await app.inject({
        method: 'DELETE',
        url: `/api/admin/invitations/${revoked.id}`,
        headers: { cookie: admin },
      });
      for (const token of [expired.token, revoked.token, 'made-up-token']) {
        const res = await register(app, token);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: messages.badInvitation });
      }
      expect(await app.db.select().from(users)).toHaveLength(1);
    });

    it('keeps the invitation when the sign-up fails for another reason', async () => {
      const app = await emptyServer('invite');
      const adminEmail = uniqueEmail('admin');
      const admin = cookieOf(await register(app, undefined, adminEmail));
      const invitation = await anInvitation(app, admin);
      const taken = await register(app, invitation.token, adminEmail);
      expect(taken.statusCode).toBe(409);
      expect((await register(app, invitation.token)).statusCode).toBe(201);
    });

    it('lets exactly one of two simultaneous first sign-ups in, as the admin', async () => {
      const app = await emptyServer('invite');
      const results = await Promise.all([register(app), register(app), register(app)]);
      const statuses = results.map((res) => res.statusCode).sort();
      expect(statuses).toEqual([201, 403, 403]);
      const rows = await app.db.select().from(users);
      expect(rows.map((row) => row.role)).toEqual(['admin']);
    });
  });

  describe('open', () => {
    it('makes the first account the admin and lets anyone in after it', async () => {
      const app = await emptyServer('open');
      const [a, b] = await Promise.all([register(app), register(app)]);
      expect([a!.json().role, b!.json().role].sort()).toEqual(['admin', 'user']);
      const third = await register(app);
      expect(third.statusCode).toBe(201);
      expect(third.json().role).toBe('user');
      expect(await registration(app)).toEqual({ mode: 'open', firstAccount: false });
    });
  });

  describe('closed', () => {
    it('lets only the first account in, even with an invitation', async () => {
      const app = await emptyServer('closed');
      const first = await register(app);
      expect(first.json().role).toBe('admin');
      const refused = await register(app);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: messages.closed });

      const admin = cookieOf(first);
      const invite = await app.inject({
        method: 'POST',
        url: '/api/admin/invitations',
        headers: { cookie: admin },
      });
      expect(invite.statusCode).toBe(409);
      expect(invite.json().message).toMatch(/^Sign-up is closed on this server/);
      // an invitation made while the server was in invite mode does not open it either
      await app.db.insert(invitations).values({
        tokenHash: 'a'.repeat(64),
        createdBy: first.json().id,
        expiresAt: new Date(Date.now() + 60_000),
      });
      expect((await register(app, 'any')).json()).toEqual({ message: messages.closed });
    });
  });
});
