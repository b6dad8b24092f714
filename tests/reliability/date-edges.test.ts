import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import {
  aLog,
  as,
  createLogAs,
  signUp,
  stores,
  testConfig,
  type TestUser,
} from '../support/helpers.js';

describe.each(stores)('dates at the edges on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let ada: TestUser;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    ada = await signUp(app, 'edges');
    await createLogAs(app, ada, {});
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url, headers: as(ada) });

  it.each([
    '/api/logs?to=9999-12-31',
    '/api/logs?from=9999-12-31',
    '/api/logs?from=0001-01-01&to=9999-12-31',
    '/api/logs/geo?to=9999-12-31',
    '/api/logs/geo?to=9999-12-31&tz=Pacific/Kiritimati',
    '/api/stats/summary?to=9999-12-31',
    '/api/stats/summary?to=9999-12-31&tz=Pacific/Kiritimati',
    '/api/stats/summary?from=0001-01-01&tz=Pacific/Pago_Pago',
    '/api/stats/time-series?from=0001-01-01&to=9999-12-31&bucket=month',
    '/api/stats/time-series?from=9999-12-01&to=9999-12-31&bucket=week&tz=Pacific/Kiritimati',
    '/api/stats/top-species?to=9999-12-31',
    '/api/export.csv?to=9999-12-31',
    '/api/export.csv?to=9999-12-31&tz=Etc/GMT-14',
    '/api/export.geojson?to=9999-12-31',
    '/api/export/dwca.zip?to=9999-12-31',
    '/api/lists?kind=year&year=9999',
    '/api/logs/geo?cursor=9999-12-31T23:59:59.999999Z,9999-12-31T23:59:59.999999Z,00000000-0000-4000-8000-000000000000',
  ])('answers %s without a server error', async (url) => {
    const res = await get(url);
    expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
  });

  const years = 'Date and time must be between the years 1 and 9999';
  const offsets = 'The offset of a date and time must be between -14:00 and +14:00';
  it.each([
    ['9999-12-31T23:30:00-01:00', years],
    ['0001-01-01T00:30:00+01:00', years],
    ['0000-06-01T12:00:00Z', years],
    ['2026-05-01T10:00:00+99:99', 'Date and time must be valid'],
    ['2026-05-01T10:00:00+05:60', 'Date and time must be valid'],
    ['2026-05-01T10:00:00+14:30', offsets],
    ['2026-05-01T10:00:00-15:00', offsets],
  ])('refuses observedAt %s with a 400: %s', async (observedAt, message) => {
    const before = await get('/api/logs');
    for (const [method, url] of [
      ['POST', '/api/logs'],
      ['PUT', `/api/logs/${before.json().items[0].id}`],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: as(ada),
        payload: aLog({ observedAt }),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await get('/api/logs')).body).toBe(before.body);
  });

  it('keeps the edge years themselves: 0001-01-01 and 9999-12-31 local times', async () => {
    for (const observedAt of ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59+14:00']) {
      const log = await createLogAs(app, ada, { observedAt });
      const res = await get(`/api/logs/${log.id}`);
      expect(res.json().observedAt).toBe(new Date(observedAt).toISOString());
    }
    const all = (await get('/api/logs?from=0001-01-01&to=9999-12-31&pageSize=100')).json();
    expect(all.total).toBe(3);
    const last = (await get('/api/logs?from=9999-12-31&tz=UTC')).json();
    expect(last.items.map((log: { observedAt: string }) => log.observedAt)).toEqual([
      '9999-12-31T09:59:59.000Z',
    ]);
    const year = (await get('/api/lists?kind=year&year=9999')).json();
    expect(year.total).toBe(1);
  });

  it.each([
    ['/api/logs?from=0000-12-31', 'From date must be from 0001-01-01 to 9999-12-31'],
    ['/api/stats/summary?to=10000-01-01', 'To date must be a date (YYYY-MM-DD)'],
    ['/api/export.csv?to=0000-01-01', 'To date must be from 0001-01-01 to 9999-12-31'],
    [
      '/api/logs/geo?cursor=0000-01-01T00:00:00.000000Z,0000-01-01T00:00:00.000000Z,00000000-0000-4000-8000-000000000000',
      'Cursor is not valid',
    ],
  ])('refuses %s with a 400: %s', async (url, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});
