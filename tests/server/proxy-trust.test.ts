import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import type { Config } from '../../src/server/config.js';
import { randomIp, stores, testConfig, uniqueEmail } from '../support/helpers.js';

// TRUST_PROXY decides whose X-Forwarded-For counts, and so which address the per-IP sign-in
// limit (AUTH_RATE_LIMIT) counts against (issue #19: spoofed addresses escaped the limit).

const LIMIT = 10;

/** A failed sign-in from `peer` (the TCP peer), each for a new account: only the IP limit bites. */
const signIn = (app: FastifyInstance, peer: string, headers: Record<string, string> = {}) =>
  app
    .inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: peer,
      headers,
      payload: { email: uniqueEmail('proxy'), password: 'not the password' },
    })
    .then((res) => res.statusCode);

describe.each(stores)('proxy trust on $store', ({ databaseUrl }) => {
  const apps: FastifyInstance[] = [];
  const build = async (overrides: Partial<Config>) => {
    const app = await buildApp(testConfig({ databaseUrl, authRateLimit: LIMIT, ...overrides }));
    apps.push(app);
    return app;
  };
  let untrusting: FastifyInstance;
  let behindLocalProxy: FastifyInstance;
  let behindOneHop: FastifyInstance;
  beforeAll(async () => {
    untrusting = await build({ publicUrl: 'https://birds.example' }); // TRUST_PROXY unset
    behindLocalProxy = await build({ trustProxy: ['127.0.0.1'] });
    behindOneHop = await build({ trustProxy: 1 });
  });
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  it('ignores X-Forwarded-For without TRUST_PROXY, even with PUBLIC_URL: spoofing stays limited', async () => {
    const client = randomIp();
    const statuses = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(await signIn(untrusting, client, { 'x-forwarded-for': randomIp() }));
    }
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(401), 429, 429]);
  });

  it('counts each client behind a trusted proxy address separately', async () => {
    const [ada, bob] = [randomIp(), randomIp()];
    for (let i = 0; i < LIMIT; i++) {
      expect(await signIn(behindLocalProxy, '127.0.0.1', { 'x-forwarded-for': ada })).toBe(401);
    }
    // The proxy appends the address it saw: what the client wrote before it does not count.
    const spoofed = { 'x-forwarded-for': `${randomIp()}, ${ada}` };
    expect(await signIn(behindLocalProxy, '127.0.0.1', spoofed)).toBe(429);
    expect(await signIn(behindLocalProxy, '127.0.0.1', { 'x-forwarded-for': bob })).toBe(401);
  });

  it('does not take X-Forwarded-For from a peer that is not the trusted proxy', async () => {
    const stranger = randomIp();
    const statuses = [];
    for (let i = 0; i <= LIMIT; i++) {
      statuses.push(await signIn(behindLocalProxy, stranger, { 'x-forwarded-for': randomIp() }));
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('takes the address the last proxy saw with a hop count of 1', async () => {
    const [proxy, ada, bob] = [randomIp(), randomIp(), randomIp()];
    const statuses = [];
    for (let i = 0; i <= LIMIT; i++) {
      const forwarded = { 'x-forwarded-for': `${randomIp()}, ${ada}` };
      statuses.push(await signIn(behindOneHop, proxy, forwarded));
    }
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(401), 429]);
    expect(await signIn(behindOneHop, proxy, { 'x-forwarded-for': bob })).toBe(401);
  });

  describe('Secure cookies', () => {
    const register = (app: FastifyInstance, peer: string, headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: peer,
        headers,
        payload: { email: uniqueEmail('cookie'), password: 'correct horse battery' },
      });
    /** Every cookie the reply sets: the session's and the page's hint of it (decision 018). */
    const cookies = (res: { headers: Record<string, unknown> }) =>
      [res.headers['set-cookie'] ?? []].flat() as string[];
    const https = (client: string) => ({
      'x-forwarded-for': client,
      'x-forwarded-proto': 'https',
    });

    it('are Secure with an https PUBLIC_URL, whatever the proxy says', async () => {
      const res = await register(untrusting, randomIp(), {});
      expect(res.statusCode).toBe(201);
      expect(cookies(res)).toHaveLength(2);
      for (const cookie of cookies(res)) expect(cookie).toMatch(/; Secure/);
    });

    it("follow a trusted proxy's X-Forwarded-Proto, and ignore anyone else's", async () => {
      const proxied = await register(behindLocalProxy, '127.0.0.1', https(randomIp()));
      expect(proxied.statusCode).toBe(201);
      expect(cookies(proxied)).toHaveLength(2);
      for (const cookie of cookies(proxied)) expect(cookie).toMatch(/; Secure/);
      const direct = await register(behindLocalProxy, randomIp(), https(randomIp()));
      expect(direct.statusCode).toBe(201);
      expect(cookies(direct)).toHaveLength(2);
      for (const cookie of cookies(direct)) expect(cookie).not.toMatch(/Secure/);
    });
  });
});
