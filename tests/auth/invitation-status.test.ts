import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { invitations } from '../../src/server/db/schema.js';
import { deleteExpiredLinks } from '../../src/server/features/auth/index.js';
import {
  as,
  randomIp,
  signUp,
  stores,
  testConfig,
  uniqueEmail,
  type TestUser,
} from '../support/helpers.js';
import { logInto } from './support.js';

// What an invitation link's page can know before its form (issue 31): whether the invitation is
// still good, used or expired, or unknown (never made, or revoked). Nothing else: no email.

describe.each(stores)('invitation status on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let admin: TestUser;
  const logLines: string[] = [];
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl, registration: 'invite', logLevel: 'info' }), {
      logStream: logInto(logLines),
    });
    admin = await signUp(app, 'admin'); // the first account of the server needs no invitation
  });
  afterAll(() => app.close());

  async function anInvitation() {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/invitations',
      headers: as(admin),
    });
    expect(res.statusCode).toBe(201);
    const { id, url } = res.json() as { id: string; url: string };
    return { id, token: new URL(url).searchParams.get('invitation')! };
  }

  /** Asked signed out, as the sign-up page asks. */
  const statusOf = (token: string) =>
    app.inject({
      method: 'GET',
      url: `/api/auth/invitation?token=${encodeURIComponent(token)}`,
      remoteAddress: randomIp(),
    });

  it('says an open invitation is valid, and no more than that', async () => {
    const { token } = await anInvitation();
    const res = await statusOf(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'valid' });
    expect(res.body).not.toContain(admin.email);
    expect(logLines.join('\n')).not.toContain(token);
  });

  it('says a spent invitation is used', async () => {
    const { token } = await anInvitation();
    const signedUp = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: randomIp(),
      payload: {
        email: uniqueEmail('invited'),
        password: 'correct horse battery',
        invitation: token,
      },
    });
    expect(signedUp.statusCode).toBe(201);
    const res = await statusOf(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'used' });
    expect(res.body).not.toContain(signedUp.json().email);
  });

  it('says an invitation past its time is expired', async () => {
    const { id, token } = await anInvitation();
    await app.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, id));
    const res = await statusOf(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'expired' });
  });

  it("keeps saying expired after the hourly clean-up, for a month past the invitation's time", async () => {
    const day = 24 * 60 * 60 * 1000;
    const lately = await anInvitation();
    const long = await anInvitation();
    const expire = (id: string, ago: number) =>
      app.db
        .update(invitations)
        .set({ expiresAt: new Date(Date.now() - ago) })
        .where(eq(invitations.id, id));
    await expire(lately.id, 29 * day);
    await expire(long.id, 31 * day);
    await deleteExpiredLinks(app.db);
    expect((await statusOf(lately.token)).json()).toEqual({ status: 'expired' });
    expect((await statusOf(long.token)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown or revoked invitation', async () => {
    const { id, token } = await anInvitation();
    await app.inject({ method: 'DELETE', url: `/api/admin/invitations/${id}`, headers: as(admin) });
    const message =
      'This invitation link is not valid: it was revoked, or only part of it was copied. Ask the admin for a new one.';
    for (const unknown of [token, 'made-up-token']) {
      const res = await statusOf(unknown);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message });
    }
    const missing = await app.inject({ method: 'GET', url: '/api/auth/invitation' });
    expect(missing.statusCode).toBe(400);
  });
});
