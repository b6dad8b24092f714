import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import type { Log } from '../../src/common/logs/schemas.js';
import type { OutingSummary } from '../../src/common/outings/schemas.js';
import { EBIRD_RECORD_COLUMNS } from '../../src/common/outings/ebird-record.js';
import { unzipText } from '../outings/support.js';
import { pythonJson } from '../support/python.js';
import { as, createLogAs, signUp, stores, testConfig, type TestUser } from '../support/helpers.js';
import { importFor } from './import-support.js';
import { dataExchangeFor, fixture } from './support.js';

// Issue 32: what an eBird download brought (breeding codes, Macaulay Library media, place
// hierarchy, checklist links) and a captive log leave through every export: our CSV (and back
// in), eBird's Record Format, Darwin Core (read with Papa Parse and Python) and GeoJSON.

/** The fields of a log that a source record gave, and what it is. */
const detailsOf = (log: Log) => ({
  speciesCommon: log.speciesCommon,
  observedAt: log.observedAt,
  county: log.county,
  stateProvince: log.stateProvince,
  countryCode: log.countryCode,
  locationId: log.locationId,
  breedingCode: log.breedingCode,
  captive: log.captive,
  mediaUrls: log.mediaUrls,
  sourceUrl: log.sourceUrl,
});

const CHECKLIST = 'https://ebird.org/checklist/S171000001';

