import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { latLngToCell } from 'h3-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { cellOf, obscuredPoint } from '../../src/common/location-privacy.js';
import { unusualTexts, type Unusual } from '../../src/common/occurrences.js';
import { surfacesOf } from '../geoprivacy/support.js';
import { importFor } from '../data-exchange/import-support.js';
import { as, createLogAs, signUp, stores, testConfig, type TestUser } from '../support/helpers.js';

// Issue 36: records unusual where and when they are made, from the instance's own logs (at the
// place each shows to others), and their review. A club logs robins and blue jays in May and
// snow buntings in winter by Cayuga Lake; another member then logs there.

const LAKE = { latitude: 42.44, longitude: -76.5, timeZone: 'America/New_York' };
const MAY_10 = '2026-05-10T07:00'; // week 19: the season is weeks 17–21
const cellNumber = (latitude: number, longitude: number) =>
  BigInt(`0x${latLngToCell(latitude, longitude, 5)}`).toString();

const species = {
  robin: { speciesCommon: 'American Robin', speciesScientific: 'Turdus migratorius' },
  jay: { speciesCommon: 'Blue Jay', speciesScientific: 'Cyanocitta cristata' },
  bunting: { speciesCommon: 'Snow Bunting', speciesScientific: 'Plectrophenax nivalis' },
  painted: { speciesCommon: 'Painted Bunting', speciesScientific: 'Passerina ciris' },
  kirtland: { speciesCommon: "Kirtland's Warbler", speciesScientific: 'Setophaga kirtlandii' },
  cerulean: { speciesCommon: 'Cerulean Warbler', speciesScientific: 'Setophaga cerulea' },
  eagle: { speciesCommon: 'Bald Eagle', speciesScientific: 'Haliaeetus leucocephalus' },
};

const day = (offset: number, month = 5) =>
  new Date(Date.UTC(2025, month - 1, 1 + offset, 11)).toISOString().slice(0, 16);

