import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { as, createLogAs, getFor, signUp, stores, testConfig } from '../support/helpers.js';
import { importFor } from '../data-exchange/import-support.js';

// Our CSV export names each log's outing (outing_id, issue 22). Imported back into the same
// account, the logs rejoin their outing; another account has no such outing, and never gets
// to put logs on someone else's.

describe.each(stores)('outing_id of a Sightbook CSV on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());
  const get = getFor(() => app);
  const { importFile } = importFor(() => app);

  it('puts the logs back on their outing in the same account, and on none in another', async () => {
    const ada = await signUp(app, 'csv-outing');
    const made = await app.inject({
      method: 'POST',
      url: '/api/outings',
      headers: as(ada),
      payload: { startedAt: '2026-05-02T06:00Z', protocol: 'stationary' },
    });
    const outingId = made.json().id as string;
    const log = await createLogAs(app, ada, { speciesCommon: 'Wren', outingId });
    const csv = (await get(ada, '/api/export.csv')).body;
    expect(csv).toContain(outingId);

    // the log deleted, the outing kept: the file brings the log back onto it
    await app.inject({ method: 'DELETE', url: `/api/logs/${log.id}`, headers: as(ada) });
    const back = await importFile(ada, csv);
    expect(back.json()).toMatchObject({ imported: 1, outings: 0, warnings: [] });
    const outing = (await get(ada, `/api/outings/${outingId}`)).json();
    expect(outing.logs.map((one: { speciesCommon: string }) => one.speciesCommon)).toEqual([
      'Wren',
    ]);

    // another account: the log comes, without ada's outing, and says so
    const bob = await signUp(app, 'csv-other');
    const theirs = await importFile(bob, csv);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json()).toMatchObject({
      imported: 1,
      outings: 0,
      warnings: [
        {
          line: 2,
          message: `outing_id ${outingId}: no such outing in this account, and the file does not hold it: its logs are imported without it`,
        },
      ],
    });
    const [bobsLog] = (await get(bob, '/api/logs')).json().items;
    expect(bobsLog.outingId).toBeNull();
    expect((await get(ada, `/api/outings/${outingId}`)).json().logs).toHaveLength(1);
  });
});