describe.each(stores)('record details through the exports on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let ada: TestUser;
  let logs: Log[];
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    ada = await signUp(app, 'details-out');
    const res = await importFor(() => app).importFile(ada, fixture('ebird-2024.csv'));
    expect(res.statusCode, res.body).toBe(201);
    // a macaw at the zoo, its place given by hand
    await createLogAs(app, ada, {
      speciesCommon: 'Scarlet Macaw',
      speciesScientific: 'Ara macao',
      observedAt: '2024-08-10T11:00',
      captive: true,
      county: 'Tompkins',
      stateProvince: 'US-NY',
      countryCode: 'US',
      placeName: 'Zoo',
    });
    logs = await logsOf(ada);
  });
  afterAll(() => app.close());

  const { get, logsOf } = dataExchangeFor(() => app);
  const byName = (list: Log[], name: string) => list.find((log) => log.speciesCommon === name)!;

  it('keeps every field through our CSV, into another account', async () => {
    const csv = (await get(ada, '/api/export.csv')).rawPayload;
    const bob = await signUp(app, 'details-in');
    const res = await importFor(() => app).importFile(bob, csv);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ format: 'sightbook', imported: logs.length, rejected: [] });
    const sort = (list: Log[]) =>
      list.map(detailsOf).sort((a, b) => a.speciesCommon.localeCompare(b.speciesCommon));
    const back = sort(await logsOf(bob));
    expect(back).toEqual(sort(logs));
    expect(back.find((log) => log.speciesCommon === 'Eurasian Skylark')).toMatchObject({
      breedingCode: 'S7',
      locationId: 'L2087612',
      sourceUrl: CHECKLIST,
    });
    expect(back.find((log) => log.speciesCommon === 'Scarlet Macaw')?.captive).toBe(true);
  });

  it("writes eBird's Record Format with the stored State/Province and the breeding code", async () => {
    const list = (await get(ada, '/api/outings?pageSize=100')).json().items as OutingSummary[];
    const walk = list.find((outing) => outing.sourceUrl === CHECKLIST)!;
    expect(walk).toMatchObject({ stateProvince: 'DE-BE', locationId: 'L2087612' });
    const res = await get(ada, `/api/outings/${walk.id}/ebird.csv`);
    expect(res.statusCode).toBe(200);
    const parsed = Papa.parse<string[]>(res.body, { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const records = parsed.data.map((row) =>
      Object.fromEntries(EBIRD_RECORD_COLUMNS.map((name, i) => [name, row[i]])),
    );
    const skylark = records.find((record) => record['Common Name'] === 'Eurasian Skylark')!;
    expect(skylark).toMatchObject({
      'Species Comments':
        'Several songflights over the meadow, "the usual" spot Breeding code: S7 Singing bird present 7+ days',
      'State/Province': 'DE-BE',
      'Country Code': 'DE',
    });

    // a log of no outing, its State/Province stored and no point to tell it: eBird's two letters
    const macaw = byName(logs, 'Scarlet Macaw');
    const zoo = await app.inject({
      method: 'POST',
      url: '/api/outings',
      headers: as(ada),
      payload: { startedAt: '2024-08-10T10:30', stateProvince: 'US-NY', countryCode: 'US' },
    });
    const moved = await app.inject({
      method: 'PUT',
      url: `/api/logs/${macaw.id}`,
      headers: as(ada),
      payload: {
        speciesCommon: macaw.speciesCommon,
        count: macaw.count,
        observedAt: macaw.observedAt,
        outingId: zoo.json().id,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const zooCsv = await get(ada, `/api/outings/${zoo.json().id}/ebird.csv`);
    const [row] = Papa.parse<string[]>(zooCsv.body, { skipEmptyLines: true }).data;
    expect([row![10], row![11]]).toEqual(['NY', 'US']);
  });

  it('writes the Darwin Core terms of each, as Papa Parse reads them', async () => {
    const res = await get(ada, '/api/export.csv?format=dwc');
    expect(res.statusCode).toBe(200);
    const parsed = Papa.parse<Record<string, string>>(res.body.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.errors).toEqual([]);
    const row = (name: string) => parsed.data.find((one) => one.vernacularName === name)!;
    expect(row('Eurasian Skylark')).toMatchObject({
      countryCode: 'DE',
      stateProvince: 'DE-BE',
      county: '',
      locationID: 'L2087612',
      behavior: 'Singing bird present 7+ days',
      reproductiveCondition: 'breeding probable (eBird breeding code S7)',
      references: CHECKLIST,
      degreeOfEstablishment: '',
    });
    expect(row('Eurasian Blackbird').associatedMedia).toBe(
      'https://macaulaylibrary.org/asset/612345678',
    );
    expect(row('Scarlet Macaw')).toMatchObject({
      degreeOfEstablishment: 'captive',
      stateProvince: 'US-NY',
      county: 'Tompkins',
      countryCode: 'US',
    });
  });

  it('withholds the location id where the published point is rounded, as Python reads it', async () => {
    const res = await get(ada, '/api/export/dwca.zip?scope=public&sourced=include');
    expect(res.statusCode).toBe(200);
    const occurrence = (await unzipText(res.rawPayload))['occurrence.txt']!;
    const script = [
      'import csv, json, sys',
      "with open(sys.argv[1], newline='', encoding='utf-8') as f:",
      "    rows = list(csv.DictReader(f, delimiter='\\t', quoting=csv.QUOTE_NONE))",
      'print(json.dumps([[r["vernacularName"], r["locationID"], r["stateProvince"]] for r in rows]))',
    ].join('\n');
    const rows = pythonJson<string[][]>(script, occurrence);
    expect(rows.find(([name]) => name === 'Eurasian Skylark')).toEqual([
      'Eurasian Skylark',
      '', // the exact point is withheld, and so is the spot's id
      'DE-BE',
    ]);
  });

  it('puts them in the GeoJSON properties', async () => {
    const res = await get(ada, '/api/export.geojson');
    expect(res.statusCode).toBe(200);
    const features = res.json().features as Array<{ properties: Record<string, unknown> }>;
    const skylark = features.find((f) => f.properties.speciesCommon === 'Eurasian Skylark')!;
    expect(skylark.properties).toMatchObject({
      stateProvince: 'DE-BE',
      countryCode: 'DE',
      locationId: 'L2087612',
      breedingCode: 'S7',
      captive: false,
      mediaUrls: [],
      sourceUrl: CHECKLIST,
    });
  });
});
