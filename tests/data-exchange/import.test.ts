import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { buildApp } from '../../src/server/app.js';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../src/common/data-exchange/import.js';
import type { Log } from '../../src/common/logs/schemas.js';
import {
  createLogAs,
  signUp,
  stores,
  testConfig,
  uploadPhotoAs,
  type TestUser,
} from '../support/helpers.js';

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url));
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const UNRECOGNISED =
  'Unrecognised CSV format: expected a Sightbook export, an iNaturalist observations export or an eBird "My eBird Data" file';

describe.each(stores)('CSV import on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  function post(user: TestUser | undefined, body: string | Buffer, contentType = 'text/csv') {
    return app.inject({
      method: 'POST',
      url: '/api/import',
      headers: { 'content-type': contentType, ...(user ? { cookie: user.cookie } : {}) },
      payload: body,
    });
  }
  /** The user's logs, newest observed first. */
  async function logsOf(user: TestUser): Promise<Log[]> {
    const res = await app.inject({
      method: 'GET',
      url: '/api/logs?pageSize=100',
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(200);
    return res.json().items;
  }
  async function exportOf(user: TestUser) {
    const res = await app.inject({
      method: 'GET',
      url: '/api/export.csv',
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  }
  const essentials = (log: Log) => ({
    speciesCommon: log.speciesCommon,
    speciesScientific: log.speciesScientific,
    count: log.count,
    observedAt: log.observedAt,
    placeName: log.placeName,
    latitude: log.latitude,
    longitude: log.longitude,
    description: log.description,
    notes: log.notes,
    isPublic: log.isPublic,
    photos: log.photos.map((photo) => photo.url),
  });

  it('imports an iNaturalist observations export', async () => {
    const ada = await signUp(app, 'inat');
    const res = await post(ada, fixture('inaturalist.csv'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ format: 'inaturalist', imported: 3, rejected: [], warnings: [] });
    expect((await logsOf(ada)).map(essentials)).toEqual([
      {
        speciesCommon: 'Eurasian Wren', // no common_name: species_guess
        speciesScientific: 'Troglodytes troglodytes',
        count: 1,
        observedAt: '2024-05-03T15:15:00.000Z',
        placeName: 'Tiergarten, Berlin',
        latitude: 52.5145, // the private coordinates, not the obscured ones
        longitude: 13.3501,
        description: 'Nest under the eaves',
        notes: 'iNaturalist: https://www.inaturalist.org/observations/103',
        isPublic: false, // its observer obscured the location
        photos: [],
      },
      {
        speciesCommon: 'Sturnus vulgaris', // neither common name nor guess: the scientific name
        speciesScientific: 'Sturnus vulgaris',
        count: 1,
        observedAt: '2024-05-02T00:00:00.000Z', // no time: the day at 00:00 UTC
        placeName: 'Richmond Park, London, UK',
        latitude: 51.44,
        longitude: -0.27,
        description: null,
        notes: 'iNaturalist: https://www.inaturalist.org/observations/102',
        isPublic: true,
        photos: [],
      },
      {
        speciesCommon: 'European Robin',
        speciesScientific: 'Erithacus rubecula',
        count: 1,
        observedAt: '2024-05-01T06:42:10.000Z',
        placeName: 'Hyde Park, London, UK',
        latitude: 51.5073,
        longitude: -0.1657,
        description: 'Singing from the top of a hawthorn.\nSecond line, with "quotes".',
        notes: 'iNaturalist: https://www.inaturalist.org/observations/101',
        isPublic: true,
        photos: ['https://inaturalist-open-data.s3.amazonaws.com/photos/1001/medium.jpg'],
      },
    ]);
  });

  it('imports "My eBird Data", with a BOM and the Windows content type', async () => {
    const ada = await signUp(app, 'ebird');
    const res = await post(
      ada,
      Buffer.concat([BOM, fixture('ebird.csv')]),
      'application/vnd.ms-excel',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ format: 'ebird', imported: 3, rejected: [], warnings: [] });
    const [swift, ...morning] = (await logsOf(ada)).map(essentials);
    expect(swift).toEqual({
      speciesCommon: 'Common Swift',
      speciesScientific: 'Apus apus',
      count: 3,
      observedAt: '2024-06-02T18:05:00.000Z', // local wall time, read as UTC
      placeName: 'Hampstead Heath',
      latitude: 51.5608,
      longitude: -0.1631,
      description: 'Screaming party over the ponds',
      notes: null,
      isPublic: true,
      photos: [],
    });
    expect(morning.sort((a, b) => a.speciesCommon.localeCompare(b.speciesCommon))).toEqual([
      expect.objectContaining({
        speciesCommon: 'Grey Heron',
        count: 1, // 'X': present, not counted
        notes: 'Calm and sunny\nCount not recorded (X)',
        description: null,
        observedAt: '2024-06-01T07:15:00.000Z',
      }),
      expect.objectContaining({
        speciesCommon: 'Mallard',
        count: 12,
        placeName: "Regent's Park, London",
        description: 'Pair with ducklings',
        notes: 'Calm and sunny',
      }),
    ]);
  });

  it('round-trips its own export cell by cell', async () => {
    const ada = await signUp(app, 'exporter');
    const tricky: Array<Parameters<typeof createLogAs>[2]> = [
      {
        speciesCommon: '=SUM(A1:A9)',
        speciesScientific: '+Erithacus, "rubecula"',
        count: 3,
        observedAt: '2026-05-03T10:15:30.250Z',
        placeName: '-2 Hyde Park,\nLondon',
        latitude: 51.5073,
        longitude: -0.1657,
        description: 'Line one\r\nLine two, "quoted"',
        notes: '@someone Größe: klein 🐦',
        photoLinks: ['https://photos.example/a.jpg', 'https://photos.example/b.jpg?x=1,2'],
      },
      {
        speciesCommon: 'Rotkehlchen ü — 知更鸟',
        speciesScientific: undefined,
        count: 1,
        observedAt: '2026-05-02T08:00Z',
        placeName: '',
        description: undefined,
        notes: "'=already quoted", // exported as it is, so read back as a neutralised '=…'
        isPublic: false,
        photoLinks: [],
      },
      {
        speciesCommon: 'Blackbird',
        observedAt: '2026-01-01T00:00Z',
        latitude: -33.9,
        longitude: 0,
      },
    ];
    for (const log of tricky) await createLogAs(app, ada, log);
    const first = await exportOf(ada);

    const bea = await signUp(app, 'importer');
    const res = await post(bea, first);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ format: 'sightbook', imported: 3, rejected: [], warnings: [] });

    const cells = (csv: Buffer) =>
      (parse(csv, { bom: true }) as string[][]).map((row) => [...row.slice(1, 12)]);
    const [header, ...rows] = parse(first, { bom: true }) as string[][];
    const again = cells(await exportOf(bea));
    expect(again).toEqual(cells(first));
    expect(again).toHaveLength(4);
    expect(rows[0]![2]).toBe("'=SUM(A1:A9)"); // the export neutralised it; the import undid that
    expect(header).toContain('photo_urls');
    const imported = await logsOf(bea);
    expect(imported[0]!.speciesCommon).toBe('=SUM(A1:A9)');
    // The one ambiguity: text that itself began with ' and a formula sign loses the '.
    expect(imported[1]!.notes).toBe('=already quoted');
    // New ids and timestamps: nothing of the first user's rows is taken over.
    const ids = new Set(rows.map((row) => row[0]));
    expect(imported.some((log) => ids.has(log.id))).toBe(false);
  });

  it('imports links of an export but leaves uploaded photos out, with a warning', async () => {
    const ada = await signUp(app, 'uploader');
    const photo = await uploadPhotoAs(app, ada);
    await createLogAs(app, ada, {
      photoLinks: ['https://photos.example/c.jpg'],
      uploadedPhotoUrls: [photo],
    });
    const bea = await signUp(app, 'taker');
    const res = await post(bea, await exportOf(ada));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      format: 'sightbook',
      imported: 1,
      rejected: [],
      warnings: [
        {
          line: 2,
          message: `Uploaded photos cannot be imported: 1 left out (${photo})`,
        },
      ],
    });
    expect((await logsOf(bea))[0]!.photos.map((photo) => photo.url)).toEqual([
      'https://photos.example/c.jpg',
    ]);
  });

  it('reports every rejected row by its line and imports nothing', async () => {
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
      '2024-05-05,,Swift,,,', // 12: a cell short
      '2024-05-06,2024-05-06 07:00:00 UTC,Swallow,,,,', // 13: fine
    ].join('\n');
    const res = await post(ada, csv);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      message: '6 rows could not be imported; nothing was imported',
      format: 'inaturalist',
      imported: 0,
      rejected: [
        { line: 5, reason: 'observed_on: Date and time must be valid' },
        { line: 6, reason: 'common_name: Species name is required' },
        { line: 8, reason: 'latitude: Latitude must be between -90 and 90' },
        { line: 10, reason: 'image_url: Must be a valid URL' },
        { line: 11, reason: 'longitude: Latitude and longitude must be given together' },
        { line: 12, reason: 'Expected 7 cells, found 6' },
      ],
      warnings: [],
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

  it(`refuses more than ${IMPORT_MAX_ROWS} rows`, async () => {
    const ada = await signUp(app);
    const row = 'S1,Robin,2024-06-01\n';
    const res = await post(
      ada,
      `Submission ID,Common Name,Date\n${row.repeat(IMPORT_MAX_ROWS + 1)}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The file has more than 50,000 rows: split it into smaller files',
    });
    expect(await logsOf(ada)).toEqual([]);
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

  it.each([
    ['a form content type', 'text/plain', 403, 'Cross-site request refused'],
    [
      'JSON',
      'application/json',
      415,
      'Send the CSV file itself as the body, with Content-Type text/csv',
    ],
  ])('refuses %s', async (_case, contentType, status, message) => {
    const ada = await signUp(app);
    const body = contentType === 'application/json' ? '{"rows":[]}' : fixture('ebird.csv');
    const res = await post(ada, body, contentType);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message });
    expect(await logsOf(ada)).toEqual([]);
  });
});
