import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { EBIRD_RECORD_COLUMNS } from '../../src/common/outings/ebird-record.js';
import { as, createLogAs, getFor, signUp, stores, testConfig } from '../support/helpers.js';
import { pythonCsvNumbers } from '../support/python.js';

// Where a record of eBird's Record Format was made, as eBird's import reads it (read back by
// Python's csv module): coordinates are numbers with their sign in every quadrant of the globe
// (the spreadsheet guard is for free text only), the country and the state or province are
// eBird's codes.

const LATITUDE = EBIRD_RECORD_COLUMNS.indexOf('Latitude');
const LONGITUDE = EBIRD_RECORD_COLUMNS.indexOf('Longitude');
const STATE = EBIRD_RECORD_COLUMNS.indexOf('State/Province');
const COUNTRY = EBIRD_RECORD_COLUMNS.indexOf('Country Code');

/** A point in each quadrant: north-east, north-west, south-east, south-west. */
const PLACES = [
  { placeName: 'Wicken Fen', latitude: 52.3106, longitude: 0.2923, timeZone: 'Europe/London' },
  {
    placeName: '-Minus Pond, LAX', // free text that looks like a formula: guarded
    latitude: 33.942536,
    longitude: -118.408692,
    timeZone: 'America/Los_Angeles',
  },
  { placeName: 'Hobart', latitude: -42.8821, longitude: 147.3272, timeZone: 'Australia/Hobart' },
  {
    placeName: 'Costanera Sur',
    latitude: -34.6118,
    longitude: -58.3545,
    timeZone: 'America/Argentina/Buenos_Aires',
  },
];

describe.each(stores)("eBird's Record Format in every quadrant on $store", ({ databaseUrl }) => {
  let app: FastifyInstance;
  const get = getFor(() => app);
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  async function accountInEveryQuadrant() {
    const ada = await signUp(app, 'quadrants');
    const outingIds: string[] = [];
    for (const [i, place] of PLACES.entries()) {
      const outing = await app.inject({
        method: 'POST',
        url: '/api/outings',
        headers: as(ada),
        payload: { ...place, startedAt: `2026-05-0${i + 1}T06:10:00Z`, protocol: 'stationary' },
      });
      expect(outing.statusCode, outing.body).toBe(201);
      outingIds.push(outing.json().id);
      const point = { latitude: place.latitude, longitude: place.longitude };
      await createLogAs(app, ada, {
        ...point,
        speciesCommon: 'Checklist Bird',
        observedAt: `2026-05-0${i + 1}T06:20:00Z`,
        outingId: outing.json().id,
      });
      await createLogAs(app, ada, {
        ...point,
        speciesCommon: 'Incidental Bird',
        placeName: place.placeName,
        observedAt: `2026-06-0${i + 1}T06:20:00Z`,
      });
    }
    return { ada, outingIds };
  }

  /** The records' coordinates as Python's float() reads them. */
  const coordinates = (csv: string) =>
    pythonCsvNumbers(csv, [LATITUDE, LONGITUDE]).map(({ numbers }) => numbers);
  const signs = PLACES.map(({ latitude, longitude }) => [latitude, longitude]);

  it('writes coordinates as signed numbers, and guards only the free text', async () => {
    const { ada, outingIds } = await accountInEveryQuadrant();
    for (const [i, outingId] of outingIds.entries()) {
      const res = await get(ada, `/api/outings/${outingId}/ebird.csv`);
      expect(res.statusCode).toBe(200);
      expect(coordinates(res.body)).toEqual([signs[i]]);
    }
    const all = await get(ada, '/api/export/ebird.csv');
    // each outing's record, then the incidental ones, in time order
    expect(coordinates(all.body)).toEqual([...signs, ...signs]);
    const places = pythonCsvNumbers(all.body, []).map(({ cells }) => cells[5]);
    expect(places).toContain("'-Minus Pond, LAX");
  });

  it('names the country and, where the borders tell, the state or province as eBird does', async () => {
    const ada = await signUp(app, 'regions');
    const places = {
      Honolulu: [21.3069, -157.8583, 'US', 'HI'], // US and Canada: the two letters alone
      Anchorage: [61.2181, -149.9003, 'US', 'AK'],
      Edinburgh: [55.9533, -3.1883, 'GB', 'GB-SCT'], // elsewhere: ISO 3166-2
      Hobart: [-42.8821, 147.3272, 'AU', 'AU-TAS'],
      Boulder: [40.015, -105.2705, 'US', ''], // the borders draw no other US state
      'Buenos Aires': [-34.6118, -58.3545, 'AR', ''],
      'San Juan': [18.4655, -66.1057, 'PR', ''], // a country of its own to eBird
    } as const;
    for (const [placeName, [latitude, longitude]] of Object.entries(places)) {
      await createLogAs(app, ada, { speciesCommon: placeName, placeName, latitude, longitude });
    }
    const rows = pythonCsvNumbers((await get(ada, '/api/export/ebird.csv')).body, []);
    const regions = Object.fromEntries(
      rows.map(({ cells }) => [cells[5], [cells[STATE], cells[COUNTRY]]]),
    );
    expect(regions).toEqual(
      Object.fromEntries(
        Object.entries(places).map(([name, [, , country, state]]) => [name, [state, country]]),
      ),
    );
  });

  it('writes signed coordinates into our CSV and the Darwin Core CSV too', async () => {
    const { ada } = await accountInEveryQuadrant();
    const ours = await get(ada, '/api/export.csv');
    const [header, ...rows] = pythonCsvNumbers(ours.body, [6, 7]);
    expect(header!.cells.slice(6, 8)).toEqual(['latitude', 'longitude']);
    // newest first: the incidental logs, then the outings' logs
    const newestFirst = [...signs].reverse();
    expect(rows.map(({ numbers }) => numbers)).toEqual([...newestFirst, ...newestFirst]);

    const dwc = await get(ada, '/api/export.csv?format=dwc');
    const terms = pythonCsvNumbers(dwc.body, [])[0]!.cells;
    const columns = [terms.indexOf('decimalLatitude'), terms.indexOf('decimalLongitude')];
    const [, ...dwcRows] = pythonCsvNumbers(dwc.body, columns);
    expect(dwcRows.map(({ numbers }) => numbers)).toEqual([...newestFirst, ...newestFirst]);
  });
});
