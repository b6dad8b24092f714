import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { invitations, users } from '../../src/server/db/schema.js';
import { hashToken } from '../../src/server/features/auth/index.js';
import { stores, testConfig } from '../support/helpers.js';
import { startTestProvider, type TestProvider } from '../support/oidc-provider.js';
import { listenTrusted, logInto, signInOnlyThrough, signInStepsFor } from './support.js';

// With OpenID Connect, who gets an account follows REGISTRATION as sign-up does: a new identity
// is the admin on an empty server, needs an invitation (carried through /api/login) in invite
// mode; an identity with an account always signs in, unless the account is disabled.

describe.each(stores)('OpenID Connect and REGISTRATION=invite on $store', ({ databaseUrl }) => {
  let provider: TestProvider;
  let app: FastifyInstance;
  let origin: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    provider = await startTestProvider();
    app = await buildApp(
      testConfig({ databaseUrl, registration: 'invite', ...signInOnlyThrough(provider) }),
      { logStream: logInto(logLines) },
    );
    origin = await listenTrusted(app, provider);
    await app.db.delete(users); // this file's database may hold another store's run
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
  });

  const { anAccount, signIn, currentUser, loginError } = signInStepsFor(() => ({
    app,
    provider,
    origin,
  }));

  async function anInvitation() {
    const token = `invitation-${Math.random().toString(36).slice(2)}`;
    const [admin] = await app.db.select().from(users).where(eq(users.role, 'admin'));
    const [row] = await app.db
      .insert(invitations)
      .values({
        tokenHash: hashToken(token),
        createdBy: admin!.id,
        expiresAt: new Date(Date.now() + 60_000),
      })
      .returning();
    return { id: row!.id, token };
  }

  it('makes the first identity the admin, then refuses a new one without an invitation', async () => {
    const first = await signIn(anAccount());
    expect(first.landing.location).toBe(`${origin}/`);
    expect(JSON.parse((await currentUser(first.browser)).body).role).toBe('admin');

    const stranger = anAccount();
    const refused = await signIn(stranger);
    expect(refused.landing.status).toBe(302);
    expect(refused.landing.location).toBe(loginError('invitation_required'));
    expect((await currentUser(refused.browser)).status).toBe(401);
    expect(await app.db.select().from(users).where(eq(users.oidcSubject, stranger))).toEqual([]);
  });

  it('creates the account of a new identity that brings an invitation, once', async () => {
    const invitation = await anInvitation();
    const subject = anAccount();
    const invited = await signIn(subject, `?invitation=${invitation.token}`);
    expect(invited.landing.location).toBe(`${origin}/`);
    const me = JSON.parse((await currentUser(invited.browser)).body);
    expect(me.role).toBe('user');
    const [row] = await app.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(row?.usedBy).toBe(me.id);

    const second = await signIn(anAccount(), `?invitation=${invitation.token}`);
    expect(second.landing.location).toBe(loginError('invitation_invalid'));
    // the invited identity signs in again without one
    const again = await signIn(subject);
    expect(JSON.parse((await currentUser(again.browser)).body).id).toBe(me.id);
    expect(logLines.join('\n')).not.toContain(invitation.token);
  });

  it('refuses the identity of a disabled account', async () => {
    const subject = anAccount();
    const invitation = await anInvitation();
    const { browser } = await signIn(subject, `?invitation=${invitation.token}`);
    const id = JSON.parse((await currentUser(browser)).body).id as string;
    await app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, id));
    const refused = await signIn(subject);
    expect(refused.landing.location).toBe(loginError('disabled'));
    expect((await currentUser(refused.browser)).status).toBe(401);
  });
});
