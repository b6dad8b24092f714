import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { users } from '../../src/server/db/schema.js';
import {
  parseIdentityClaims,
  signInWithIdentity,
} from '../../src/server/features/auth/oidc-accounts.js';
import { stores, testConfig, uniqueEmail } from '../support/helpers.js';
import { startTestProvider, type TestProvider } from '../support/oidc-provider.js';
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

  const { anAccount, signIn, currentUser, aLocalAccount } = signInStepsFor(() => ({
    app,
    provider,
    origin,
  }));

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
      role: 'admin', // the first account of the server
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
      role: 'user',
    });
    const rows = await app.db.select().from(users).where(eq(users.oidcSubject, subject));
    expect(rows).toHaveLength(1);
  });

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
      { registration: 'open' },
    );
    expect(first).toMatchObject({ firstName: 'Grace', lastName: null, profileImageUrl: null });
    expect(first.email).toMatch(/^grace-[\d.]+@example\.org$/);

    const local = await aLocalAccount();
    const second = await signInWithIdentity(
      app.db,
      issuer,
      parseIdentityClaims({ sub, email: local.email, email_verified: true, family_name: 'Hopper' }),
      { registration: 'closed' }, // an identity with an account signs in whatever the mode
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
});