describe.each(stores)('unusual records and their review on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let admin: TestUser;
  let club: TestUser;
  let member: TestUser;
  let secretive: TestUser;
  let obscuredId: string;
  const { get } = surfacesOf(() => app);
  const { importFile } = importFor(() => app);

  const flagsOf = async (user: TestUser, overrides: Record<string, unknown>) => {
    const log = await createLogAs(app, user, { ...LAKE, observedAt: MAY_10, ...overrides });
    return { id: log.id, unusual: log.unusual as Unusual | null };
  };

  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    admin = await signUp(app, 'admin');
    club = await signUp(app, 'club');
    member = await signUp(app, 'member');
    secretive = await signUp(app, 'secretive');
    for (let n = 0; n < 20; n++) {
      await createLogAs(app, club, {
        ...LAKE,
        ...species.robin,
        observedAt: day(n * 2),
        count: 1 + (n % 6),
      });
    }
    for (let n = 0; n < 10; n++) {
      await createLogAs(app, club, {
        ...LAKE,
        ...species.jay,
        observedAt: day(n * 2 + 1),
        count: 2,
      });
    }
    for (let n = 0; n < 6; n++) {
      await createLogAs(app, club, {
        ...LAKE,
        ...species.bunting,
        observedAt: day(n * 7, 1),
        count: 30,
      });
    }
    // what others must not learn: private and embargoed points, and an obscured one's own point
    for (let n = 0; n < 3; n++) {
      await createLogAs(app, secretive, {
        ...LAKE,
        ...species.kirtland,
        observedAt: day(n),
        locationPrivacy: 'private',
      });
    }
    await createLogAs(app, secretive, {
      ...LAKE,
      ...species.eagle,
      observedAt: day(3),
      locationEmbargoUntil: '2099-06-01',
    });
    obscuredId = (
      await createLogAs(app, secretive, {
        ...LAKE,
        ...species.cerulean,
        observedAt: day(4),
        locationPrivacy: 'obscured',
      })
    ).id;
    const build = await app.inject({
      method: 'POST',
      url: '/api/admin/occurrences/build',
      headers: as(admin),
    });
    expect(build.statusCode, build.body).toBe(200);
    expect(build.json().lastBuild).toMatchObject({ logs: 37, referenceRecords: 0 });
  });
  afterAll(() => app.close());

  it('flags nothing on a common record, and each kind on a planted one', async () => {
    expect((await flagsOf(member, { ...species.robin, count: 3 })).unusual).toBeNull();
    const painted = await flagsOf(member, species.painted);
    expect(painted.unusual).toEqual({ firstWithinKm: 50 });
    expect(unusualTexts(painted.unusual)).toEqual(['First record within 50 km on this instance']);
    const bunting = await flagsOf(member, { ...species.bunting, count: 1 });
    expect(bunting.unusual).toEqual({ notInWeeks: [17, 21] });
    expect(unusualTexts(bunting.unusual)).toEqual(['Not recorded here in weeks 17–21']);
    const flock = await flagsOf(member, { ...species.robin, count: 500 });
    expect(flock.unusual).toEqual({ countAbove: 6 });
    expect(unusualTexts(flock.unusual)).toEqual([
      'Count above what was ever recorded here in this season (at most 6)',
    ]);
    // in winter the buntings are expected; on the other side of the world nothing is known
    expect(
      (await flagsOf(member, { ...species.bunting, observedAt: '2026-01-15T09:00' })).unusual,
    ).toBeNull();
    const sydney = { latitude: -33.87, longitude: 151.21, timeZone: 'Australia/Sydney' };
    expect((await flagsOf(member, { ...species.painted, ...sydney })).unusual).toBeNull();
    // an edit asks again: a robin of 4 is not unusual any more
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/logs/${flock.id}`,
      headers: as(member),
      payload: {
        ...LAKE,
        ...species.robin,
        observedAt: MAY_10,
        count: 4,
        photoLinks: [],
        uploadedPhotoUrls: [],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().unusual).toBeNull();
  });

  it('answers the form before it saves, with the same flags and their sentences', async () => {
    const check = (payload: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/api/occurrences/check',
        headers: as(member),
        payload,
      });
    const record = { ...LAKE, ...species.painted, observedAt: '2026-05-10T07:00:00-04:00' };
    const asked = await check(record);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({
      unusual: { firstWithinKm: 50 },
      texts: ['First record within 50 km on this instance'],
    });
    const robin = await check({ ...record, ...species.robin, count: 2 });
    expect(robin.json()).toEqual({ unusual: null, texts: [] });
    const { latitude: _, ...nowhere } = record;
    const refused = await check(nowhere);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Latitude is required');
    expect((await check({ ...record, timeZone: 'Mars/Olympus' })).statusCode).toBe(400);
  });

  it('never lets a private or embargoed log shape the flags, and counts an obscured one at its public point', async () => {
    expect((await flagsOf(member, species.kirtland)).unusual).toEqual({ firstWithinKm: 50 });
    expect((await flagsOf(member, species.eagle)).unusual).toEqual({ firstWithinKm: 50 });
    expect((await flagsOf(member, species.cerulean)).unusual).toBeNull();
    const cells = await app.db.execute(sql`SELECT cell::text FROM occurrence_cells
      WHERE species_unit = 'sci:setophaga cerulea' AND week > 0 ORDER BY cell`);
    const shown = obscuredPoint(obscuredId, cellOf(LAKE.latitude, LAKE.longitude));
    const fine = (cells as unknown as { rows: { cell: string }[] }).rows
      .map(({ cell }) => cell)
      .filter((cell) => (BigInt(cell) >> 52n) % 16n === 5n); // an H3 index's resolution bits
    expect(fine).toEqual([cellNumber(shown.latitude, shown.longitude)]);
    const hidden = await app.db.execute(sql`SELECT count(*)::int AS n FROM occurrence_cells
      WHERE species_unit IN ('sci:setophaga kirtlandii', 'sci:haliaeetus leucocephalus')`);
    expect((hidden as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('groups the unusual rows of an import in its dry run and its report, and filters the list', async () => {
    const importer = await signUp(app, 'importer');
    const csv = [
      'id,observed_on,time_zone,common_name,scientific_name,latitude,longitude',
      '901,2026-05-12,Eastern Time (US & Canada),American Robin,Turdus migratorius,42.45,-76.49',
      '902,2026-05-12,Eastern Time (US & Canada),Painted Bunting,Passerina ciris,42.45,-76.49',
      '903,2026-05-13,Eastern Time (US & Canada),Painted Bunting,Passerina ciris,42.46,-76.48',
      '904,2026-05-13,Eastern Time (US & Canada),Snow Bunting,Plectrophenax nivalis,42.46,-76.48',
    ].join('\n');
    const groups = [
      {
        kind: 'firstWithinKm',
        message: 'First record within 50 km on this instance',
        count: 2,
        species: ['Painted Bunting'],
      },
      {
        kind: 'notInWeeks',
        message: 'Not recorded here in this season',
        count: 1,
        species: ['Snow Bunting'],
      },
    ];
    const dry = await importFile(importer, csv, { query: 'dryRun=true' });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ imported: 4, unusual: groups });
    const done = await importFile(importer, csv);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ imported: 4, unusual: groups });

    const flagged = await get('/api/logs?flag=unusual', importer);
    expect(flagged.statusCode).toBe(200);
    const names = flagged.json().items.map((log: { speciesCommon: string }) => log.speciesCommon);
    expect(names.sort()).toEqual(['Painted Bunting', 'Painted Bunting', 'Snow Bunting']);
    expect(flagged.json().total).toBe(3);
    expect((await get('/api/logs', importer)).json().total).toBe(4);
    const wrong = await get('/api/logs?flag=rare', importer);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('flag must be unusual');
  });

  it('lets admins and reviewers decide, and the owner and the archive see the decision', async () => {
    const painted = await flagsOf(member, { ...species.painted, notes: 'Male at the feeder' });
    const common = await flagsOf(member, { ...species.robin, count: 2 });
    expect((await get('/api/review/logs', member)).statusCode).toBe(403);
    expect((await get('/api/review/logs')).statusCode).toBe(401);

    const queue = await get('/api/review/logs', admin);
    expect(queue.statusCode, queue.body).toBe(200);
    const item = queue.json().items.find((one: { id: string }) => one.id === painted.id);
    expect(item).toMatchObject({
      owner: expect.stringMatching(/^member/),
      speciesCommon: 'Painted Bunting',
      notes: 'Male at the feeder',
      unusual: { firstWithinKm: 50 },
      review: null,
    });
    const ids = queue.json().items.map((one: { id: string }) => one.id);
    expect(ids).not.toContain(common.id);

    const decide = (user: TestUser, id: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: `/api/review/logs/${id}`, headers: as(user), payload });
    expect((await decide(member, painted.id, { status: 'accepted' })).statusCode).toBe(403);
    expect((await decide(admin, common.id, { status: 'accepted' })).statusCode).toBe(404);
    expect((await decide(admin, 'not-a-log', { status: 'accepted' })).statusCode).toBe(404);
    expect((await decide(admin, painted.id, { status: 'maybe' })).statusCode).toBe(400);
    const decided = await decide(admin, painted.id, {
      status: 'needs_evidence',
      comment: 'A photo of the bird, please',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({
      status: 'needs_evidence',
      comment: 'A photo of the bird, please',
    });

    const own = (await get(`/api/logs/${painted.id}`, member)).json();
    expect(own.review).toMatchObject({
      status: 'needs_evidence',
      comment: 'A photo of the bird, please',
    });
    expect(
      (await get('/api/review/logs', admin)).json().items.map((one: { id: string }) => one.id),
    ).not.toContain(painted.id);
    const done = (await get('/api/review/logs?status=decided', admin)).json();
    expect(done.items[0]).toMatchObject({ id: painted.id, review: { status: 'needs_evidence' } });

    // the shared log says nothing of it; the archive carries it
    const shared = await get(`/api/logs/shared/${painted.id}`);
    expect(shared.json()).not.toHaveProperty('review');
    expect(shared.json()).not.toHaveProperty('unusual');
    const { rows } = await surfacesOf(() => app).publicArchive(member);
    expect(rows.get(`urn:uuid:${painted.id}`)!.identificationVerificationStatus).toBe(
      'unverified: needs more evidence',
    );
    expect(rows.get(`urn:uuid:${common.id}`)!.identificationVerificationStatus).toBe('');

    // a reviewer the admin names sees the queue too, and the exact point of an obscured record
    const hidden = await flagsOf(member, { ...species.painted, locationPrivacy: 'obscured' });
    const named = await app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${secretive.id}`,
      headers: as(admin),
      payload: { reviewer: true },
    });
    expect(named.statusCode, named.body).toBe(200);
    const find = async (user: TestUser) =>
      (await get('/api/review/logs', user))
        .json()
        .items.find((one: { id: string }) => one.id === hidden.id);
    expect(await find(secretive)).toMatchObject({
      latitude: LAKE.latitude,
      longitude: LAKE.longitude,
    });
    const forAdmin = await find(admin);
    expect(forAdmin.latitude).not.toBe(LAKE.latitude);
    expect(forAdmin.coordinateUncertainty).toBeGreaterThan(10_000);
  });
});
