import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { inArray } from 'drizzle-orm';
import { logs } from '../../src/server/db/schema.js';
import { upsertTaxa } from '../../src/server/features/taxonomy/taxon-writes.js';
import { nameKey } from '../../src/common/taxonomy.js';
import { createLogAs, signUp, stores, testConfig, type TestUser } from '../support/helpers.js';

// Hand-built data sets with hand-computed answers (ARCHITECTURE "Stats").
describe.each(stores)('stats API on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let birder: TestUser; // the main data set
  let traveller: TestUser; // sightings around a DST change
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    birder = await signUp(app, 'birder');
    const sightings: [string, string, number][] = [
      ['Robin', '2026-04-27T08:00Z', 2], // a Monday
      ['robin ', '2026-05-03T10:00Z', 3], // a Sunday: still the week of Monday 27 April
      ['robin', '2026-05-04T09:00Z', 1],
      ['Blackbird', '2026-05-01T22:30Z', 5], // 2 May 00:30 in Berlin
      ['Great Tit', '2026-06-10T12:00Z', 4],
      ['great tit', '2026-06-11T12:00Z', 4],
    ];
    for (const [speciesCommon, observedAt, count] of sightings) {
      await createLogAs(app, birder, { speciesCommon, observedAt, count });
    }
    // Stored untrimmed, as an import might: still the same species.
    await app.db.insert(logs).values({
      userId: birder.id,
      speciesCommon: ' ROBIN  ',
      count: 1,
      observedAt: new Date('2026-06-12T12:00Z'),
    });

    traveller = await signUp(app, 'traveller');
    // Berlin moves from +01:00 to +02:00 at 01:00Z on 29 March 2026.
    const aroundDst: [string, number][] = [
      ['2026-03-28T22:59Z', 1], // 28 March 23:59 CET
      ['2026-03-28T23:30Z', 2], // 29 March 00:30 CET
      ['2026-03-29T21:59Z', 4], // 29 March 23:59 CEST
      ['2026-03-29T22:00Z', 8], // 30 March 00:00 CEST
    ];
    for (const [observedAt, count] of aroundDst) {
      await createLogAs(app, traveller, { speciesCommon: 'Crane', observedAt, count });
    }
    // Someone else's sightings on the same days never count for the others.
    const stranger = await signUp(app, 'stranger');
    await createLogAs(app, stranger, { speciesCommon: 'Robin', observedAt: '2026-05-03T10:00Z' });
    await createLogAs(app, stranger, { speciesCommon: 'Crane', observedAt: '2026-03-29T12:00Z' });
  });
  afterAll(() => app.close());

  const get = (user: TestUser | undefined, url: string) =>
    app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
  const json = async (user: TestUser, url: string) => {
    const res = await get(user, url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  describe('summary', () => {
    it('sums sightings, species (case and spaces aside) and logs', async () => {
      expect(await json(birder, '/api/stats/summary')).toEqual({
        totalSightings: 20,
        uniqueSpecies: 3,
        totalLogs: 7,
        uncountedLogs: 0,
      });
    });

    it('counts whole days from and to, inclusive, as the calendar reads in tz', async () => {
      const may = '/api/stats/summary?from=2026-05-01&to=2026-05-03';
      expect(await json(birder, may)).toEqual({
        totalSightings: 8,
        uniqueSpecies: 2,
        totalLogs: 2,
        uncountedLogs: 0,
      });
      // 22:30Z on 1 May is 2 May in Berlin.
      const first = '/api/stats/summary?from=2026-05-01&to=2026-05-01';
      expect(await json(birder, first)).toEqual({
        totalSightings: 5,
        uniqueSpecies: 1,
        totalLogs: 1,
        uncountedLogs: 0,
      });
      expect(await json(birder, `${first}&tz=Europe/Berlin`)).toEqual({
        totalSightings: 0,
        uniqueSpecies: 0,
        totalLogs: 0,
        uncountedLogs: 0,
      });
      const second = '/api/stats/summary?from=2026-05-02&to=2026-05-02';
      expect(await json(birder, second)).toEqual({
        totalSightings: 0,
        uniqueSpecies: 0,
        totalLogs: 0,
        uncountedLogs: 0,
      });
      expect(await json(birder, `${second}&tz=Europe/Berlin`)).toEqual({
        totalSightings: 5,
        uniqueSpecies: 1,
        totalLogs: 1,
        uncountedLogs: 0,
      });
    });

    it('treats empty parameters as absent', async () => {
      expect(await json(birder, '/api/stats/summary?from=&to=&tz=')).toEqual({
        totalSightings: 20,
        uniqueSpecies: 3,
        totalLogs: 7,
        uncountedLogs: 0,
      });
    });

    it('gives zeros for a new account and an empty range', async () => {
      const newcomer = await signUp(app, 'newcomer');
      const zeros = { totalSightings: 0, uniqueSpecies: 0, totalLogs: 0, uncountedLogs: 0 };
      expect(await json(newcomer, '/api/stats/summary')).toEqual(zeros);
      expect(await json(birder, '/api/stats/summary?from=2030-01-01')).toEqual(zeros);
      expect(await json(birder, '/api/stats/summary?from=2026-05-10&to=2026-05-01')).toEqual(zeros);
      expect(await json(newcomer, '/api/stats/top-species')).toEqual([]);
      expect(await json(newcomer, '/api/stats/time-series')).toEqual([]);
    });
  });

  describe("eBird's X and 0 (issue 32)", () => {
    it('adds no individual for an X or a 0, counts their species and says how many X', async () => {
      const lister = await signUp(app, 'lister');
      const log = (speciesCommon: string, observedAt: string, count: number | null) =>
        createLogAs(app, lister, {
          speciesCommon,
          observedAt,
          count,
          countKind: count === null ? 'present' : count === 0 ? 'evidence' : 'counted',
        });
      await log('Rook', '2026-05-04T08:00Z', 12);
      await log('Rook', '2026-05-05T08:00Z', null);
      await log('Raven', '2026-05-05T09:00Z', null); // only ever an X
      await log('Otter', '2026-05-12T09:00Z', 0); // a week of evidence only
      expect(await json(lister, '/api/stats/summary')).toEqual({
        totalSightings: 12,
        uniqueSpecies: 3,
        totalLogs: 4,
        uncountedLogs: 2,
      });
      expect(await json(lister, '/api/stats/summary?from=2026-05-12')).toMatchObject({
        totalSightings: 0,
        uncountedLogs: 0,
      });
      // most individuals first: a species of X and 0 alone has none, and comes last
      expect(await json(lister, '/api/stats/top-species')).toEqual([
        { species: 'Rook', totalCount: 12, logCount: 2 },
        { species: 'Otter', totalCount: 0, logCount: 1 },
        { species: 'Raven', totalCount: 0, logCount: 1 },
      ]);
      expect(await json(lister, '/api/stats/time-series?bucket=week')).toEqual([
        { bucketStart: '2026-05-04', totalCount: 12 },
        { bucketStart: '2026-05-11', totalCount: 0 },
      ]);
    });
  });

  describe('species linked to a taxon', () => {
    it('counts the logs of one taxon as one species, whatever their names', async () => {
      await upsertTaxa(app.db, [
        {
          id: 'gbif:2497921',
          scientificName: 'Tyto alba',
          rank: 'species',
          kingdom: 'Animalia',
          phylum: 'Chordata',
          class: 'Aves',
          order: 'Strigiformes',
          family: 'Tytonidae',
          genus: 'Tyto',
          source: 'gbif',
          sourceId: '2497921',
          acceptedId: null,
          scientificKey: nameKey('Tyto alba'),
          names: [{ language: 'en', name: 'Barn Owl', preferred: true, nameKey: 'barn owl' }],
        },
      ]);
      const owler = await signUp(app, 'owler');
      const ids: string[] = [];
      for (const [speciesCommon, count] of [
        ['barn owl', 1],
        ['Barn Owl', 2],
        ['Tyto alba', 3], // the scientific name typed as the common one
      ] as const) {
        ids.push((await createLogAs(app, owler, { speciesCommon, count })).id);
      }
      await app.db.update(logs).set({ taxonId: 'gbif:2497921' }).where(inArray(logs.id, ids));
      expect(await json(owler, '/api/stats/summary')).toEqual({
        totalSightings: 6,
        uniqueSpecies: 1,
        totalLogs: 3,
        uncountedLogs: 0,
      });

      // a free-text name stays a species of its own
      const tawny = await createLogAs(app, owler, { speciesCommon: 'Tawny Owl', count: 1 });
      await app.db
        .update(logs)
        .set({ taxonId: null })
        .where(inArray(logs.id, [tawny.id]));
      expect(await json(owler, '/api/stats/summary')).toEqual({
        totalSightings: 7,
        uniqueSpecies: 2,
        totalLogs: 4,
        uncountedLogs: 0,
      });
      expect(await json(owler, '/api/stats/top-species')).toEqual([
        { species: 'Barn Owl', totalCount: 6, logCount: 3 }, // one log each: the first by code point
        { species: 'Tawny Owl', totalCount: 1, logCount: 1 },
      ]);
    });
  });

  describe('top species', () => {
    it('merges spellings and shows the most used one', async () => {
      expect(await json(birder, '/api/stats/top-species')).toEqual([
        { species: 'Great Tit', totalCount: 8, logCount: 2 }, // one log each: the alphabetically first wins
        { species: 'robin', totalCount: 7, logCount: 4 }, // 'robin' twice, 'Robin' and 'ROBIN' once
        { species: 'Blackbird', totalCount: 5, logCount: 1 },
      ]);
      expect(await json(birder, '/api/stats/top-species?limit=1')).toEqual([
        { species: 'Great Tit', totalCount: 8, logCount: 2 },
      ]);
      expect(await json(birder, '/api/stats/top-species?to=2026-05-31')).toEqual([
        { species: 'robin', totalCount: 6, logCount: 3 },
        { species: 'Blackbird', totalCount: 5, logCount: 1 },
      ]);
    });

    it('ranks by individuals by default, or by logs', async () => {
      // one flock of 12,500 against many small logs (issue 23)
      const counter = await signUp(app, 'counter');
      const sightings: [string, number][] = [
        ['Starling', 12_500],
        ['House Sparrow', 2],
        ['house sparrow', 1],
        ['House Sparrow', 3],
        ['Wren', 1],
        ['Wren', 1],
        ['Dunnock', 4],
        ['Dunnock', 1],
        ['Chaffinch', 9],
      ];
      await app.db.insert(logs).values(
        sightings.map(([speciesCommon, count], i) => ({
          userId: counter.id,
          speciesCommon,
          count,
          observedAt: new Date(Date.UTC(2026, 4, 1 + i, 12)),
        })),
      );
      const byIndividuals = [
        { species: 'Starling', totalCount: 12_500, logCount: 1 },
        { species: 'Chaffinch', totalCount: 9, logCount: 1 },
        { species: 'House Sparrow', totalCount: 6, logCount: 3 },
        { species: 'Dunnock', totalCount: 5, logCount: 2 },
        { species: 'Wren', totalCount: 2, logCount: 2 },
      ];
      expect(await json(counter, '/api/stats/top-species')).toEqual(byIndividuals);
      expect(await json(counter, '/api/stats/top-species?by=individuals')).toEqual(byIndividuals);
      expect(await json(counter, '/api/stats/top-species?by=')).toEqual(byIndividuals);
      // ties by the species in code-point order, as by individuals
      expect(await json(counter, '/api/stats/top-species?by=logs')).toEqual([
        { species: 'House Sparrow', totalCount: 6, logCount: 3 },
        { species: 'Dunnock', totalCount: 5, logCount: 2 },
        { species: 'Wren', totalCount: 2, logCount: 2 },
        { species: 'Chaffinch', totalCount: 9, logCount: 1 },
        { species: 'Starling', totalCount: 12_500, logCount: 1 },
      ]);
      // the limit cuts the ranking chosen, and the range still applies
      expect(await json(counter, '/api/stats/top-species?by=logs&limit=2')).toEqual([
        { species: 'House Sparrow', totalCount: 6, logCount: 3 },
        { species: 'Dunnock', totalCount: 5, logCount: 2 },
      ]);
      expect(await json(counter, '/api/stats/top-species?by=logs&to=2026-05-03')).toEqual([
        { species: 'House Sparrow', totalCount: 3, logCount: 2 },
        { species: 'Starling', totalCount: 12_500, logCount: 1 },
      ]);
      expect(await json(birder, '/api/stats/top-species?by=logs')).toEqual([
        { species: 'robin', totalCount: 7, logCount: 4 },
        { species: 'Great Tit', totalCount: 8, logCount: 2 },
        { species: 'Blackbird', totalCount: 5, logCount: 1 },
      ]);
    });

    it('lists 10 by default and at most 100', async () => {
      const lister = await signUp(app, 'lister');
      await app.db.insert(logs).values(
        Array.from({ length: 12 }, (_, i) => ({
          userId: lister.id,
          speciesCommon: `Species ${String(i).padStart(2, '0')}`,
          count: 100 - i,
          observedAt: new Date('2026-05-01T12:00Z'),
        })),
      );
      const top = await json(lister, '/api/stats/top-species');
      expect(top).toHaveLength(10);
      expect(top[0]).toEqual({ species: 'Species 00', totalCount: 100, logCount: 1 });
      expect(top[9]).toEqual({ species: 'Species 09', totalCount: 91, logCount: 1 });
      expect(await json(lister, '/api/stats/top-species?limit=100')).toHaveLength(12);
      const over = await get(lister, '/api/stats/top-species?limit=101');
      expect(over.statusCode).toBe(400);
      expect(over.json()).toEqual({
        message: 'Limit must be at most 100',
        issues: [{ path: ['limit'], message: 'Limit must be at most 100' }],
      });
      expect((await get(lister, '/api/stats/top-species?limit=0')).statusCode).toBe(400);
      expect((await get(lister, '/api/stats/top-species?limit=ten')).statusCode).toBe(400);
    });
  });

  describe('time series', () => {
    it('sums by day, oldest first, leaving out empty days', async () => {
      expect(await json(birder, '/api/stats/time-series?bucket=day')).toEqual([
        { bucketStart: '2026-04-27', totalCount: 2 },
        { bucketStart: '2026-05-01', totalCount: 5 },
        { bucketStart: '2026-05-03', totalCount: 3 },
        { bucketStart: '2026-05-04', totalCount: 1 },
        { bucketStart: '2026-06-10', totalCount: 4 },
        { bucketStart: '2026-06-11', totalCount: 4 },
        { bucketStart: '2026-06-12', totalCount: 1 },
      ]);
    });

    it('puts a sighting on its day in tz', async () => {
      const berlin = await json(birder, '/api/stats/time-series?bucket=day&tz=Europe/Berlin');
      expect(berlin.slice(0, 3)).toEqual([
        { bucketStart: '2026-04-27', totalCount: 2 },
        { bucketStart: '2026-05-02', totalCount: 5 },
        { bucketStart: '2026-05-03', totalCount: 3 },
      ]);
    });

    it('sums by week starting on Monday, by default', async () => {
      const weeks = [
        { bucketStart: '2026-04-27', totalCount: 10 }, // Sunday 3 May included
        { bucketStart: '2026-05-04', totalCount: 1 },
        { bucketStart: '2026-06-08', totalCount: 9 },
      ];
      expect(await json(birder, '/api/stats/time-series?bucket=week')).toEqual(weeks);
      expect(await json(birder, '/api/stats/time-series')).toEqual(weeks);
    });

    it('sums by month', async () => {
      expect(await json(birder, '/api/stats/time-series?bucket=month')).toEqual([
        { bucketStart: '2026-04-01', totalCount: 2 },
        { bucketStart: '2026-05-01', totalCount: 9 },
        { bucketStart: '2026-06-01', totalCount: 9 },
      ]);
    });

    it('keeps day boundaries right across a DST change', async () => {
      expect(await json(traveller, '/api/stats/time-series?bucket=day&tz=Europe/Berlin')).toEqual([
        { bucketStart: '2026-03-28', totalCount: 1 },
        { bucketStart: '2026-03-29', totalCount: 6 },
        { bucketStart: '2026-03-30', totalCount: 8 },
      ]);
      expect(await json(traveller, '/api/stats/time-series?bucket=day')).toEqual([
        { bucketStart: '2026-03-28', totalCount: 3 },
        { bucketStart: '2026-03-29', totalCount: 12 },
      ]);
      const day = '/api/stats/summary?from=2026-03-29&to=2026-03-29&tz=Europe/Berlin';
      expect(await json(traveller, day)).toEqual({
        totalSightings: 6,
        uniqueSpecies: 1,
        totalLogs: 2,
        uncountedLogs: 0,
      });
    });
  });

  describe('refusals', () => {
    it.each([
      ['/api/stats/summary?tz=Mars/Olympus', 'tz', 'Unknown time zone'],
      ['/api/stats/time-series?tz=%2B01:00', 'tz', 'Unknown time zone'],
      ['/api/stats/time-series?bucket=year', 'bucket', 'Bucket must be day, week or month'],
      ['/api/stats/top-species?from=2026-02-30', 'from', 'From date must be a date (YYYY-MM-DD)'],
      ['/api/stats/top-species?by=species', 'by', 'By must be individuals or logs'],
      ['/api/stats/top-species?by=Logs', 'by', 'By must be individuals or logs'],
      ['/api/stats/summary?to=May', 'to', 'To date must be a date (YYYY-MM-DD)'],
    ])('refuses %s', async (url, path, message) => {
      const res = await get(birder, url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, issues: [{ path: [path], message }] });
    });

    it.each(['/api/stats/summary', '/api/stats/top-species', '/api/stats/time-series?bucket=x'])(
      'needs a signed-in user for %s',
      async (url) => {
        const res = await get(undefined, url);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Unauthorized' });
      },
    );
  });
});
