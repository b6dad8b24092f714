import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { buildApp } from '../../src/server/app.js';
import {
  createLogAs,
  getFor,
  signUp,
  stores,
  testConfig,
  type TestUser,
} from '../support/helpers.js';

// Issue 32: a captive or cultivated log is on no life list and is no lifer unless asked for, as
// on eBird and iNaturalist; the stats' Unique Species count it as the list does.

describe.each(stores)('captive and cultivated logs on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let keeper: TestUser;
  const get = getFor(() => app);
  const made: Record<string, { id: string } & Record<string, unknown>> = {};
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    keeper = await signUp(app, 'keeper');
    // a macaw at the zoo only; a flamingo at the zoo first, then in the wild
    made.macaw = await createLogAs(app, keeper, {
      speciesCommon: 'Scarlet Macaw',
      speciesScientific: 'Ara macao',
      observedAt: '2026-04-01T10:00',
      captive: true,
    });
    made.zooFlamingo = await createLogAs(app, keeper, {
      speciesCommon: 'American Flamingo',
      speciesScientific: 'Phoenicopterus ruber',
      observedAt: '2026-04-01T11:00',
      captive: true,
    });
    made.wildFlamingo = await createLogAs(app, keeper, {
      speciesCommon: 'American Flamingo',
      speciesScientific: 'Phoenicopterus ruber',
      observedAt: '2026-05-03T07:00',
    });
    made.robin = await createLogAs(app, keeper, { observedAt: '2026-05-04T07:00' });
  });
  afterAll(() => app.close());

  const names = async (url: string) => {
    const res = await get(keeper, url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      items: Array<{ commonName: string; firstLogId: string }>;
      total: number;
    };
  };

  it('leaves them off the lists unless captive=include', async () => {
    const wild = await names('/api/lists');
    expect(wild.items.map((item) => item.commonName)).toEqual([
      'American Flamingo',
      'European Robin',
    ]);
    expect(wild.total).toBe(2);
    // the flamingo's first wild log is its first on the list
    expect(wild.items[0]!.firstLogId).toBe(made.wildFlamingo!.id);

    const all = await names('/api/lists?captive=include');
    expect(all.items.map((item) => item.commonName)).toEqual([
      'Scarlet Macaw',
      'American Flamingo',
      'European Robin',
    ]);
    expect(all.items[1]!.firstLogId).toBe(made.zooFlamingo!.id);
    const year = await names('/api/lists?kind=year&year=2026&captive=include');
    expect(year.total).toBe(3);

    const csv = await get(keeper, '/api/lists.csv');
    const rows = parse(csv.body, { bom: true, columns: true }) as Array<{ common_name: string }>;
    expect(rows.map((row) => row.common_name)).toEqual(['American Flamingo', 'European Robin']);

    const wrong = await get(keeper, '/api/lists?captive=maybe');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Captive must be exclude or include');
  });

  it('makes no lifer of them: the first wild log of the species is', async () => {
    expect(made.macaw).toMatchObject({ lifer: false, firstOfSpecies: false });
    expect(made.zooFlamingo).toMatchObject({ lifer: false, firstOfSpecies: false });
    expect(made.wildFlamingo).toMatchObject({ lifer: true, firstOfSpecies: true });
    const read = await get(keeper, `/api/logs/${made.zooFlamingo!.id}`);
    expect(read.json()).toMatchObject({ captive: true, firstOfSpecies: false });
  });

  it('counts them in no Unique Species, and still in the sightings', async () => {
    const res = await get(keeper, '/api/stats/summary');
    expect(res.json()).toEqual({
      totalSightings: 8,
      uniqueSpecies: 2,
      totalLogs: 4,
      uncountedLogs: 0,
    });
  });
});
