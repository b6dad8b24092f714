import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { as, signUp, stores, testConfig, type TestUser } from '../support/helpers.js';

// GET /api/logout stays a GET (SPEC §7), but another site's link cannot sign anyone out: it
// lands on /sign-out, which asks (issue 21).

describe.each(stores)('sign-out started by another site on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  const signOut = (user: TestUser | undefined, site: string | undefined) =>
    app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { ...(user ? as(user) : {}), ...(site ? { 'sec-fetch-site': site } : {}) },
    });
  const signedIn = async (user: TestUser) =>
    (await app.inject({ method: 'GET', url: '/api/auth/user', headers: as(user) })).statusCode ===
    200;

  it.each(['cross-site', 'same-site'])('asks first when %s, and ends nothing', async (site) => {
    const ada = await signUp(app);
    const res = await signOut(ada, site);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/sign-out');
    expect(res.cookies).toEqual([]);
    expect(await signedIn(ada)).toBe(true);
  });

  it.each([['same-origin'], ['none'], [undefined]])(
    'signs out at once when the request says %s',
    async (site) => {
      const ada = await signUp(app);
      const res = await signOut(ada, site);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
      expect(res.cookies).toContainEqual(expect.objectContaining({ name: 'sid', value: '' }));
      expect(await signedIn(ada)).toBe(false);
    },
  );

  it('sends a signed-out visitor from another site home: there is nothing to ask', async () => {
    const res = await signOut(undefined, 'cross-site');
    expect(res.headers.location).toBe('/');
  });
});
