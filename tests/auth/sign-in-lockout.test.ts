import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { rateLimits } from '../../src/server/db/schema.js';
import { randomIp, signUp, stores, testConfig, type TestUser } from '../support/helpers.js';

// Failed sign-ins slow down the address they come from, for that account only (decision 014).

describe.each(stores)('failed sign-ins on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  const login = (email: string, password: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      payload: { email, password },
    });
  const failFrom = (user: TestUser, address: string) =>
    login(user.email, 'wrong password', address);

  /** As if the address's current wait had passed. */
  const endWaits = (user: TestUser) =>
    app.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(
        sql`starts_with(${rateLimits.key}, 'sign-in-lock:') and ${rateLimits.key} like ${`%${user.email}%`}`,
      );

  it("blocks a stranger's address after 5 failures, never the owner signing in from another", async () => {
    const ada = await signUp(app, 'owner');
    const stranger = randomIp();
    for (let i = 0; i < 5; i++) expect((await failFrom(ada, stranger)).statusCode).toBe(401);

    const blocked = await failFrom(ada, stranger);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too many failed sign-ins. Try again in 1 minute.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    // even the right password waits at that address: guessing must not go on there
    expect((await login(ada.email, ada.password, stranger)).statusCode).toBe(429);

    const owner = await login(ada.email, ada.password, randomIp());
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ id: ada.id });
    // and the stranger's address may still try other accounts
    const bob = await signUp(app, 'other');
    expect((await login(bob.email, bob.password, stranger)).statusCode).toBe(200);
  });

  it('doubles the wait with each further failure, up to an hour', async () => {
    const ada = await signUp(app, 'doubling');
    const address = randomIp();
    for (let i = 0; i < 5; i++) await failFrom(ada, address);
    const waits: number[] = [];
    for (let failure = 6; failure <= 12; failure++) {
      await endWaits(ada);
      expect((await failFrom(ada, address)).statusCode).toBe(401); // the wait was over
      const blocked = await login(ada.email, ada.password, address);
      expect(blocked.statusCode).toBe(429);
      waits.push(Number(blocked.headers['retry-after']));
      if (failure === 6) {
        expect(blocked.json().message).toBe('Too many failed sign-ins. Try again in 2 minutes.');
      }
    }
    const expected = [120, 240, 480, 960, 1920, 3600, 3600];
    waits.forEach((wait, i) => {
      expect(wait).toBeGreaterThan(expected[i]! - 10);
      expect(wait).toBeLessThanOrEqual(expected[i]!);
    });
  });

  it("forgets an address's failures after a correct password", async () => {
    const ada = await signUp(app, 'recovers');
    const address = randomIp();
    for (let i = 0; i < 4; i++) expect((await failFrom(ada, address)).statusCode).toBe(401);
    expect((await login(ada.email, ada.password, address)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await failFrom(ada, address)).statusCode).toBe(401);
    expect((await login(ada.email, ada.password, address)).statusCode).toBe(200);
  });

  it('counts an unknown email like a known one, so a lock tells nothing', async () => {
    const address = randomIp();
    const nobody = { email: `nobody-${Math.random()}@example.org` } as TestUser;
    for (let i = 0; i < 5; i++) expect((await failFrom(nobody, address)).statusCode).toBe(401);
    expect((await failFrom(nobody, address)).statusCode).toBe(429);
  });
});
