import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { createLogAs, getFor, signUp, stores, testConfig } from '../support/helpers.js';

// Issue 8: where it was seen. Shared-page rounding (the map's GeoJSON and the GeoJSON export:
// geo.test.ts).

describe.each(stores)('where it was seen, on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  const get = getFor(() => app);

  describe('shared logs and the exact location', () => {
    const exact = { latitude: 51.507351, longitude: -0.127758 };

    it('rounds the coordinates of a shared log to 0.01° unless the owner allows the exact point', async () => {
      const ada = await signUp(app, 'geo-shared');
      const hidden = await createLogAs(app, ada, { ...exact, isPublic: true });
      expect(hidden.showExactLocation).toBe(false); // off unless ticked
      expect(hidden.latitude).toBe(51.507351); // the owner always sees the exact point

      const res = await get(undefined, `/api/logs/shared/${hidden.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        latitude: 51.51,
        longitude: -0.13,
        showExactLocation: false,
      });
      for (const secret of ['51.507351', '0.127758', '51.507', '0.1277', '51.5073']) {
        expect(res.body).not.toContain(secret);
      }

      const shown = await createLogAs(app, ada, { ...exact, showExactLocation: true });
      const exactRes = await get(undefined, `/api/logs/shared/${shown.id}`);
      expect(exactRes.json()).toMatchObject({ ...exact, showExactLocation: true });
    });

    it('keeps a shared log without coordinates without them', async () => {
      const ada = await signUp(app, 'geo-shared-none');
      const log = await createLogAs(app, ada);
      const res = await get(undefined, `/api/logs/shared/${log.id}`);
      expect(res.json()).toMatchObject({ latitude: null, longitude: null });
    });

    it('stores the choice and changes it on update', async () => {
      const ada = await signUp(app, 'geo-exact-update');
      const log = await createLogAs(app, ada, { ...exact, showExactLocation: true });
      const res = await app.inject({
        method: 'PUT',
        url: `/api/logs/${log.id}`,
        headers: { cookie: ada.cookie },
        payload: {
          speciesCommon: 'Robin',
          count: 1,
          observedAt: '2026-05-01T06:30',
          ...exact,
          showExactLocation: false,
        },
      });
      expect(res.json().showExactLocation).toBe(false);
      expect((await get(ada, `/api/logs/${log.id}`)).json().showExactLocation).toBe(false);
    });

    it.each([
      [{ longitude: 10 }, ['latitude']],
      [{ latitude: 10 }, ['longitude']],
    ])('names the missing coordinate of %j', async (coordinates, path) => {
      const ada = await signUp(app, 'geo-pair');
      const res = await app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: { cookie: ada.cookie },
        payload: {
          speciesCommon: 'Robin',
          count: 1,
          observedAt: '2026-05-01T06:30',
          ...coordinates,
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([
        { path, message: 'Latitude and longitude must be given together' },
      ]);
    });
  });
});
