import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { detections, outings } from '../../src/server/db/schema.js';
import { DETECTION_TEXTS } from '../../src/common/detections.js';
import { as, signUp, stores, testConfig, type TestUser } from '../support/helpers.js';
import { fixture, importDetections, postDetections } from './support.js';

// Issue 37: each detection format imported from its real-modelled fixture, into outings made
// per station and local day (or the one named), once however often the file comes again.

describe.each(stores)('detections import on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  const rowsOf = (user: TestUser) =>
    app.db.select().from(detections).where(eq(detections.userId, user.id));
  const outingOf = async (id: string) =>
    (await app.db.select().from(outings).where(eq(outings.id, id)))[0]!;

  it("makes BirdNET-Pi's days outings at the station, in its zone, and adds nothing twice", async () => {
    const ada = await signUp(app, 'ada');
    const first = await importDetections(app, ada, 'BirdDB.txt');
    expect(first).toMatchObject({
      format: 'birdnet-pi',
      read: 20,
      kept: 20,
      belowMinimum: 0,
      alreadyImported: 0,
      rejected: [],
      repeated: 0,
    });
    expect(
      first.outings.map(({ date, timeZone, toConfirm }) => [date, timeZone, toConfirm]),
    ).toEqual([
      ['2023-04-25', 'Europe/Berlin', 5],
      ['2023-04-26', 'Europe/Berlin', 3],
    ]);
    const outing = await outingOf(first.outings[0]!.id!);
    expect(outing).toMatchObject({
      protocol: 'stationary',
      timeZone: 'Europe/Berlin',
      latitude: 47.8555,
      longitude: 12.3439,
      placeName: 'BirdNET-Pi detections',
      isPublic: false,
    });
    expect(outing.startedAt.toISOString()).toBe('2023-04-25T17:04:28.000Z'); // 19:04:28 CEST
    const swallow = (await rowsOf(ada)).find((row) => row.scientificName === 'Hirundo rustica');
    expect(swallow?.detectedAt.toISOString()).toBe('2023-04-25T17:04:28.000Z');
    expect(swallow).toMatchObject({ status: 'pending', format: 'birdnet-pi', outingId: outing.id });

    const again = await importDetections(app, ada, 'BirdDB.txt');
    expect(again).toMatchObject({ kept: 0, alreadyImported: 20 });
    expect(again.outings.map((o) => o.id)).toEqual(first.outings.map((o) => o.id));
    expect(await rowsOf(ada)).toHaveLength(20);

    // a later export overlapping the first: only its 4 new rows, on the same day's outing
    const later = await importDetections(app, ada, 'BirdDB-later.txt');
    expect(later).toMatchObject({ read: 10, kept: 4, alreadyImported: 6 });
    expect(later.outings).toEqual([
      { id: first.outings[1]!.id, date: '2023-04-26', timeZone: 'Europe/Berlin', toConfirm: 5 },
    ]);
    expect(await rowsOf(ada)).toHaveLength(24);
  });

  it('leaves out detections under the minimum confidence, counted', async () => {
    const bob = await signUp(app, 'bob');
    const strict = await importDetections(app, bob, 'BirdDB.txt', { minConfidence: '0.85' });
    expect(strict).toMatchObject({ read: 20, kept: 6, belowMinimum: 14 });
    expect(await rowsOf(bob)).toHaveLength(6);
    // the rest come in when the minimum is lowered
    const loose = await importDetections(app, bob, 'BirdDB.txt');
    expect(loose).toMatchObject({ kept: 14, alreadyImported: 6 });
  });

  it('answers a dry run and writes nothing', async () => {
    const cy = await signUp(app, 'cy');
    const res = await postDetections(app, cy, { name: 'BirdDB.txt' }, { dryRun: 'true' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ read: 20, kept: 20, alreadyImported: 0 });
    expect(res.json().outings).toEqual([
      { id: null, date: '2023-04-25', timeZone: 'Europe/Berlin', toConfirm: 5 },
      { id: null, date: '2023-04-26', timeZone: 'Europe/Berlin', toConfirm: 3 },
    ]);
    expect(await rowsOf(cy)).toEqual([]);
    expect(await app.db.$count(outings, eq(outings.userId, cy.id))).toBe(0);
  });

  it("reads BirdNET-Go's CSV at the position and start given", async () => {
    const di = await signUp(app, 'di');
    const read = await importDetections(app, di, 'soundscape.wav.csv', {
      fileName: '20240501_053000.wav.csv',
      latitude: '42.44',
      longitude: '-76.5',
    });
    expect(read).toMatchObject({ format: 'birdnet-go', read: 5, kept: 3, belowMinimum: 2 });
    expect(read.rejected).toEqual([{ line: 7, reason: DETECTION_TEXTS.notASpecies('Engine') }]);
    expect(read.outings).toEqual([
      { id: expect.any(String), date: '2024-05-01', timeZone: 'America/New_York', toConfirm: 3 },
    ]);
    const junco = (await rowsOf(di)).find((row) => row.scientificName === 'Junco hyemalis');
    expect(junco?.detectedAt.toISOString()).toBe('2024-05-01T09:30:42.000Z'); // 05:30:42 EDT
    expect(junco).toMatchObject({ offsetSeconds: 42, endSeconds: 45 });
  });

  it("reads BirdNET-Analyzer's selection table with the start and zone given", async () => {
    const ed = await signUp(app, 'ed');
    const read = await importDetections(app, ed, 'soundscape.BirdNET.selection.table.txt', {
      recordingStart: '2024-05-01T05:30',
      timeZone: 'America/Toronto',
    });
    expect(read).toMatchObject({ format: 'birdnet-analyzer-table', read: 6, kept: 2 });
    expect(read.outings).toEqual([
      { id: expect.any(String), date: '2024-05-01', timeZone: 'America/Toronto', toConfirm: 2 },
    ]);
    const list = await app.inject({
      method: 'GET',
      url: `/api/outings/${read.outings[0]!.id}/detections`,
      headers: as(ed),
    });
    expect(list.json().toConfirm[1]).toEqual({
      speciesKey: 'code:daejun',
      scientificName: null,
      commonName: 'Dark-eyed Junco',
      speciesCode: 'daejun',
      hour: '2024-05-01T05',
      detections: 1,
      bestConfidence: expect.closeTo(0.7375, 5),
      clips: [
        {
          detectedAt: '2024-05-01T05:30:42-04:00',
          confidence: expect.closeTo(0.7375, 5),
          file: 'soundscape.wav',
          offsetSeconds: 42,
        },
      ],
    });
  });

  it("reads BirdNET-Analyzer's combined CSV, a day's outing each, in UTC without a place", async () => {
    const fay = await signUp(app, 'fay');
    const read = await importDetections(app, fay, 'BirdNET_CombinedTable.csv');
    expect(read).toMatchObject({ format: 'birdnet-analyzer-csv', read: 12, kept: 12 });
    expect(read.outings.map((o) => [o.date, o.timeZone, o.toConfirm])).toEqual([
      ['2023-07-17', null, 1],
      ['2023-07-28', null, 1],
      ['2023-08-19', null, 1],
      ['2023-08-21', null, 1],
      ['2023-08-28', null, 1],
      ['2023-08-29', null, 1],
      ['2023-08-30', null, 1],
      ['2023-09-01', null, 1],
    ]);
    const again = await importDetections(app, fay, 'BirdNET_CombinedTable.csv');
    expect(again).toMatchObject({ kept: 0, alreadyImported: 12 });
  });

  it('puts the detections on the outing named, which must be yours', async () => {
    const gus = await signUp(app, 'gus');
    const made = await app.inject({
      method: 'POST',
      url: '/api/outings',
      headers: as(gus),
      payload: { startedAt: '2021-06-23T11:30:00-07:00', timeZone: 'America/Los_Angeles' },
    });
    const outingId = made.json().id as string;
    const query = { outingId, fileName: 'BirdNET_Rivendell_20210623_113602.csv' };
    const read = await importDetections(app, gus, 'BirdNET_Rivendell_20210623_113602.csv', query);
    expect(read.outings).toEqual([
      { id: outingId, date: '2021-06-23', timeZone: 'America/Los_Angeles', toConfirm: 1 },
    ]);
    const [thrush] = await app.db
      .select()
      .from(detections)
      .where(and(eq(detections.userId, gus.id), eq(detections.outingId, outingId)));
    expect(thrush?.detectedAt.toISOString()).toBe('2021-06-23T18:36:05.000Z');

    const hal = await signUp(app, 'hal');
    const refused = await postDetections(
      app,
      hal,
      { name: 'BirdNET_Rivendell_20210623_113602.csv' },
      query,
    );
    expect(refused.statusCode).toBe(404);
    expect(await rowsOf(hal)).toEqual([]);
  });

  it('refuses what is no detection file, the wrong body type, and anyone signed out', async () => {
    const ivy = await signUp(app, 'ivy');
    const notDetections = await postDetections(app, ivy, {
      text: 'Date,Species\n2024-05-01,Robin',
    });
    expect(notDetections.statusCode).toBe(400);
    expect(notDetections.json().message).toBe(DETECTION_TEXTS.unknownFormat);
    const json = await postDetections(app, ivy, { text: '{}', type: 'application/json' });
    expect(json.statusCode).toBe(415);
    const badOption = await postDetections(
      app,
      ivy,
      { name: 'BirdDB.txt' },
      { minConfidence: '2' },
    );
    expect(badOption.statusCode).toBe(400);
    const signedOut = await postDetections(
      app,
      undefined,
      { name: 'BirdDB.txt' },
      { minConfidence: '2' },
    );
    expect(signedOut.statusCode).toBe(401); // before the options are read
    const tooLarge = await postDetections(app, ivy, {
      text: `${fixture('BirdDB.txt')}${'x'.repeat(21 * 1024 * 1024)}`,
    });
    expect(tooLarge.statusCode).toBe(413);
  });
});
