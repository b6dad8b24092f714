import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { EXPORT_CSV_COLUMNS } from '../../src/common/data-exchange/export.js';
import { IMPORT_MAX_BYTES } from '../../src/common/data-exchange/import.js';
import { createLogAs, signUp, stores, testConfig } from '../support/helpers.js';
import { importFor } from './import-support.js';
import { BOM, dataExchangeFor } from './support.js';

const NO_TAXON =
  'No taxon: the observation has no name (common_name, species_guess or scientific_name)';
const UNRECOGNISED =
  'Unrecognised CSV format: expected a Sightbook export, an iNaturalist observations export or an eBird "My eBird Data" file';

describe.each(stores)('CSV import on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  const { logsOf } = dataExchangeFor(() => app);
  const { importFile } = importFor(() => app);
  const post = (
    user: Parameters<typeof importFile>[0],
    body: string | Buffer,
    contentType?: string,
  ) => importFile(user, body, contentType ? { contentType } : {});

  it('reports every rejected row by its line and imports nothing (onInvalid=abort)', async () => {
    const ada = await signUp(app, 'rejected');
    await createLogAs(app, ada); // already there: must stay the only one
    const csv = [
      'observed_on,time_observed_at,common_name,description,latitude,longitude,image_url', // 1
      '2024-05-01,,Robin,"A cell over', // 2
      'three lines,', // 3
      'with a comma",51.5,-0.1,', // 4
      '2024-05-32,,Wren,,,,', // 5
      '2024-05-02,,,,,,', // 6: no species at all
      '', // 7: blank, skipped
      '2024-05-03,,Heron,"""quoted""\r\nacross CRLF",95,10,', // 8-9
      '2024-05-04,,Mallard,,,,not a link', // 10
      '2024-05-04,,Coot,,51.5,,', // 11
      '2024-05-05,,Swift,,,', // 12: a cell short, read as an empty one
      '2024-05-06,2024-05-06 07:00:00 UTC,Swallow,,,,', // 13: fine
      '2024-05-07,,Crane,,,,,too long', // 14: a cell too many
    ].join('\n');
    const res = await post(ada, csv);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      message: '6 rows could not be imported; nothing was imported',
      format: 'inaturalist',
      rows: 9, // the blank line 7 is none
      imported: 0,
      duplicates: 0,
      outings: 0,
      rejected: [
        { line: 5, reason: 'observed_on: Date and time must be valid' },
        { line: 6, reason: NO_TAXON },
        { line: 8, reason: 'latitude: Latitude must be between -90 and 90' },
        { line: 10, reason: 'image_url: Must be a valid URL' },
        { line: 11, reason: 'longitude: Latitude and longitude must be given together' },
        { line: 14, reason: 'Expected 7 cells, found 8' },
      ],
      rejectedSummary: [
        { reason: 'observed_on: Date and time must be valid', count: 1, lines: [5] },
        { reason: NO_TAXON, count: 1, lines: [6] },
        { reason: 'latitude: Latitude must be between -90 and 90', count: 1, lines: [8] },
        { reason: 'image_url: Must be a valid URL', count: 1, lines: [10] },
        {
          reason: 'longitude: Latitude and longitude must be given together',
          count: 1,
          lines: [11],
        },
        { reason: 'Expected 7 cells, found 8', count: 1, lines: [14] },
      ],
      warnings: [],
      unusual: [],
    });
    expect((await logsOf(ada)).map((log) => log.speciesCommon)).toEqual(['European Robin']);
  });

  it('counts lines the same in a CRLF file with a BOM', async () => {
    const ada = await signUp(app, 'crlf');
    const csv = [
      'Submission ID,Common Name,Scientific Name,Count,Date,Time,Observation Details',
      'S1,Robin,,2,2024-06-01,07:15 AM,"two\r\nlines"',
      'S1,Wren,,-1,2024-06-01,07:15 AM,',
      'S1,Heron,,many,2024-06-01,7:15 PM,',
      'S1,Coot,,1,2024-06-01,25:00,',
    ].join('\r\n');
    const res = await post(ada, Buffer.concat([BOM, Buffer.from(csv)]), 'text/csv; charset=utf-8');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().rejected).toEqual([
      { line: 4, reason: 'Count: Count must be at least 1' },
      { line: 5, reason: 'Count: Count must be a number' },
      { line: 6, reason: 'Date: Date and time must be valid' },
    ]);
    expect(await logsOf(ada)).toEqual([]);
  });

  it('counts lines right past the pauses of a long file (every 2,000 records)', async () => {
    const ada = await signUp(app, 'long-file');
    const bad = [2310, 2480, 2538, 3046, 4410]; // the last after the second pause
    const lines = ['observed_on,common_name,description']; // line 1
    for (let n = 0; lines.length < 4500; n += 1) {
      const next = lines.length + 1;
      const room = !bad.some((line) => line >= next && line <= next + 2);
      if (bad.includes(next)) lines.push('2024-05-32,Wren,');
      else if (n % 25 === 0 && room) {
        lines.push('2024-05-01,Robin,"a cell over', 'three lines, ""quoted""', `end ${n}"`);
      } else lines.push(n % 97 === 0 ? '' : `2024-05-02,Dunnock ${n},`); // '': no record, a line
    }
    const res = await importFile(ada, lines.join('\n'), { query: 'dryRun=true&onInvalid=skip' });
    expect(res.statusCode, res.body).toBe(200);
    const reason = 'observed_on: Date and time must be valid';
    expect(res.json().rejected).toEqual(bad.map((line) => ({ line, reason })));
    expect(res.json()).toMatchObject({ rows: 4124, imported: 4119 });
    expect(res.json().rejectedSummary).toEqual([{ reason, count: 5, lines: bad }]);
  });

  it.each([
    ['an empty file', '', 'The file has no rows'],
    ['a header only', 'Submission ID,Common Name,Date\r\n\r\n', 'The file has no rows'],
    ['an unknown header', 'species,when\nRobin,2024-05-01\n', UNRECOGNISED],
    ['broken quoting', 'a,b\n"x,y\n', expect.stringMatching(/^The file is not valid CSV: /)],
  ])('refuses %s', async (_case, body, message) => {
    const ada = await signUp(app);
    const res = await post(ada, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('refuses text that is not UTF-8', async () => {
    const ada = await signUp(app);
    const latin1 = Buffer.from(
      'Submission ID,Common Name,Date\nS1,Grünfink,2024-06-01\n',
      'latin1',
    );
    const res = await post(ada, latin1);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The file is not UTF-8 text: save it as CSV UTF-8' });
  });

  it('refuses a body over 20 MB', async () => {
    const ada = await signUp(app);
    const res = await post(ada, Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x41));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is too large' });
  });

  it('needs a signed-in user, checked before the body', async () => {
    const res = await post(undefined, Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x41));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('lists a NUL in any cell and an overlong id as rejected rows, not a server error', async () => {
    const ada = await signUp(app, 'hostile-cells');
    const row = (cells: Record<string, string>) =>
      EXPORT_CSV_COLUMNS.map((column) => cells[column] ?? '').join(',');
    const base = { observed_at: '2026-05-01T06:30:00.000Z', species_common: 'Wren', count: '1' };
    const csv = [
      EXPORT_CSV_COLUMNS.join(','), // 1
      row({ ...base, id: 'a\u0000b' }), // 2
      row({ ...base, id: 'fine-id', taxon_id: 'gbif:\u00002490719' }), // 3
      row({ ...base, id: 'x'.repeat(6000) }), // 4
      row({ ...base, id: 'kept', species_common: 'Dunnock' }), // 5
    ].join('\n');
    const dryRun = await post(ada, csv);
    expect(dryRun.statusCode, dryRun.body).toBe(422);
    expect(dryRun.json().rejected).toEqual([
      { line: 2, reason: 'id: Text must not contain null characters' },
      { line: 3, reason: 'taxon_id: Text must not contain null characters' },
      { line: 4, reason: 'id must be at most 80 characters' },
    ]);
    const skipped = await importFile(ada, csv, { query: 'onInvalid=skip' });
    expect(skipped.statusCode, skipped.body).toBe(201);
    expect(skipped.json()).toMatchObject({ imported: 1, rejectedSummary: expect.any(Array) });
    expect((await logsOf(ada)).map((log) => log.speciesCommon)).toEqual(['Dunnock']);
  });
});
