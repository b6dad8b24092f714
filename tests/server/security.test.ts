import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import {
  aLog,
  cookieOf,
  randomIp,
  signUp,
  stores,
  testConfig,
  uniqueEmail,
} from '../support/helpers.js';

describe.each(stores)('hardening on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl, authRateLimit: 5 }));
  });
  afterAll(() => app.close());

  describe('security headers', () => {
    it('sends a strict policy without inline script, and no HSTS over plain http', async () => {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });

    it("allows the map's tile server (MAP_TILE_URL's origin) as an image source", async () => {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      const imgSrc = /img-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(imgSrc?.split(' ')).toContain('https://tiles.example');
    });
  });

  describe('caching', () => {
    it('marks every API reply private and not to be stored, errors and downloads too', async () => {
      const ada = await signUp(app, 'caching');
      const headers = { cookie: ada.cookie };
      const replies = [
        await app.inject({ method: 'GET', url: '/api/auth/user', headers }),
        await app.inject({ method: 'GET', url: '/api/auth/user' }), // 401
        await app.inject({ method: 'GET', url: '/api/logs', headers }),
        await app.inject({ method: 'POST', url: '/api/logs', headers, payload: aLog() }),
        await app.inject({ method: 'POST', url: '/api/logs', headers, payload: {} }), // 400
        await app.inject({ method: 'GET', url: '/api/no-such-thing', headers }), // 404
        await app.inject({ method: 'GET', url: '/api/export.csv', headers }),
        await app.inject({ method: 'GET', url: '/api/stats/summary', headers }),
      ];
      expect(replies.map((res) => res.statusCode)).toEqual([
        200, 401, 200, 201, 400, 404, 200, 200,
      ]);
      for (const res of replies) expect(res.headers['cache-control']).toBe('private, no-store');
      // what may be revalidated says so itself
      const pack = await app.inject({ method: 'GET', url: '/api/taxa/pack', headers });
      expect(pack.headers['cache-control']).toBe('private, no-cache');
      // pages and their files are not the API's
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.headers['cache-control']).toBeUndefined();
    });
  });

  describe('cross-site requests', () => {
    const post = (headers: Record<string, string>, payload: string | object = aLog()) =>
      app.inject({ method: 'POST', url: '/api/logs', headers, payload });

    it('refuses form posts and other sites, and accepts the app itself', async () => {
      const ada = await signUp(app, 'csrf');
      const json = { cookie: ada.cookie, 'content-type': 'application/json' };
      const body = JSON.stringify(aLog());
      // A form on another site: browsers send its Origin (or Sec-Fetch-Site), whatever its type.
      for (const contentType of [
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'text/plain;charset=UTF-8',
      ]) {
        const from: Array<Record<string, string>> = [
          { origin: 'https://evil.example' },
          { 'sec-fetch-site': 'cross-site' },
        ];
        for (const headers of from) {
          const res = await post(
            { cookie: ada.cookie, 'content-type': contentType, ...headers },
            body,
          );
          expect(res.statusCode, contentType).toBe(403);
          expect(res.json()).toEqual({ message: 'Cross-site request refused' });
        }
      }
      // Without either it is no other site's page (curl, a script): a body the route does not
      // take is refused as such, and writes nothing.
      for (const [contentType, status] of [
        ['application/x-www-form-urlencoded', 415],
        ['multipart/form-data; boundary=x', 415],
        ['text/plain;charset=UTF-8', 400],
      ] as const) {
        const res = await post({ cookie: ada.cookie, 'content-type': contentType }, body);
        expect(res.statusCode, contentType).toBe(status);
      }
      const foreign = await post({ ...json, origin: 'https://evil.example' }, body);
      expect(foreign.statusCode).toBe(403);
      const fetchedCrossSite = await post({ ...json, 'sec-fetch-site': 'cross-site' }, body);
      expect(fetchedCrossSite.statusCode).toBe(403);

      const own = await post(
        { ...json, origin: 'http://localhost:80', host: 'localhost:80' },
        body,
      );
      expect(own.statusCode).toBe(201);
      const noOrigin = await post({ ...json, 'sec-fetch-site': 'same-origin' }, body);
      expect(noOrigin.statusCode).toBe(201);
      const list = await app.inject({
        method: 'GET',
        url: '/api/logs',
        headers: { cookie: ada.cookie },
      });
      expect(list.json().total).toBe(2); // the refused ones left nothing
    });
  });

  describe('request bodies', () => {
    it('refuses JSON nested deeper than 32 levels', async () => {
      const ada = await signUp(app, 'deep');
      const deep = '['.repeat(40) + ']'.repeat(40);
      const res = await app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: { cookie: ada.cookie, 'content-type': 'application/json' },
        payload: `{"speciesCommon":"Deep","count":1,"observedAt":"2026-01-01T00:00","notes":${deep}}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The request body is nested too deeply' });
    });

    it('refuses prototype-pollution keys', async () => {
      const ada = await signUp(app, 'proto');
      const res = await app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: { cookie: ada.cookie, 'content-type': 'application/json' },
        payload:
          '{"speciesCommon":"x","count":1,"observedAt":"2026-01-01T00:00","__proto__":{"isAdmin":true}}',
      });
      expect(res.statusCode).toBe(400);
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    });

    it('refuses NUL characters in bodies and query strings with 400, not a database error', async () => {
      const ada = await signUp(app, 'nul');
      const requests = [
        {
          method: 'POST' as const,
          url: '/api/logs',
          payload: aLog({ notes: 'a\u0000b' }),
          field: 'notes',
        },
        {
          method: 'POST' as const,
          url: '/api/logs',
          payload: aLog({ photoLinks: ['https://a.example/\u0000'] }),
          field: 'photoLinks.0',
        },
        { method: 'GET' as const, url: '/api/logs?q=%00', field: 'q' },
        { method: 'GET' as const, url: '/api/logs?place=kew%00', field: 'place' },
        { method: 'GET' as const, url: '/api/export.csv?q=%00', field: 'q' },
        { method: 'GET' as const, url: '/api/stats/summary?tz=UTC%00', field: 'tz' },
      ];
      for (const { field, ...request } of requests) {
        const res = await app.inject({ ...request, headers: { cookie: ada.cookie } });
        expect(res.statusCode, request.url).toBe(400);
        const message = `Text must not contain null characters (${field})`;
        expect(res.json()).toEqual({
          message,
          issues: [
            { path: field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message },
          ],
        });
      }
    });

    it('refuses a lone surrogate in any text with 400 naming the field, not a database error', async () => {
      const ada = await signUp(app, 'surrogate');
      const cases = [
        { field: 'speciesCommon', payload: aLog({ speciesCommon: 'Robin \ud800' }) },
        { field: 'speciesScientific', payload: aLog({ speciesScientific: '\udc00 rubecula' }) },
        { field: 'notes', payload: aLog({ notes: 'end \ud83d' }) },
      ];
      for (const { field, payload } of cases) {
        // JSON.stringify writes a lone surrogate as its \\uXXXX escape, as a hostile client would
        const res = await app.inject({
          method: 'POST',
          url: '/api/logs',
          headers: { cookie: ada.cookie, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode, field).toBe(400);
        expect(res.json().message).toBe(
          `Text must not contain a broken character (a lone surrogate) (${field})`,
        );
      }
      const query = await app.inject({
        method: 'GET',
        url: '/api/logs?q=%ED%A0%80', // CESU-8 bytes of U+D800 decode to U+FFFD: harmless
        headers: { cookie: ada.cookie },
      });
      expect(query.statusCode).toBe(200);
      // a pair of surrogates is one character (an emoji) and welcome
      const emoji = await app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: { cookie: ada.cookie },
        payload: aLog({ speciesCommon: 'Robin \ud83d\udc26' }),
      });
      expect(emoji.statusCode).toBe(201);
      const list = await app.inject({
        method: 'GET',
        url: '/api/logs',
        headers: { cookie: ada.cookie },
      });
      expect(list.json().items.map((log: { speciesCommon: string }) => log.speciesCommon)).toEqual([
        'Robin 🐦',
      ]);
    });

    it('refuses a body over 1 MiB with 413', async () => {
      const ada = await signUp(app, 'large');
      const res = await app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: { cookie: ada.cookie },
        payload: aLog({ notes: 'x'.repeat(1024 * 1024) }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: 'The request body is too large' });
    });
  });

  describe('passwords', () => {
    it.each([
      ['password123', 'This is a commonly used password'],
      ['Password1234', 'This is similar to a commonly used password'],
      ['12345678', 'This is a heavily used password'],
      ['iloveyou', 'This is a frequently used password'],
      ['QWERTYUIOP', 'This is a frequently used password'],
    ])('refuses the common password %s at registration', async (password, reason) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: `10.1.0.${password.length}`,
        payload: { email: uniqueEmail('common'), password },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: `${reason}: add more words or characters.`,
        issues: [{ path: ['password'] }],
      });
    });
  });

  describe('rate limits', () => {
    const login = (email: string, password: string, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        payload: { email, password },
      });

    it('allows AUTH_RATE_LIMIT sign-in requests a minute per IP, then 429 with Retry-After', async () => {
      const ip = `10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      for (let i = 0; i < 5; i++) {
        expect((await login(uniqueEmail('ip'), 'wrong password', ip)).statusCode).toBe(401);
      }
      const limited = await login(uniqueEmail('ip'), 'wrong password', ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
      // another address is not affected
      expect((await login(uniqueEmail('ip'), 'wrong password', `${ip}9`)).statusCode).toBe(401);
    });
    // failed sign-ins per account and address: tests/auth/sign-in-lockout.test.ts
  });

  describe('sign-out everywhere', () => {
    it("ends every session of the account and no one else's", async () => {
      const ada = await signUp(app, 'everywhere');
      const bob = await signUp(app, 'elsewhere');
      const second = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: randomIp(),
        payload: { email: ada.email, password: ada.password },
      });
      const laptop = cookieOf(second);
      const me = (cookie: string) =>
        app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      expect((await me(laptop)).statusCode).toBe(200);

      const res = await app.inject({
        method: 'DELETE',
        url: '/api/auth/sessions',
        headers: { cookie: ada.cookie },
      });
      expect(res.statusCode).toBe(204);
      expect((await me(ada.cookie)).statusCode).toBe(401);
      expect((await me(laptop)).statusCode).toBe(401);
      expect((await me(bob.cookie)).statusCode).toBe(200);
      const anonymous = await app.inject({ method: 'DELETE', url: '/api/auth/sessions' });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});

describe('over https', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ publicUrl: 'https://birds.example' }));
  });
  afterAll(() => app.close());

  it('adds HSTS and upgrades insecure requests, and takes PUBLIC_URL as its origin', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'http://birds.example' }, // same host, wrong scheme
      payload: { email: 'a@b.example', password: 'whatever1' },
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two app instances on one PostgreSQL', () => {
  let one: FastifyInstance;
  let two: FastifyInstance;
  beforeAll(async () => {
    const config = testConfig({ databaseUrl: process.env.TEST_DATABASE_URL, authRateLimit: 4 });
    [one, two] = await Promise.all([buildApp(config), buildApp(config)]);
  });
  afterAll(() => Promise.all([one.close(), two.close()]));

  it('share sessions, data and sign-in limits', async () => {
    const ada = await signUp(one, 'shared');
    const created = await one.inject({
      method: 'POST',
      url: '/api/logs',
      headers: { cookie: ada.cookie },
      payload: aLog({ speciesCommon: 'Shared Shrike' }),
    });
    expect(created.statusCode).toBe(201);
    const seen = await two.inject({
      method: 'GET',
      url: '/api/logs',
      headers: { cookie: ada.cookie },
    });
    expect(seen.json()).toMatchObject({ total: 1, items: [{ speciesCommon: 'Shared Shrike' }] });

    const ip = randomIp();
    const attempt = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { email: uniqueEmail(), password: 'wrong password' },
      });
    const statuses = [];
    for (const app of [one, two, one, two, one]) statuses.push((await attempt(app)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });
});
