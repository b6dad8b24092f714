import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { as, signUp, stores, testConfig, type TestUser } from '../support/helpers.js';
import {
  createPrivacyLog,
  expectNothingGivenAway,
  GIVEAWAYS,
  inCell,
  NEST,
  NEST_CELL,
  surfacesOf,
} from './support.js';

const webRoot = fileURLToPath(new URL('../fixtures/web/', import.meta.url));

// Issue 35: every surface where a log leaves its owner (its API reply, its page and link
// preview, the public Darwin Core Archive) at each level of location privacy, and the sensitive
// taxa that make a level stricter than its owner chose.

describe.each(stores)('location privacy of shared logs on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let admin: TestUser;
  const { get, sharedLogSurfaces } = surfacesOf(() => app);

  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl, webRoot }));
    admin = await signUp(app, 'admin'); // the server's first account: its admin
    const rules = await app.inject({
      method: 'POST',
      url: '/api/admin/sensitive-taxa/import',
      headers: as(admin),
      payload: {
        csv: [
          'scientific_name,level,area_name,area',
          'Haliaeetus leucocephalus,obscured,,',
          'Cypripedium,private,,', // a genus: its species too
          // the lynx is sensitive in the nest's county only
          `Lynx canadensis,obscured,Around Ithaca,"${JSON.stringify({
            type: 'Polygon',
            coordinates: [
              [
                [-76.7, 42.3],
                [-76.3, 42.3],
                [-76.3, 42.6],
                [-76.7, 42.6],
                [-76.7, 42.3],
              ],
            ],
          }).replaceAll('"', '""')}"`,
        ].join('\n'),
      },
    });
    expect(rules.json()).toEqual({ added: 3, updated: 0, unchanged: 0, refused: [] });
  });
  afterAll(() => app.close());

  it('open: rounded to 0.01°, the place name kept; the owner still sees every detail', async () => {
    const ada = await signUp(app, 'open');
    const log = await createPrivacyLog(app, ada, {
      speciesCommon: 'Song Sparrow',
      speciesScientific: 'Melospiza melodia',
    });
    expect(log).toMatchObject({
      ...NEST,
      locationPrivacy: 'open',
      locationShown: { level: 'open', reason: null },
    });
    const { json, row, bodies } = await sharedLogSurfaces(ada, log.id);
    expect(json).toMatchObject({ latitude: 42.44, longitude: -76.5, locationCell: null });
    expect(json.placeName).toBe("Eagle nest, Smith's farm");
    expect(row).toMatchObject({
      decimalLatitude: '42.44',
      locality: "Eagle nest, Smith's farm",
      county: 'Tompkins',
      locationID: '',
      informationWithheld: 'Exact coordinates withheld',
    });
    expectNothingGivenAway(bodies, ['42.443617', '76.501943', 'L123456']);
    // the owner's own reply and whole archive keep the exact place
    const own = await get(`/api/logs/${log.id}`, ada);
    expect(own.json()).toMatchObject({ ...NEST, placeName: "Eagle nest, Smith's farm" });
    const whole = await get('/api/export/dwca.zip?scope=all', ada);
    expect(whole.statusCode).toBe(200);
  });

  it('obscured: a stable point in the 0.2° cell, its region instead of the place name', async () => {
    const ada = await signUp(app, 'obscured');
    const log = await createPrivacyLog(app, ada, {
      speciesCommon: 'Song Sparrow',
      speciesScientific: 'Melospiza melodia',
      locationPrivacy: 'obscured',
    });
    expect(log.locationShown).toEqual({ level: 'obscured', reason: 'owner' });
    const first = await sharedLogSurfaces(ada, log.id);
    expect(first.json.locationCell).toEqual(NEST_CELL);
    expect(inCell(NEST, NEST_CELL)).toBe(true); // the true point lies in the published cell
    expect(inCell(first.json, NEST_CELL)).toBe(true);
    expect(first.json.placeName).toBe('New York, United States');
    expect(first.json.coordinateUncertainty).toBeGreaterThanOrEqual(25_000); // the cell's diagonal
    expect(first.row).toMatchObject({
      decimalLatitude: String(first.json.latitude),
      decimalLongitude: String(first.json.longitude),
      coordinateUncertaintyInMeters: String(first.json.coordinateUncertainty),
      footprintWKT: 'POLYGON ((-76.6 42.4, -76.4 42.4, -76.4 42.6, -76.6 42.6, -76.6 42.4))',
      locality: 'New York, United States',
      county: '',
      locationID: '',
      stateProvince: 'New York',
      informationWithheld: 'Exact coordinates, locality, county and location ID withheld',
    });
    expect(first.row.dataGeneralizations).toMatch(/0\.2-degree grid cell/);
    expectNothingGivenAway(first.bodies);
    // the same point on every request and in every export: nothing to average
    for (let i = 0; i < 3; i++) {
      const again = await sharedLogSurfaces(ada, log.id);
      expect([again.json.latitude, again.json.longitude]).toEqual([
        first.json.latitude,
        first.json.longitude,
      ]);
      expect(again.row.decimalLatitude).toBe(first.row.decimalLatitude);
    }
    // the owner's choice to hide the name instead
    await app.inject({
      method: 'PUT',
      url: '/api/account',
      headers: as(ada),
      payload: { obscuredPlace: 'hide' },
    });
    const hidden = await sharedLogSurfaces(ada, log.id);
    expect(hidden.json.placeName).toBeNull();
    expect(hidden.row.locality).toBe('');
    expect(hidden.bodies.join('')).not.toContain('New York, United States');
  });

  it('many obscured logs at one point: their average is the cell, not the point', async () => {
    const ada = await signUp(app, 'average');
    // near the cell's north-west corner: its centre is 13 km away
    const corner = { latitude: 42.595, longitude: -76.595 };
    const points: Array<[number, number]> = [];
    for (let i = 0; i < 24; i++) {
      const log = await createPrivacyLog(app, ada, {
        ...corner,
        locationPrivacy: 'obscured',
        speciesCommon: 'Song Sparrow',
        speciesScientific: 'Melospiza melodia',
      });
      const shared = (await get(`/api/logs/shared/${log.id}`)).json();
      expect(inCell(shared, NEST_CELL)).toBe(true);
      points.push([shared.latitude, shared.longitude]);
    }
    const mean = (i: 0 | 1) => points.reduce((sum, point) => sum + point[i], 0) / points.length;
    const km = Math.hypot(
      (mean(0) - corner.latitude) * 111,
      (mean(1) - corner.longitude) * 111 * Math.cos((corner.latitude * Math.PI) / 180),
    );
    expect(km).toBeGreaterThan(5);
  });

  it('private: no point and no place name anywhere', async () => {
    const ada = await signUp(app, 'private');
    const log = await createPrivacyLog(app, ada, {
      speciesCommon: 'Song Sparrow',
      speciesScientific: 'Melospiza melodia',
      locationPrivacy: 'private',
    });
    const { json, row, bodies } = await sharedLogSurfaces(ada, log.id);
    expect(json).toMatchObject({
      latitude: null,
      longitude: null,
      coordinateUncertainty: null,
      placeName: null,
      locationShown: { level: 'private', reason: 'owner' },
    });
    expect(row).toMatchObject({ decimalLatitude: '', locality: '', county: '', footprintWKT: '' });
    expect(row.informationWithheld).toBe('Coordinates, locality, county and location ID withheld');
    expectNothingGivenAway(bodies, [...GIVEAWAYS, '42.4', '76.5']);
  });

  it('an embargo keeps the place private until its day, then the log is as it was', async () => {
    const ada = await signUp(app, 'embargo');
    const common = { speciesCommon: 'Song Sparrow', speciesScientific: 'Melospiza melodia' };
    const running = await createPrivacyLog(app, ada, {
      ...common,
      locationEmbargoUntil: '2999-07-01',
    });
    const over = await createPrivacyLog(app, ada, {
      ...common,
      locationPrivacy: 'obscured',
      locationEmbargoUntil: '2001-07-01',
    });
    const before = await sharedLogSurfaces(ada, running.id);
    expect(before.json).toMatchObject({ latitude: null, placeName: null });
    expect(before.json.locationShown).toEqual({ level: 'private', reason: 'embargo' });
    expectNothingGivenAway(before.bodies.slice(0, 2), [...GIVEAWAYS, '42.44']);
    expect(before.row.decimalLatitude).toBe('');
    const after = await sharedLogSurfaces(ada, over.id);
    expect(after.json.locationShown).toEqual({ level: 'obscured', reason: 'owner' });
    expect(inCell(after.json, NEST_CELL)).toBe(true);
    expectNothingGivenAway(after.bodies.slice(0, 2));
  });

  it('a sensitive species is obscured whatever its owner chose, its genus rule too', async () => {
    const ada = await signUp(app, 'sensitive');
    const eagle = await createPrivacyLog(app, ada, { locationPrivacy: 'open' });
    expect(eagle.locationShown).toEqual({ level: 'obscured', reason: 'sensitive' });
    const shared = await sharedLogSurfaces(ada, eagle.id);
    expect(inCell(shared.json, NEST_CELL)).toBe(true);
    expect(shared.row.informationWithheld).toMatch(/\(sensitive species\)$/);
    expectNothingGivenAway(shared.bodies);
    // a genus rule (Cypripedium, private) covers its species, shown exact or not
    const orchid = await createPrivacyLog(app, ada, {
      speciesCommon: 'Pink Lady’s Slipper',
      speciesScientific: 'Cypripedium acaule',
      showExactLocation: true,
    });
    expect(orchid.locationShown).toEqual({ level: 'private', reason: 'sensitive' });
    const hidden = await sharedLogSurfaces(ada, orchid.id);
    expect(hidden.json).toMatchObject({ latitude: null, placeName: null });
    expectNothingGivenAway(hidden.bodies);
  });

  it('an area rule holds inside its polygon only', async () => {
    const ada = await signUp(app, 'area');
    const lynx = { speciesCommon: 'Canada Lynx', speciesScientific: 'Lynx canadensis' };
    const inside = await createPrivacyLog(app, ada, lynx);
    expect(inside.locationShown).toEqual({ level: 'obscured', reason: 'sensitive' });
    const outside = await createPrivacyLog(app, ada, {
      ...lynx,
      latitude: 44.2701,
      longitude: -71.3033, // the White Mountains: outside the polygon
      placeName: 'Pinkham Notch',
      county: 'Coös',
      stateProvince: 'New Hampshire',
      locationId: 'L999',
    });
    expect(outside.locationShown).toEqual({ level: 'open', reason: null });
    const shared = await sharedLogSurfaces(ada, inside.id);
    expect(inCell(shared.json, NEST_CELL)).toBe(true);
    expectNothingGivenAway(shared.bodies);
    const open = await get(`/api/logs/shared/${outside.id}`);
    expect(open.json()).toMatchObject({
      latitude: 44.27,
      longitude: -71.3,
      placeName: 'Pinkham Notch',
    });
  });

  it('obscures south of the equator and on both sides of Greenwich the same way', async () => {
    const ada = await signUp(app, 'hemispheres');
    for (const [where, point, cell, region] of [
      [
        'Sydney',
        { latitude: -33.868822, longitude: 151.209295 },
        { south: -34, west: 151.2, north: -33.8, east: 151.4 },
        'Australia',
      ],
      [
        'Lima',
        { latitude: -12.046374, longitude: -77.042793 },
        { south: -12.2, west: -77.2, north: -12, east: -77 },
        'Peru',
      ],
    ] as const) {
      const log = await createPrivacyLog(app, ada, {
        ...point,
        placeName: `Roost in ${where}`,
        county: null,
        stateProvince: null,
        countryCode: null,
        locationId: null,
        speciesCommon: 'Song Sparrow',
        speciesScientific: 'Melospiza melodia',
        locationPrivacy: 'obscured',
      });
      const shared = await sharedLogSurfaces(ada, log.id);
      expect(shared.json.locationCell, where).toEqual(cell);
      expect(inCell(point, cell) && inCell(shared.json, cell), where).toBe(true);
      expect(shared.json.placeName).toBe(region); // the country at the point
      expectNothingGivenAway(shared.bodies, [
        String(point.latitude),
        String(point.longitude),
        'Roost',
      ]);
    }
  });
});
