import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { as, createLogAs, signUp, stores, testConfig } from '../support/helpers.js';

describe.each(stores)('logs API on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  describe('species and locations', () => {
    it("lists the user's own species once each and places once each, sorted", async () => {
      const ada = await signUp(app, 'catalog');
      await createLogAs(app, ada, {
        speciesCommon: 'robin',
        speciesScientific: null,
        placeName: 'kew',
      });
      await createLogAs(app, ada, {
        speciesCommon: 'Robin',
        speciesScientific: 'Erithacus rubecula',
        placeName: 'Kew',
      });
      await createLogAs(app, ada, {
        speciesCommon: 'Blackbird',
        speciesScientific: null,
        placeName: 'Hyde Park',
      });
      await createLogAs(app, ada, {
        speciesCommon: 'Wren',
        speciesScientific: 'Troglodytes troglodytes',
        placeName: null,
      });
      // two spellings with a scientific name: the one seen last wins
      for (const [speciesCommon, observedAt] of [
        ['Song Thrush', '2026-03-01T08:00'],
        ['song thrush', '2026-01-01T08:00'],
        ['SONG THRUSH', '2026-02-01T08:00'],
      ] as const) {
        await createLogAs(app, ada, {
          speciesCommon,
          speciesScientific: 'Turdus philomelos',
          observedAt,
          placeName: null,
        });
      }

      const species = await app.inject({ method: 'GET', url: '/api/species', headers: as(ada) });
      expect(species.statusCode).toBe(200);
      expect(species.json()).toEqual([
        { common: 'Blackbird', scientific: null },
        { common: 'Robin', scientific: 'Erithacus rubecula' },
        { common: 'Song Thrush', scientific: 'Turdus philomelos' },
        { common: 'Wren', scientific: 'Troglodytes troglodytes' },
      ]);
      const locations = await app.inject({
        method: 'GET',
        url: '/api/locations',
        headers: as(ada),
      });
      expect(locations.json()).toEqual(['Hyde Park', 'kew', 'Kew']);
    });
  });
});
