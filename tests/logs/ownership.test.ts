import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { logPhotos, logs } from '../../src/server/db/schema.js';
import {
  aLog,
  as,
  createLogAs,
  signUp,
  stores,
  testConfig,
  type TestUser,
} from '../support/helpers.js';

describe.each(stores)('logs API on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  describe('ownership', () => {
    let ada: TestUser;
    let bob: TestUser;
    let secret: { id: string };
    let open: { id: string };
    beforeAll(async () => {
      ada = await signUp(app, 'ada');
      bob = await signUp(app, 'bob');
      secret = await createLogAs(app, ada, {
        speciesCommon: 'Secret Owl',
        placeName: 'Ada’s garden',
        isPublic: false,
        photoLinks: ['https://photos.example/owl.jpg'],
      });
      open = await createLogAs(app, ada, { speciesCommon: 'Open Owl', isPublic: true });
    });

    it('gives another user 404 for a log on every owner route, and changes nothing', async () => {
      for (const target of [secret, open]) {
        const url = `/api/logs/${target.id}`;
        const get = await app.inject({ method: 'GET', url, headers: as(bob) });
        const put = await app.inject({
          method: 'PUT',
          url,
          headers: as(bob),
          payload: aLog({ speciesCommon: 'Hacked' }),
        });
        const del = await app.inject({ method: 'DELETE', url, headers: as(bob) });
        for (const res of [get, put, del]) {
          expect(res.statusCode).toBe(404);
          expect(res.json()).toEqual({ message: 'Log not found' });
        }
      }
      const [row] = await app.db.select().from(logs).where(eq(logs.id, secret.id));
      expect(row?.speciesCommon).toBe('Secret Owl');
      expect(
        await app.db.select().from(logPhotos).where(eq(logPhotos.logId, secret.id)),
      ).toHaveLength(1);
    });

    it("never shows one user's logs, species or places to another", async () => {
      await createLogAs(app, bob, { speciesCommon: 'Bob Bird', placeName: 'Bob’s field' });
      for (const url of ['/api/logs', '/api/logs?q=owl', '/api/species', '/api/locations']) {
        const res = await app.inject({ method: 'GET', url, headers: as(bob) });
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain('Owl');
        expect(res.body).not.toContain('Ada’s garden');
        expect(res.body).not.toContain(ada.id);
      }
      const mine = await app.inject({ method: 'GET', url: '/api/logs', headers: as(bob) });
      expect(mine.json().total).toBe(1);
    });

    it('asks for a session on every logs route, before looking at the input', async () => {
      const routes = [
        ['GET', '/api/logs'],
        ['GET', '/api/logs?pageSize=9999'],
        ['POST', '/api/logs'],
        ['GET', `/api/logs/${open.id}`],
        ['PUT', `/api/logs/${open.id}`],
        ['DELETE', `/api/logs/${open.id}`],
        ['GET', '/api/species'],
        ['GET', '/api/locations'],
      ] as const;
      for (const [method, url] of routes) {
        const res = await app.inject({
          method,
          url,
          payload: method === 'POST' || method === 'PUT' ? {} : undefined,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: 'Unauthorized' });
      }
    });
  });
});
