import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { EBIRD_RECORD_COLUMNS } from '../../src/common/outings/ebird-record.js';
import {
  as,
  createLogAs,
  getFor,
  signUp,
  stores,
  testConfig,
  type TestUser,
} from '../support/helpers.js';

// eBird's Record Format (issue 22): 19 columns in the published order (Common Name, Genus,
// Species, Number, Species Comments, Location Name, Latitude, Longitude, Date, Start Time,
// State/Province, Country Code, Protocol, Number of Observers, Duration, All observations
// reported?, Effort Distance Miles, Effort area acres, Submission Comments), no header row.

const hasPython = spawnSync('python3', ['--version']).status === 0;
const work = mkdtempSync(join(tmpdir(), 'sightbook-ebird-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function pythonRows(text: string): string[][] {
  const path = join(work, `ebird-${Math.random().toString(36).slice(2)}.csv`);
  writeFileSync(path, text);
  const script =
    'import csv, json, sys\n' +
    "with open(sys.argv[1], newline='', encoding='utf-8') as f:\n" +
    '    print(json.dumps(list(csv.reader(f))))';
  return JSON.parse(execFileSync('python3', ['-c', script, path], { encoding: 'utf8' }));
}

/** The records as Papa Parse reads them, checked against Python's csv module too. */
function records(text: string): Array<Record<(typeof EBIRD_RECORD_COLUMNS)[number], string>> {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  if (hasPython) expect(pythonRows(text)).toEqual(parsed.data);
  for (const row of parsed.data) expect(row).toHaveLength(19);
  return parsed.data.map(
    (row) =>
      Object.fromEntries(EBIRD_RECORD_COLUMNS.map((name, i) => [name, row[i]])) as Record<
        (typeof EBIRD_RECORD_COLUMNS)[number],
        string
      >,
  );
}

describe.each(stores)("eBird's Record Format on $store", ({ databaseUrl }) => {
  let app: FastifyInstance;
  let ada: TestUser;
  let outingId: string;
  const get = getFor(() => app);
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    ada = await signUp(app, 'ebird');
    const outing = await app.inject({
      method: 'POST',
      url: '/api/outings',
      headers: as(ada),
      payload: {
        startedAt: '2026-05-02T06:10:00+01:00',
        timeZone: 'Europe/London',
        durationMinutes: 95,
        distanceKm: 3.4,
        protocol: 'traveling',
        partySize: 2,
        complete: true,
        placeName: 'Wicken Fen',
        latitude: 52.3106,
        longitude: 0.2923,
        notes: 'Cold start,\nsun later',
      },
    });
    outingId = outing.json().id;
    const onOuting = { outingId, timeZone: 'Europe/London', latitude: 52.31, longitude: 0.29 };
    await createLogAs(app, ada, {
      ...onOuting,
      speciesCommon: 'Eurasian Wren',
      speciesScientific: 'Troglodytes troglodytes',
      count: 3,
      observedAt: '2026-05-02T06:20:00+01:00',
      description: 'Singing',
      notes: 'From the reeds,\nby the boardwalk',
    });
    await createLogAs(app, ada, {
      ...onOuting,
      speciesCommon: 'Common Cuckoo',
      speciesScientific: 'Cuculus canorus',
      count: null,
      countKind: 'present', // X
      observedAt: '2026-05-02T06:40:00+01:00',
      description: null,
      notes: 'Count not recorded (X)', // as eBird imports before issue 32 left an X
    });
    await createLogAs(app, ada, {
      ...onOuting,
      speciesCommon: 'Bittern',
      speciesScientific: null,
      count: 1,
      observedAt: '2026-05-02T07:00:00+01:00',
      description: '=HYPERLINK("x") booming',
      notes: null,
    });
  });
  afterAll(() => app.close());

  it("writes an outing as one checklist with the outing's effort", async () => {
    const res = await get(ada, `/api/outings/${outingId}/ebird.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ebird-outing.csv"');
    expect(res.body.startsWith('Eurasian Wren,')).toBe(true); // no header row
    const [wren, cuckoo, bittern] = records(res.body);
    const checklist = {
      'Location Name': 'Wicken Fen',
      Latitude: '52.310600',
      Longitude: '0.292300',
      Date: '05/02/2026',
      'Start Time': '06:10',
      'State/Province': 'GB-ENG', // ISO 3166-2 outside the US and Canada
      'Country Code': 'GB',
      Protocol: 'Traveling',
      'Number of Observers': '2',
      Duration: '95',
      'All observations reported?': 'Y',
      'Effort Distance Miles': '2.113',
      'Effort area acres': '',
      'Submission Comments': 'Cold start, sun later',
    };
    expect(wren).toEqual({
      'Common Name': 'Eurasian Wren',
      Genus: 'Troglodytes',
      Species: 'troglodytes',
      Number: '3',
      'Species Comments': 'Singing From the reeds, by the boardwalk',
      ...checklist,
    });
    expect(cuckoo).toMatchObject({ Number: 'X', 'Species Comments': '', ...checklist });
    expect(bittern).toMatchObject({
      'Common Name': 'Bittern',
      Genus: '',
      Species: '',
      'Species Comments': `'=HYPERLINK("x") booming`, // kept text, not a formula
    });
  });

  it('writes every log for eBird with the list filters, a log of no outing as incidental', async () => {
    await createLogAs(app, ada, {
      speciesCommon: 'Barn Owl',
      speciesScientific: 'Tyto alba',
      count: 1,
      observedAt: '2026-05-03T21:45:00-06:00',
      timeZone: 'America/Denver',
      latitude: 40.0,
      longitude: -105.27,
      placeName: 'Boulder',
      notes: null,
      description: null,
    });
    await createLogAs(app, ada, {
      speciesCommon: 'Date-only Dunnock',
      speciesScientific: null,
      count: 0,
      countKind: 'evidence', // feathers of one a hawk took
      observedAt: '2026-05-04T12:00:00+01:00',
      timeZone: 'Europe/London',
      timeKnown: false,
    });
    const all = records((await get(ada, '/api/export/ebird.csv')).body);
    expect(all.map((row) => row['Common Name'])).toEqual([
      'Eurasian Wren',
      'Common Cuckoo',
      'Bittern',
      'Barn Owl',
      'Date-only Dunnock',
    ]);
    expect(all[3]).toMatchObject({
      Date: '05/03/2026', // the evening at the place, though it was the 4th in UTC
      'Start Time': '21:45',
      'State/Province': '', // the borders draw Colorado in no other way than the US's
      'Country Code': 'US',
      Protocol: 'Incidental',
      'Number of Observers': '',
      Duration: '',
      'All observations reported?': 'N',
      'Effort Distance Miles': '',
    });
    expect(all[4]).toMatchObject({ Date: '05/04/2026', 'Start Time': '', Number: '0' });

    const owls = records((await get(ada, '/api/export/ebird.csv?q=owl')).body);
    expect(owls.map((row) => row['Common Name'])).toEqual(['Barn Owl']);
  });

  it("is another user's outing: 404, and signed out: 401", async () => {
    const bob = await signUp(app, 'bob');
    const res = await get(bob, `/api/outings/${outingId}/ebird.csv`);
    expect(res.statusCode).toBe(404);
    expect((await get(bob, '/api/outings/not-an-id/ebird.csv')).statusCode).toBe(404);
    expect((await get(undefined, '/api/export/ebird.csv?from=nonsense')).statusCode).toBe(401);
    expect((await get(bob, '/api/export/ebird.csv')).body).toBe('');
  });
});
