import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { IMPORT_MAX_ROWS } from '../../src/common/data-exchange/import.js';
import { signUp, stores, testConfig } from '../support/helpers.js';
import { importFor } from './import-support.js';
import { dataExchangeFor, fixture } from './support.js';

// eBird's 0 is evidence only (issue 32), no longer refused: a negative count is.
const NEGATIVE = 'Count: Count must be at least 1';
const UNSUPPORTED =
  'Send the file as text/csv, application/zip or multipart/form-data (field "file")';
const EBIRD_HEADER =
  'Submission ID,Common Name,Scientific Name,Taxonomic Order,Count,State/Province,County,Location ID,Location,Latitude,Longitude,Date,Time,Protocol,Duration (Min),All Obs Reported,Distance Traveled (km),Area Covered (ha),Number of Observers,Breeding Code,Observation Details,Checklist Comments,ML Catalog Numbers';

/** `rows` eBird rows, 40 to a checklist, as a download writes them (short rows). */
function eBirdFile(rows: number, { count = (_index: number): string => '2', blankEvery = 0 } = {}) {
  const lines = [EBIRD_HEADER];
  for (let index = 0; index < rows; index += 1) {
    if (blankEvery && index % blankEvery === 0) lines.push('');
    lines.push(
      `S${200_000_000 + Math.floor(index / 40)},Species ${index % 40},Genus species${index % 40},${1000 + (index % 40)},${count(index)},US-CO,Boulder,L1234,Chautauqua Park,39.999,-105.2817,2024-01-06,10:40 AM,eBird - Traveling Count,65,1,2.4,,1`,
    );
  }
  return `${lines.join('\n')}\n`;
}

