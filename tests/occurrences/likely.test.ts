import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { latLngToCell } from 'h3-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { buildOccurrenceModel } from '../../src/server/features/occurrences/index.js';
import { upsertTaxa } from '../../src/server/features/taxonomy/taxon-writes.js';
import {
  likelyUnits,
  readLikelyPack,
  weekBit,
  type LikelyPack,
} from '../../src/common/likely-pack.js';
import type { TaxonHit } from '../../src/common/taxonomy.js';
import { seedTaxon } from '../support/seed-taxa.js';
import {
  createLogAs,
  getFor,
  signUp,
  stores,
  testConfig,
  type TestUser,
} from '../support/helpers.js';

// Issue 36, step 2: what was recorded around a place, as the region's pack for the species
// worker (GET /api/occurrences/pack) and as GET /api/taxa's ranking with a place and a date. A
// club logs American Robins by Cayuga Lake in May; "rob" then finds it before the European Robin.

const LAKE = { latitude: 42.44, longitude: -76.5, timeZone: 'America/New_York' };
const AMERICAN = { speciesCommon: 'American Robin', speciesScientific: 'Turdus migratorius' };
const KIRTLAND = { speciesCommon: "Kirtland's Warbler", speciesScientific: 'Setophaga kirtlandii' };
const day = (offset: number) =>
  new Date(Date.UTC(2025, 4, 1 + offset, 11)).toISOString().slice(0, 16);

describe.each(stores)('what is likely here on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let club: TestUser;
  let member: TestUser;
  const get = getFor(() => app);

  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    await upsertTaxa(app.db, [
      seedTaxon('gbif:2490804', 'Erithacus rubecula', 'European Robin'),
      seedTaxon('gbif:2490719', 'Turdus migratorius', 'American Robin'),
      seedTaxon('gbif:2490720', 'Turdus', 'Thrushes'),
      seedTaxon('gbif:2493000', 'Robinia pseudoacacia', 'Black locust', 'Magnoliopsida'),
    ]);
    club = await signUp(app, 'club');
    member = await signUp(app, 'member');
    for (let n = 0; n < 5; n++) {
      await createLogAs(app, club, { ...LAKE, ...AMERICAN, observedAt: day(n * 5) });
    }
    await createLogAs(app, club, {
      ...LAKE,
      ...KIRTLAND,
      observedAt: day(3),
      locationPrivacy: 'private',
    });
    await buildOccurrenceModel(app.db, app.streamRows);
  }, 60_000);
  afterAll(() => app.close());

  const packAt = async (query: string, headers: Record<string, string> = {}) => {
    const res = await get(member, `/api/occurrences/pack?${query}`, {
      'accept-encoding': 'gzip',
      ...headers,
    });
    return res;
  };
  const read = (res: { rawPayload: Buffer }): LikelyPack =>
    readLikelyPack(gunzipSync(res.rawPayload).toString('utf8'));
  const search = async (q: string, place = '') =>
    (
      await get(member, `/api/taxa?q=${encodeURIComponent(q)}&limit=50${place}`)
    ).json() as TaxonHit[];

  it("holds the region's cells and the weeks each species was recorded in them", async () => {
    const res = await packAt('lat=42.44&lon=-76.5');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const pack = read(res);
    expect(pack.header).toMatchObject({
      format: 1,
      region: latLngToCell(42.44, -76.5, 1),
      builtAt: expect.stringMatching(/^\d{4}-/),
    });
    expect(pack.header.reachKm).toBeGreaterThan(200);
    // May 1, 6, 11, 16, 21 of 2025: weeks 18, 18, 19, 20, 21, all in one cell by the lake
    const robin = pack.units.get('sci:turdus migratorius');
    expect(robin).toEqual([
      { cell: 0, weeks: weekBit(18) + weekBit(19) + weekBit(20) + weekBit(21), records: 5 },
    ]);
    expect(pack.header.cells).toHaveLength(1);
    const [latitude, longitude] = pack.header.cells[0]!;
    expect(Math.abs(latitude - 42.44) + Math.abs(longitude + 76.5)).toBeLessThan(1);
    // a private log's species is in no one's pack
    expect(pack.units.has('sci:setophaga kirtlandii')).toBe(false);
    expect([...pack.units.keys()]).toEqual(['sci:turdus migratorius']);
  });

  it('answers 304 to its ETag, and another region has another pack', async () => {
    const first = await packAt('lat=42.44&lon=-76.5');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await packAt('lat=42.5&lon=-76.4', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    const paris = await packAt('lat=48.85&lon=2.35', { 'if-none-match': etag });
    expect(paris.statusCode).toBe(200);
    expect(read(paris).units.size).toBe(0);
    const plain = await get(member, '/api/occurrences/pack?lat=42.44&lon=-76.5');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.etag).not.toBe(etag);
  });

  it('answers 400 to a place out of range, and 401 signed out', async () => {
    const bad = await packAt('lat=91&lon=-76.5');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Latitude must be between -90 and 90');
    expect((await packAt('lat=north&lon=-76.5')).json().message).toBe('Latitude must be a number');
    expect((await packAt('lon=-76.5')).statusCode).toBe(400);
    expect((await get(undefined, '/api/occurrences/pack?lat=1&lon=1')).statusCode).toBe(401);
  });

  it('ranks the species recorded near the place in the season first', async () => {
    const plain = await search('rob');
    // a name's start (Robinia) before a word's start, then the scientific names' order
    expect(plain.map((t) => t.commonName)).toEqual([
      'Black locust',
      'European Robin',
      'American Robin',
    ]);
    expect(plain.some((t) => 'likely' in t)).toBe(false);
    const may = await search('rob', '&lat=42.5&lon=-76.6&date=2026-05-10');
    expect(may.map((t) => [t.commonName, t.likely])).toEqual([
      ['American Robin', true],
      ['Black locust', undefined],
      ['European Robin', undefined],
    ]);
    // the whole name still comes first; the genus has no unit
    const whole = await search('turdus', '&lat=42.5&lon=-76.6&date=2026-05-10');
    expect(whole.map((t) => [t.scientificName, t.likely])).toEqual([
      ['Turdus', undefined],
      ['Turdus migratorius', true],
    ]);
    // another season, or 150 km away: as without a place
    expect(await search('rob', '&lat=42.5&lon=-76.6&date=2026-08-10')).toEqual(plain);
    expect(await search('rob', '&lat=43.8&lon=-76.6&date=2026-05-10')).toEqual(plain);
  });

  it('ranks as the pack does in the worker', async () => {
    const pack = read(await packAt('lat=42.44&lon=-76.5'));
    for (const [latitude, longitude, date] of [
      [42.5, -76.6, '2026-05-10'],
      [42.9, -77.4, '2026-06-01'], // about 90 km away
      [43.5, -76.5, '2026-05-10'], // about 120 km away
      [42.44, -76.5, '2026-01-10'],
    ] as const) {
      const units = [...likelyUnits(pack, latitude, longitude, date)];
      const server = await search('rob', `&lat=${latitude}&lon=${longitude}&date=${date}`);
      expect({ date, latitude, units }).toEqual({
        date,
        latitude,
        units: server.filter((t) => t.likely).map(() => 'sci:turdus migratorius'),
      });
    }
  });

  it('refuses a place without its date', async () => {
    const res = await get(member, '/api/taxa?q=rob&lat=42.5&lon=-76.6');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Latitude, longitude and date go together');
    const late = await get(member, '/api/taxa?q=rob&lat=42.5&lon=-76.6&date=2026-13-01');
    expect(late.statusCode).toBe(400);
  });
});
