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

  it("takes the zone at the coordinates, the account's time_zone only without them", () => {
    expect(time(argentina.get('Rufous Hornero')).timeZone).toBe('America/Argentina/Buenos_Aires');
    // time_zone 'Paris', '2018/01/12 7:05 AM -03' at Iguazú (Misiones keeps Córdoba's time)
    expect(time(argentina.get('Toco Toucan'))).toEqual({
      observedAt: '2018-01-12T10:05:00.000Z',
      timeZone: 'America/Argentina/Cordoba',
      timeKnown: true,
    });
    // time_zone 'Samoa' (Apia): the instant was right, the zone was not
    expect(time(argentina.get('Monk Parakeet'))).toEqual({
      observedAt: '2020-02-15T21:48:00.000Z',
      timeZone: 'America/Argentina/Cordoba',
      timeKnown: true,
    });
    // time_zone 'Brasilia', a day alone: noon in Mendoza
    expect(time(argentina.get('Chiguanco Thrush'))).toEqual({
      observedAt: '2020-03-01T15:00:00.000Z',
      timeZone: 'America/Argentina/Mendoza',
      timeKnown: false,
    });
    // no coordinates: time_zone 'Buenos Aires' it is
    expect(time(argentina.get('Great Kiskadee'))).toEqual({
      observedAt: '2021-05-03T12:10:00.000Z',
      timeZone: 'America/Argentina/Buenos_Aires',
      timeKnown: true,
    });
  });

  it("keeps the observer's clock at the place, or the instant an offset names", () => {
    // '2019-11-02 16:20:11' (a camera's clock), time_observed_at 15:20:11 UTC (that clock read in
    // Paris): 16:20:11 in Tierra del Fuego is 19:20:11 UTC
    expect(time(argentina.get('Upland Goose'))).toEqual({
      observedAt: '2019-11-02T19:20:11.000Z',
      timeZone: 'America/Argentina/Ushuaia',
      timeKnown: true,
    });
    // '2019/11/03 8:15 AM -03', time_zone 'Paris', time_observed_at 11:15 UTC: that instant
    expect(time(argentina.get('Southern Right Whale'))).toEqual({
      observedAt: '2019-11-03T11:15:00.000Z',
      timeZone: 'America/Argentina/Catamarca',
      timeKnown: true,
    });
  });
});