describe.each(stores)('import options and bodies on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  const { logsOf } = dataExchangeFor(() => app);
  const { importFile, importForm } = importFor(() => app);
  const total = async (user: Parameters<typeof logsOf>[0]) => (await logsOf(user)).length;

  it('answers a dry run with what would happen, and writes nothing', async () => {
    const ada = await signUp(app, 'dry');
    const file = fixture('inaturalist.csv');
    const abort = await importFile(ada, file, { query: 'dryRun=true' });
    expect(abort.statusCode).toBe(422);
    expect(abort.json()).toMatchObject({ rows: 7, imported: 0, duplicates: 0 });
    const skip = await importFile(ada, file, { query: 'dryRun=true&onInvalid=skip' });
    expect(skip.statusCode, skip.body).toBe(200);
    expect(skip.json()).toMatchObject({ rows: 7, imported: 5, duplicates: 0 });
    expect(skip.json().rejectedSummary).toHaveLength(2);
    expect(await total(ada)).toBe(0);

    await importFile(ada, file, { query: 'onInvalid=skip' });
    const again = await importFile(ada, file, { query: 'dryRun=true&onInvalid=skip' });
    expect(again.json()).toMatchObject({ rows: 7, imported: 0, duplicates: 5 });
  });

  it('imports exactly the valid rows with onInvalid=skip; a second import adds 0', async () => {
    const ada = await signUp(app, 'skip');
    const file = eBirdFile(30, { count: (index) => (index % 10 === 3 ? '-1' : '2') });
    const refused = await importFile(ada, file);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('3 rows could not be imported; nothing was imported');
    expect(await total(ada)).toBe(0);

    const first = await importFile(ada, file, { query: 'onInvalid=skip' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      rows: 30,
      imported: 27,
      duplicates: 0,
      rejectedSummary: [{ reason: NEGATIVE, count: 3, lines: [5, 15, 25] }],
    });
    const names = (await logsOf(ada)).map((log) => log.speciesCommon);
    expect(names).toHaveLength(27);
    expect(names).not.toContain('Species 3');

    const second = await importFile(ada, file, { query: 'onInvalid=skip' });
    expect(second.json()).toMatchObject({ rows: 30, imported: 0, duplicates: 27 });
    expect(await total(ada)).toBe(27);
    // Another account imports the same file in full: duplicates are per account.
    const bea = await signUp(app, 'skip-other');
    const theirs = await importFile(bea, file, { query: 'onInvalid=skip' });
    expect(theirs.json()).toMatchObject({ imported: 27, duplicates: 0 });
  });

  it('adds each record once when the same file is imported twice at the same time', async () => {
    const file = eBirdFile(600);
    const listTotal = async (user: { cookie: string }) =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/logs?pageSize=1',
          headers: { cookie: user.cookie },
        })
      ).json().total;
    // Alone, in several batches: every row.
    const bea = await signUp(app, 'alone');
    expect((await importFile(bea, file)).json()).toMatchObject({
      imported: 600,
      duplicates: 0,
      outings: 15, // a checklist of 40 species each
    });
    expect(await listTotal(bea)).toBe(600);

    const ada = await signUp(app, 'race');
    const replies = await Promise.all([importFile(ada, file), importFile(ada, file)]);
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(201);
    const [a, b] = replies.map((reply) => reply.json());
    expect(a.imported + b.imported).toBe(600);
    expect(a.duplicates + b.duplicates).toBe(600);
    expect(a.outings + b.outings).toBe(15);
    expect(await listTotal(ada)).toBe(600);
  });

  it('lists at most 1,000 rejected rows, and counts them all by reason', async () => {
    const ada = await signUp(app, 'many');
    const res = await importFile(ada, eBirdFile(1500, { count: () => '-1' }));
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.rejected).toHaveLength(1000);
    expect(body.rejectedSummary).toEqual([
      { reason: NEGATIVE, count: 1500, lines: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11] },
    ]);
    expect(res.body.length).toBeLessThan(70_000); // 1,500 rows listed would be 96 kB
  });

  it(`refuses a file of more than ${IMPORT_MAX_ROWS.toLocaleString('en')} rows whole, blank lines not counted`, async () => {
    const ada = await signUp(app, 'cap');
    const over = await importFile(ada, eBirdFile(IMPORT_MAX_ROWS + 1), { query: 'onInvalid=skip' });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      message: 'The file has more than 50,000 rows: split it into smaller files',
    });
    expect(await total(ada)).toBe(0);
    // Exactly the cap, with a blank line every 100 rows (and a row of empty cells): read whole.
    const full = `${eBirdFile(IMPORT_MAX_ROWS, { blankEvery: 100 })},,,,\n`;
    const res = await importFile(ada, full, { query: 'dryRun=true' });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toMatchObject({ rows: IMPORT_MAX_ROWS, imported: IMPORT_MAX_ROWS });
    expect(await total(ada)).toBe(0);
  }, 300_000); // two files of 50,000 rows: 60 s on a quiet core, far more when the cores are shared

  it('takes the file as curl sends it: -F file=@…, or --data-binary with text/csv', async () => {
    const ada = await signUp(app, 'curl');
    const form = await importForm(ada, fixture('ebird-2024.csv'));
    expect(form.statusCode, form.body).toBe(201);
    expect(form.json()).toMatchObject({ format: 'ebird', imported: 8, outings: 6 });
    // Windows labels a .csv vnd.ms-excel; a form part's type does not matter.
    const excel = await importForm(ada, fixture('inaturalist.csv'), {
      type: 'application/vnd.ms-excel',
      query: 'onInvalid=skip',
    });
    expect(excel.json()).toMatchObject({ format: 'inaturalist', imported: 5 });
    for (const contentType of [
      'text/plain',
      'application/octet-stream',
      'text/csv; charset=utf-8',
    ]) {
      const res = await importFile(ada, fixture('ebird-2018.csv'), {
        contentType,
        query: 'dryRun=true&onInvalid=skip',
      });
      expect(res.statusCode, contentType).toBe(200);
    }
    const wrongField = await importForm(ada, fixture('ebird-2024.csv'), { field: 'upload' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ message: 'The form has no file in the field "file"' });
  });

  it('refuses a body type it does not take with 415, naming what it takes', async () => {
    const ada = await signUp(app, 'types');
    // curl --data-binary @x.csv without -H sends application/x-www-form-urlencoded.
    for (const [contentType, body] of [
      ['application/x-www-form-urlencoded', fixture('ebird-2024.csv')],
      ['application/json', '{"rows":[]}'],
      ['image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
    ] as const) {
      const res = await importFile(ada, body, { contentType });
      expect(res.statusCode, contentType).toBe(415);
      expect(res.json()).toEqual({ message: UNSUPPORTED });
    }
    expect(await total(ada)).toBe(0);
  });

  it('still refuses what a browser sends from another site', async () => {
    const ada = await signUp(app, 'csrf-import');
    const crossSite: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
    ];
    for (const headers of crossSite) {
      const form = await importFile(ada, fixture('ebird-2024.csv'), {
        contentType: 'multipart/form-data; boundary=x',
        headers,
      });
      expect(form.statusCode, JSON.stringify(headers)).toBe(403);
      expect(form.json()).toEqual({ message: 'Cross-site request refused' });
      const csv = await importFile(ada, fixture('ebird-2024.csv'), { headers });
      expect(csv.statusCode).toBe(403);
    }
    const own = await importFile(ada, fixture('ebird-2024.csv'), {
      headers: {
        origin: 'http://localhost:80',
        host: 'localhost:80',
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(own.statusCode).toBe(201);
    expect(await total(ada)).toBe(8);
  });
});
