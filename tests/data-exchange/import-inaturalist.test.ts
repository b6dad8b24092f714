import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import type { Log } from '../../src/common/logs/schemas.js';
import { signUp, stores, testConfig, type TestUser } from '../support/helpers.js';
import { importFor } from './import-support.js';
import { dataExchangeFor, fixture } from './support.js';

// iNaturalist's export as its observers' files hold it (issue 32): fixtures/inaturalist-argentina.csv
// has the columns of a 2022 export (NaturalistaUY's observations-278073.csv) and rows shaped like
// its own and the issue's: offsets of two digits, account zones that are not the place's.

describe.each(stores)('iNaturalist import on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  const { logsOf } = dataExchangeFor(() => app);
  const { importFile } = importFor(() => app);
  let argentina: Map<string, Log>;
  const time = (log: Log | undefined) => ({
    observedAt: log?.observedAt,
    timeZone: log?.timeZone,
    timeKnown: log?.timeKnown,
  });

  beforeAll(async () => {
    const ada: TestUser = await signUp(app, 'inat-argentina');
    const res = await importFile(ada, fixture('inaturalist-argentina.csv'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ format: 'inaturalist', rows: 8, imported: 8, rejected: [] });
    argentina = new Map((await logsOf(ada)).map((log) => [log.speciesCommon, log] as const));
  });

  it('reads times written with an offset of two digits as the instant they name', () => {
    // '2018/01/11 2:34 PM -03', no time_observed_at
    expect(time(argentina.get('Rufous Hornero'))).toMatchObject({
      observedAt: '2018-01-11T17:34:00.000Z',
      timeKnown: true,
    });
    // 'Sat Aug 21 2021 16:30:00 GMT-0300 (GMT-3)'
    expect(time(argentina.get('Scarlet-headed Blackbird'))).toMatchObject({
      observedAt: '2021-08-21T19:30:00.000Z',
      timeKnown: true,
    });
  });
});
