import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { logs } from '../../src/server/db/schema.js';
import {
  createLogAs,
  getFor,
  signUp,
  stores,
  testConfig,
  type TestUser,
} from '../support/helpers.js';

// Issue 8: where it was seen. The map's GeoJSON and the GeoJSON export (shared-page rounding:
// exact-location.test.ts).

interface Feature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: Record<string, unknown>;
}
interface Collection {
  type: 'FeatureCollection';
  features: Feature[];
  total: number;
  nextCursor: string | null;
}

describe.each(stores)('where it was seen, on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  const get = getFor(() => app);
  const geo = async (user: TestUser, query = '') => {
    const res = await get(user, `/api/logs/geo${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Collection;
  };
  const speciesOf = (collection: Collection) =>
    collection.features.map((feature) => feature.properties.species);

  describe('GET /api/logs/geo', () => {
    it("returns only the caller's logs that have coordinates, as compact GeoJSON", async () => {
      const ada = await signUp(app, 'geo-own');
      const bob = await signUp(app, 'geo-other');
      const robin = await createLogAs(app, ada, {
        speciesCommon: 'Robin',
        count: 3,
        observedAt: '2026-05-01T06:30',
        latitude: 51.507351,
        longitude: -0.127758,
      });
      await createLogAs(app, ada, { speciesCommon: 'Nowhere Wren' });
      await createLogAs(app, bob, { speciesCommon: 'Bob Heron', latitude: 1, longitude: 2 });

      expect(await geo(ada)).toEqual({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [-0.127758, 51.507351] },
            properties: {
              id: robin.id,
              species: 'Robin',
              count: 3,
              observedAt: '2026-05-01T06:30:00.000Z',
            },
          },
        ],
        total: 1,
        nextCursor: null,
      });
    });

    it('applies the list filters', async () => {
      const ada = await signUp(app, 'geo-filters');
      const at = { latitude: 48.85, longitude: 2.35 };
      await createLogAs(app, ada, {
        ...at,
        speciesCommon: 'Robin',
        count: 1,
        observedAt: '2026-05-01T08:00',
        placeName: 'Paris',
      });
      await createLogAs(app, ada, {
        ...at,
        speciesCommon: 'Robin',
        count: 9,
        observedAt: '2026-05-03T08:00',
        placeName: 'Lyon',
      });
      await createLogAs(app, ada, {
        ...at,
        speciesCommon: 'Wren',
        count: 5,
        observedAt: '2026-05-02T08:00',
        placeName: 'Paris',
      });

      expect(speciesOf(await geo(ada, '?q=rob'))).toEqual(['Robin', 'Robin']);
      expect(speciesOf(await geo(ada, '?from=2026-05-02&to=2026-05-02'))).toEqual(['Wren']);
      expect(speciesOf(await geo(ada, '?minCount=2&maxCount=8'))).toEqual(['Wren']);
      const paris = await geo(ada, '?place=par&q=robin');
      expect(paris.features.map((feature) => feature.properties.count)).toEqual([1]);
      expect(paris.total).toBe(1);
      expect((await geo(ada, '?q=&place=')).total).toBe(3); // empty filters are ignored
    });

    it("carries the time's zone, a date-only flag and the uncertainty when the log has them", async () => {
      const ada = await signUp(app, 'geo-place-time');
      const jay = await createLogAs(app, ada, {
        speciesCommon: 'Steller’s Jay',
        count: 3,
        observedAt: '2024-01-06T12:00:00-07:00',
        timeZone: 'America/Denver',
        timeKnown: false,
        latitude: 40.015,
        longitude: -105.27,
        coordinateUncertainty: 12,
      });
      const [feature] = (await geo(ada)).features;
      expect(feature?.properties).toEqual({
        id: jay.id,
        species: 'Steller’s Jay',
        count: 3,
        observedAt: '2024-01-06T19:00:00.000Z',
        timeZone: 'America/Denver',
        timeKnown: false,
        coordinateUncertainty: 12,
      });
    });

    it('pages newest first with a cursor, counting every page in total', async () => {
      const ada = await signUp(app, 'geo-pages');
      for (const [index, day] of ['01', '02', '03', '04', '05'].entries()) {
        await createLogAs(app, ada, {
          speciesCommon: `Bird ${index + 1}`,
          observedAt: `2026-05-${day}T08:00`,
          latitude: 10 + index,
          longitude: 20,
        });
      }
      // two at the same instant: the id decides their order, and none is skipped or repeated
      await createLogAs(app, ada, {
        speciesCommon: 'Twin',
        observedAt: '2026-05-03T08:00',
        latitude: 0,
        longitude: 0,
      });

      const seen: unknown[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page = await geo(ada, query);
        expect(page.total).toBe(6);
        expect(page.features.length).toBeLessThanOrEqual(2);
        seen.push(...speciesOf(page));
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toHaveLength(6);
      expect(new Set(seen).size).toBe(6);
      expect(seen.slice(0, 2)).toEqual(['Bird 5', 'Bird 4']);
      expect(seen.slice(4)).toEqual(['Bird 2', 'Bird 1']);
    });

    it('pages through many logs sharing one time, each exactly once, in order', async () => {
      const ada = await signUp(app, 'geo-same-time');
      const noon = new Date('2024-06-01T10:00Z');
      const created: string[][] = [];
      for (let part = 0; part < 2; part += 1) {
        const inserted = await app.db
          .insert(logs)
          .values(
            Array.from({ length: 150 }, (_, i) => ({
              userId: ada.id,
              speciesCommon: `Bird ${part}-${i}`,
              count: 1,
              observedAt: noon,
              latitude: 52.5,
              longitude: 13.4,
              createdAt: new Date(Date.UTC(2025, 0, 1 + part)),
            })),
          )
          .returning({ id: logs.id });
        created.push(inserted.map((row) => row.id).sort((a, b) => (a < b ? 1 : -1)));
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `?limit=40${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page = await geo(ada, query);
        seen.push(...page.features.map((feature) => feature.properties.id as string));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual([...created[1]!, ...created[0]!]);
    });

    it.each([
      ['limit=0', 'Limit must be at least 1'],
      ['limit=100001', 'Limit must be at most 100,000'],
      ['limit=many', 'Limit must be a number'],
      ['cursor=yesterday', 'Cursor is not valid'],
      [
        'cursor=2026-13-45T08:00:00.000000Z,2026-05-01T08:00:00.000000Z,00000000-0000-4000-8000-000000000001',
        'Cursor is not valid',
      ],
      ['minCount=0', 'Min count must be at least 1'],
    ])('refuses %s with 400', async (query, message) => {
      const ada = await signUp(app, 'geo-invalid');
      const res = await get(ada, `/api/logs/geo?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });

    it('gzips a large page for a client that takes gzip', async () => {
      const ada = await signUp(app, 'geo-gzip');
      for (let i = 0; i < 80; i++) {
        await createLogAs(app, ada, { speciesCommon: `Bird ${i}`, latitude: i, longitude: -i });
      }
      const res = await app.inject({
        method: 'GET',
        url: '/api/logs/geo',
        headers: { cookie: ada.cookie, 'accept-encoding': 'gzip, br' },
      });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const collection = JSON.parse(gunzipSync(res.rawPayload).toString()) as Collection;
      expect(collection.total).toBe(80);
      expect(collection.features).toHaveLength(80);
    });

    it('asks for a session', async () => {
      const res = await get(undefined, '/api/logs/geo');
      expect(res.statusCode).toBe(401);
    });
  });

  describe('GET /api/export.geojson', () => {
    it('downloads the matching logs with coordinates as a FeatureCollection', async () => {
      const ada = await signUp(app, 'geojson');
      const bob = await signUp(app, 'geojson-other');
      const robin = await createLogAs(app, ada, {
        speciesCommon: 'Robin',
        speciesScientific: 'Erithacus rubecula',
        observedAt: '2026-05-01T06:30',
        latitude: 51.507351,
        longitude: -0.127758,
        photoLinks: ['https://photos.example/robin.jpg'],
      });
      await createLogAs(app, ada, {
        speciesCommon: 'Wren',
        observedAt: '2026-05-02T06:30',
        latitude: 1,
        longitude: 2,
      });
      await createLogAs(app, ada, { speciesCommon: 'Robin without a place' });
      await createLogAs(app, bob, { speciesCommon: 'Robin', latitude: 3, longitude: 4 });

      const res = await get(ada, '/api/export.geojson?q=robin');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/geo+json; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="sightings-\d{4}-\d{2}-\d{2}\.geojson"$/,
      );
      expect(res.json()).toEqual({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [-0.127758, 51.507351] },
            properties: {
              id: robin.id,
              observedAt: '2026-05-01T06:30:00.000Z',
              timeZone: robin.timeZone,
              timeKnown: true,
              speciesCommon: 'Robin',
              speciesScientific: 'Erithacus rubecula',
              taxonId: (robin.taxon as { id: string } | null)?.id ?? null,
              count: 2,
              countKind: 'counted',
              placeName: 'Hyde Park',
              coordinateUncertainty: null,
              showExactLocation: false,
              description: 'Singing from a hawthorn',
              notes: 'Sunny, light wind',
              isPublic: true,
              photoUrls: ['https://photos.example/robin.jpg'],
              recordingUrls: [],
              createdAt: expect.any(String),
              updatedAt: expect.any(String),
              outingId: null,
              // what a source record brought (issue 32): nothing here
              county: null,
              stateProvince: null,
              countryCode: null,
              locationId: null,
              breedingCode: null,
              captive: false,
              mediaUrls: [],
              sourceUrl: null,
              // issue 35: the owner's own file keeps the exact point, and says how it shows
              locationPrivacy: 'open',
              locationEmbargoUntil: null,
              locationShown: { level: 'open', reason: null },
              // issue 36: not flagged as unusual where and when it was made, so not reviewed
              unusual: false,
              reviewStatus: null,
            },
          },
        ],
      });
    });

    it("names each log's outing by its id", async () => {
      const ada = await signUp(app, 'geojson-outing');
      const outing = await app.inject({
        method: 'POST',
        url: '/api/outings',
        headers: { cookie: ada.cookie },
        payload: { startedAt: '2026-05-01T06:00:00Z', placeName: 'Marsh' },
      });
      expect(outing.statusCode).toBe(201);
      const point = { latitude: 52.1, longitude: -1.2 };
      const on = await createLogAs(app, ada, { ...point, outingId: outing.json().id });
      const off = await createLogAs(app, ada, { ...point, observedAt: '2026-04-01T06:00' });
      const res = await get(ada, '/api/export.geojson');
      const outings = Object.fromEntries(
        res
          .json()
          .features.map((feature: { properties: Record<string, unknown> }) => [
            feature.properties.id,
            feature.properties.outingId,
          ]),
      );
      expect(outings).toEqual({ [on.id]: outing.json().id, [off.id]: null });
    });

    it('is an empty collection when nothing matches, and refuses bad filters', async () => {
      const ada = await signUp(app, 'geojson-empty');
      const empty = await get(ada, '/api/export.geojson');
      expect(empty.json()).toEqual({ type: 'FeatureCollection', features: [] });
      const bad = await get(ada, '/api/export.geojson?tz=Mars/Olympus');
      expect(bad.statusCode).toBe(400);
      expect((await get(undefined, '/api/export.geojson')).statusCode).toBe(401);
    });
  });
});
