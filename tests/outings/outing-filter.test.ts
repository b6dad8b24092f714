import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { buildApp } from '../../src/server/app.js';
import {
  as,
  createLogAs,
  getFor,
  signUp,
  stores,
  testConfig,
  type TestUser,
} from '../support/helpers.js';
import { unzipText } from './support.js';

// The list filters' outingId (issue 22): the list, the map, the stats, the species lists and
// every export can be limited to one outing; another user's outing matches nothing.

const anOuting = (startedAt: string) => ({
  startedAt,
  timeZone: 'Europe/London',
  protocol: 'traveling',
  durationMinutes: 60,
  complete: true,
});

describe.each(stores)('filtering by outing on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let ada: TestUser;
  let bob: TestUser;
  let walk: string; // ada's: a Wren (3) and a Robin (1)
  let sit: string; // ada's: a Wren (5)
  let bobs: string; // bob's: a Wren (7)
  const get = getFor(() => app);

  const startOuting = async (user: TestUser, startedAt: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/outings',
      headers: as(user),
      payload: anOuting(startedAt),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const logOn = (user: TestUser, outingId: string | null, speciesCommon: string, count: number) =>
    createLogAs(app, user, {
      speciesCommon,
      speciesScientific: null,
      count,
      observedAt: '2026-05-02T07:00:00+01:00',
      latitude: 52.31,
      longitude: 0.29,
      outingId,
    });
  const json = async (user: TestUser, url: string) => {
    const res = await get(user, url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    ada = await signUp(app, 'ada');
    bob = await signUp(app, 'bob');
    walk = await startOuting(ada, '2026-05-02T06:10:00+01:00');
    sit = await startOuting(ada, '2026-05-03T18:00:00+01:00');
    bobs = await startOuting(bob, '2026-05-02T06:00:00+01:00');
    await logOn(ada, walk, 'Wren', 3);
    await logOn(ada, walk, 'Robin', 1);
    await logOn(ada, sit, 'Wren', 5);
    await logOn(ada, null, 'Heron', 2);
    await logOn(bob, bobs, 'Wren', 7);
  });
  afterAll(() => app.close());

  it('lists and maps only the logs of the outing', async () => {
    const list = await json(ada, `/api/logs?outingId=${walk}`);
    expect(list.total).toBe(2);
    expect(list.items.map((log: { speciesCommon: string }) => log.speciesCommon).sort()).toEqual([
      'Robin',
      'Wren',
    ]);
    // the page statements of other filters stay as they were
    expect((await json(ada, `/api/logs?outingId=${walk}&q=wren`)).total).toBe(1);
    expect((await json(ada, '/api/logs')).total).toBe(4);

    const map = await json(ada, `/api/logs/geo?outingId=${sit}`);
    expect(map.features).toHaveLength(1);
    expect(map.features[0].properties).toMatchObject({ count: 5 });
  });

  it('sums the stats of the outing', async () => {
    expect(await json(ada, `/api/stats/summary?outingId=${walk}`)).toEqual({
      totalSightings: 4,
      uniqueSpecies: 2,
      totalLogs: 2,
      uncountedLogs: 0,
    });
    expect(await json(ada, `/api/stats/top-species?outingId=${walk}`)).toEqual([
      { species: 'Wren', totalCount: 3, logCount: 1 },
      { species: 'Robin', totalCount: 1, logCount: 1 },
    ]);
    expect(await json(ada, `/api/stats/time-series?bucket=day&outingId=${sit}`)).toEqual([
      { bucketStart: '2026-05-02', totalCount: 5 },
    ]);
    // the whole account is still the whole account
    expect((await json(ada, '/api/stats/summary')).totalSightings).toBe(11);
  });

  it('lists the species of the outing', async () => {
    const life = await json(ada, `/api/lists?sort=count&outingId=${walk}`);
    expect(life.total).toBe(2);
    expect(
      life.items.map((item: { commonName: string; individuals: number }) => [
        item.commonName,
        item.individuals,
      ]),
    ).toEqual([
      ['Wren', 3],
      ['Robin', 1],
    ]);
    const year = await json(ada, `/api/lists?kind=year&year=2026&outingId=${sit}`);
    expect(year.items).toMatchObject([{ commonName: 'Wren', individuals: 5, logs: 1 }]);
    const csv = await get(ada, `/api/lists.csv?outingId=${sit}`);
    expect(csv.statusCode).toBe(200);
    expect(parse(csv.body, { bom: true })).toHaveLength(2); // header and the Wren
  });

  it('exports only the logs of the outing, in every format', async () => {
    const rows = (url: string) =>
      get(ada, url).then((res) => {
        expect(res.statusCode, res.body).toBe(200);
        return parse(res.body, { bom: true, relax_column_count: true }) as string[][];
      });
    expect(await rows(`/api/export.csv?outingId=${walk}`)).toHaveLength(1 + 2);
    expect(await rows(`/api/export.csv?format=dwc&outingId=${walk}`)).toHaveLength(1 + 2);
    expect(await rows(`/api/export/ebird.csv?outingId=${sit}`)).toHaveLength(1); // no header
    const geojson = await json(ada, `/api/export.geojson?outingId=${walk}`);
    expect(geojson.features).toHaveLength(2);

    const archive = await get(ada, `/api/export/dwca.zip?outingId=${walk}`);
    expect(archive.statusCode).toBe(200);
    const occurrences = (await unzipText(archive.rawPayload))['occurrence.txt']!.trim().split('\n');
    expect(occurrences).toHaveLength(1 + 2);
  });

  it("matches nothing with another user's outing, and leaks nothing of it", async () => {
    const list = await json(ada, `/api/logs?outingId=${bobs}`);
    expect(list).toEqual({ items: [], total: 0 });
    expect((await json(ada, `/api/logs/geo?outingId=${bobs}`)).features).toEqual([]);
    expect(await json(ada, `/api/stats/summary?outingId=${bobs}`)).toEqual({
      totalSightings: 0,
      uniqueSpecies: 0,
      totalLogs: 0,
      uncountedLogs: 0,
    });
    expect(await json(ada, `/api/lists?outingId=${bobs}`)).toEqual({
      items: [],
      total: 0,
      otherTaxa: 0,
    });
    const exported = await get(ada, `/api/export.csv?outingId=${bobs}`);
    expect(parse(exported.body, { bom: true })).toHaveLength(1); // the header alone
    expect((await get(ada, `/api/export/ebird.csv?outingId=${bobs}`)).body).toBe('');
  });

  it.each([
    '/api/logs',
    '/api/logs/geo',
    '/api/stats/summary',
    '/api/lists',
    '/api/export.csv',
    '/api/export/dwca.zip',
    '/api/export/ebird.csv',
  ])('refuses an outingId that is no id on %s', async (path) => {
    const res = await get(ada, `${path}?outingId=not-an-id`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('outingId must be the id of an outing');
  });
});
