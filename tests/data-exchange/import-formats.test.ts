import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { buildApp } from '../../src/server/app.js';
import type { Log } from '../../src/common/logs/schemas.js';
import { localDateAt } from '../../src/common/place-time.js';
import { createLogAs, signUp, stores, testConfig, uploadPhotoAs } from '../support/helpers.js';
import { importFor } from './import-support.js';
import { BOM, dataExchangeFor, fixture } from './support.js';

const NO_TAXON =
  'No taxon: the observation has no name (common_name, species_guess or scientific_name)';
const NO_DATE = 'No date: observed_on is empty';

describe.each(stores)('CSV import of real files on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  const { logsOf, exportOf } = dataExchangeFor(() => app);
  const { importFile } = importFor(() => app);
  const bySpecies = async (user: Parameters<typeof logsOf>[0]) =>
    new Map((await logsOf(user)).map((log) => [log.speciesCommon, log] as const));
  const essentials = (log: Log | undefined) => ({
    observedAt: log?.observedAt,
    timeZone: log?.timeZone,
    timeKnown: log?.timeKnown,
    count: log?.count,
    placeName: log?.placeName,
    latitude: log?.latitude,
    longitude: log?.longitude,
    coordinateUncertainty: log?.coordinateUncertainty,
    description: log?.description,
    notes: log?.notes,
  });

  it('reads a 2017–2019 "My eBird Data" file: 21 columns, MM-DD-YYYY, short rows', async () => {
    const ada = await signUp(app, 'ebird-2018');
    const res = await importFile(ada, fixture('ebird-2018.csv')); // the X and 0 refuse nothing
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      format: 'ebird',
      rows: 6,
      imported: 6, // X and 0 too (issue 32)
      duplicates: 0,
      outings: 4, // a checklist each; the Checklist Comments are the outing's notes
      rejected: [],
      rejectedSummary: [],
      warnings: [
        {
          line: 6,
          message:
            'No coordinates, and US-TX has more than one time zone: the time is kept as written, as UTC',
        },
      ],
      unusual: [],
    });
    const logs = await bySpecies(ada);
    expect([...logs.keys()].sort()).toEqual([
      'Black-capped Chickadee',
      'Great-tailed Grackle',
      'Mallard',
      'Mountain Chickadee',
      "Steller's Jay",
      "Townsend's Solitaire",
    ]);
    // 10:40 AM in Boulder, Colorado, in January (MST, UTC-7).
    expect(essentials(logs.get('Mountain Chickadee'))).toEqual({
      observedAt: '2018-01-13T17:40:00.000Z',
      timeZone: 'America/Denver',
      timeKnown: true,
      count: 4,
      placeName: 'Chautauqua Park',
      latitude: 39.999,
      longitude: -105.2817,
      coordinateUncertainty: null,
      description: null,
      notes: null, // the checklist's link is the log's sourceUrl (issue 32)
    });
    // 'X': present, not counted; 0: evidence without a live individual
    expect(logs.get("Steller's Jay")).toMatchObject({
      count: null,
      countKind: 'present',
      notes: [
        'Two calling, one seen well', // Species Comments
      ].join('\n'),
    });
    expect(logs.get("Townsend's Solitaire")).toMatchObject({ count: 0, countKind: 'evidence' });
    // No coordinates: Colorado has one time zone.
    expect(essentials(logs.get('Black-capped Chickadee'))).toMatchObject({
      observedAt: '2018-01-14T22:05:00.000Z',
      timeZone: 'America/Denver',
      latitude: null,
    });
    // No coordinates, and Texas has two zones: the time as written, no zone.
    expect(essentials(logs.get('Great-tailed Grackle'))).toMatchObject({
      observedAt: '2018-02-03T08:30:00.000Z',
      timeZone: null,
      timeKnown: true,
      notes: null,
    });
    // A historical checklist without a time: noon of its day in London (BST).
    expect(essentials(logs.get('Mallard'))).toMatchObject({
      observedAt: '2016-06-08T11:00:00.000Z',
      timeZone: 'Europe/London',
      timeKnown: false,
    });
  });

  it('reads a 2020–2026 download: 23 columns, blank lines, a comment over two lines', async () => {
    const ada = await signUp(app, 'ebird-2024');
    const res = await importFile(ada, Buffer.concat([BOM, fixture('ebird-2024.csv')]), {
      contentType: 'application/vnd.ms-excel',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      format: 'ebird',
      rows: 8, // the blank line is no row
      imported: 8,
      duplicates: 0,
      outings: 6,
      rejected: [],
      rejectedSummary: [],
      warnings: [],
      unusual: [],
    });
    const logs = await bySpecies(ada);
    // 06:15 in Berlin in July (CEST, UTC+2).
    expect(essentials(logs.get('Common Swift'))).toMatchObject({
      observedAt: '2024-07-06T04:15:00.000Z',
      timeZone: 'Europe/Berlin',
      count: 14,
    });
    expect(essentials(logs.get('Eurasian Skylark'))).toMatchObject({
      description: 'Several songflights over the meadow, "the usual" spot',
      notes: null,
    });
    expect(essentials(logs.get('Eurasian Blackbird'))).toMatchObject({
      observedAt: '2024-07-07T17:02:00.000Z',
      placeName: 'Volkspark Friedrichshain, Berlin',
      notes: null,
    });
    expect(logs.get('Hooded Crow')).toMatchObject({ count: null, countKind: 'present' });
  });

  it('reads an iNaturalist export: zones, observed_on_string, private places, date-only rows', async () => {
    const ada = await signUp(app, 'inat');
    const res = await importFile(ada, fixture('inaturalist.csv'), { query: 'onInvalid=skip' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      format: 'inaturalist',
      rows: 7,
      imported: 5,
      duplicates: 0,
      outings: 0,
      rejected: [
        { line: 7, reason: NO_TAXON },
        { line: 8, reason: NO_DATE },
      ],
      rejectedSummary: [
        { reason: NO_TAXON, count: 1, lines: [7] },
        { reason: NO_DATE, count: 1, lines: [8] },
      ],
      warnings: [],
      unusual: [],
    });
    const logs = await bySpecies(ada);
    expect(essentials(logs.get("Anna's Hummingbird"))).toEqual({
      observedAt: '2023-05-14T15:13:00.000Z', // time_observed_at, UTC
      timeZone: 'America/Los_Angeles', // "Pacific Time (US & Canada)"
      timeKnown: true,
      count: 1,
      placeName: 'Griffith Park, Los Angeles, CA, USA',
      latitude: 34.1365,
      longitude: -118.2942,
      coordinateUncertainty: 12, // positional_accuracy
      description: 'Two adults at the feeder.\nFemale gathering nest material, "fast" trips.',
      notes: null, // the observation's page is its sourceUrl (issue 32)
    });
    expect(logs.get("Anna's Hummingbird")!.photos.map((photo) => photo.url)).toEqual([
      'https://inaturalist-open-data.s3.amazonaws.com/photos/265000101/medium.jpg',
    ]);
    // The owner's export: the private place, not the obscured one, and its true accuracy.
    expect(essentials(logs.get('Eurasian Wren'))).toMatchObject({
      observedAt: '2023-05-14T16:40:00.000Z',
      timeZone: 'Europe/Berlin',
      placeName: 'Nest box 4, Tiergarten, Berlin',
      latitude: 52.5145,
      longitude: 13.3501,
      coordinateUncertainty: 8,
    });
    expect(logs.get('Eurasian Wren')!.isPublic).toBe(false);
    // No time_observed_at: the observer's string and its offset.
    expect(essentials(logs.get('California Towhee'))).toMatchObject({
      observedAt: '2023-05-16T15:13:00.000Z',
      timeZone: 'America/Los_Angeles',
      timeKnown: true,
      latitude: null,
    });
    // Date-only rows: noon of their own day at the place, time not known.
    for (const [species, day, noon, zone] of [
      ['tree tobacco', '2023-05-15', '2023-05-15T19:00:00.000Z', 'America/Los_Angeles'],
      ['European Robin', '2023-05-14', '2023-05-14T11:00:00.000Z', 'Europe/London'],
    ] as const) {
      const log = logs.get(species)!;
      expect(essentials(log), species).toMatchObject({
        observedAt: noon,
        timeZone: zone,
        timeKnown: false,
      });
      expect(localDateAt(new Date(log.observedAt), log.timeZone!)).toBe(day);
    }
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
      // issue 32: present, not counted (X), and evidence only (0)
      { speciesCommon: 'Jay', count: null, countKind: 'present', observedAt: '2025-12-31T09:00Z' },
      { speciesCommon: 'Otter', count: 0, countKind: 'evidence', observedAt: '2025-12-30T09:00Z' },
    ];
    for (const log of tricky) await createLogAs(app, ada, log);
    const first = await exportOf(ada);

    const bea = await signUp(app, 'importer');
    const res = await importFile(bea, first);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ format: 'sightbook', rows: 5, imported: 5, duplicates: 0 });

    const [header, ...rows] = parse(first, { bom: true }) as string[][];
    const skipped = new Set(['id']); // the times the logs were made and changed come along
    const cells = (csv: Buffer) =>
      (parse(csv, { bom: true }) as string[][]).map((row) =>
        row.filter((_cell, index) => !skipped.has(header![index]!)),
      );
    const again = cells(await exportOf(bea));
    expect(again).toEqual(cells(first));
    expect(again).toHaveLength(6);
    expect(rows[0]![header!.indexOf('species_common')]).toBe("'=SUM(A1:A9)");
    expect(rows.map((row) => row[header!.indexOf('count')])).toEqual(['3', '1', '2', 'X', '0']);
    const imported = await logsOf(bea);
    expect(imported[0]!.speciesCommon).toBe('=SUM(A1:A9)');
    // The one ambiguity: text that itself began with ' and a formula sign loses the '.
    expect(imported[1]!.notes).toBe('=already quoted');
    expect(imported.slice(3).map(({ count, countKind }) => [count, countKind])).toEqual([
      [null, 'present'],
      [0, 'evidence'],
    ]);
    // New ids: nothing of the first user's rows is taken over but what the file says.
    const ids = new Set(rows.map((row) => row[0]));
    expect(imported.some((log) => ids.has(log.id))).toBe(false);

    // Into the account it came from, the export adds nothing: every row is already there.
    const home = await importFile(ada, first);
    expect(home.json()).toMatchObject({ imported: 0, duplicates: 5 });
    // Into the second account again: the first import remembered each row.
    const twice = await importFile(bea, first);
    expect(twice.json()).toMatchObject({ imported: 0, duplicates: 5 });
    expect(await logsOf(bea)).toHaveLength(5);
  });

  it("reads an export's place time and accuracy, and older exports without them", async () => {
    const ada = await signUp(app, 'columns');
    const older =
      'id,observed_at,species_common,species_scientific,count,place_name,latitude,longitude,description,notes,is_public,photo_urls,created_at,updated_at\n' +
      '0b6f3c1e-5d2a-4e8f-9a7b-1c2d3e4f5a60,2025-03-01T09:30:00.000Z,Robin,,1,,,,,,true,,2025-03-01T09:31:00.000Z,2025-03-01T09:31:00.000Z\n';
    const newer =
      'id,observed_at,time_zone,time_known,species_common,species_scientific,count,place_name,latitude,longitude,coordinate_uncertainty,description,notes,is_public,photo_urls,created_at,updated_at\n' +
      '0b6f3c1e-5d2a-4e8f-9a7b-1c2d3e4f5a61,2025-03-02T11:00:00.000Z,America/Denver,false,Wren,,2,Boulder,40.01,-105.27,35,,,false,,2025-03-02T11:01:00.000Z,2025-03-02T11:01:00.000Z\n';
    for (const csv of [older, newer]) {
      const res = await importFile(ada, csv);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ format: 'sightbook', imported: 1 });
    }
    const logs = await bySpecies(ada);
    expect(essentials(logs.get('Robin'))).toMatchObject({
      observedAt: '2025-03-01T09:30:00.000Z',
      timeZone: null,
      timeKnown: true,
      coordinateUncertainty: null,
    });
    expect(essentials(logs.get('Wren'))).toMatchObject({
      observedAt: '2025-03-02T11:00:00.000Z',
      timeZone: 'America/Denver',
      timeKnown: false,
      coordinateUncertainty: 35,
      count: 2,
    });
    // the times it was made and changed, as written; an unreadable one is the import's
    expect(logs.get('Robin')).toMatchObject({
      createdAt: '2025-03-01T09:31:00.000Z',
      updatedAt: '2025-03-01T09:31:00.000Z',
      showExactLocation: false,
    });
    // issue 32: an X in any case, and an empty count as exports between migration 0017 and X
    // wrote it, are present, not counted
    const uncounted = older
      .replace('0b6f3c1e-5d2a-4e8f-9a7b-1c2d3e4f5a60', '0b6f3c1e-5d2a-4e8f-9a7b-1c2d3e4f5a62')
      .replace(',Robin,,1,', ',Rook,,,');
    const lowerX = older
      .replace('0b6f3c1e-5d2a-4e8f-9a7b-1c2d3e4f5a60', '0b6f3c1e-5d2a-4e8f-9a7b-1c2d3e4f5a63')
      .replace(',Robin,,1,', ',Raven,,x,');
    for (const csv of [uncounted, lowerX]) {
      expect((await importFile(ada, csv)).json()).toMatchObject({ imported: 1 });
    }
    const kinds = await bySpecies(ada);
    expect(kinds.get('Rook')).toMatchObject({ count: null, countKind: 'present' });
    expect(kinds.get('Raven')).toMatchObject({ count: null, countKind: 'present' });
    const unreadable = older.replace(/2025-03-01T09:31:00.000Z,2025-03-01T09:31:00.000Z/, 'soon,');
    const res = await importFile(await signUp(app, 'unreadable'), unreadable);
    expect(res.json().warnings).toEqual([
      { line: 2, message: 'created_at: not a date and time; the time of the import is kept' },
    ]);
  });

  it('imports links of an export but leaves uploaded photos out, with a warning', async () => {
    const ada = await signUp(app, 'uploader');
    const photo = await uploadPhotoAs(app, ada);
    await createLogAs(app, ada, {
      photoLinks: ['https://photos.example/c.jpg'],
      uploadedPhotoUrls: [photo],
    });
    const bea = await signUp(app, 'taker');
    const res = await importFile(bea, await exportOf(ada));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      format: 'sightbook',
      rows: 1,
      imported: 1,
      duplicates: 0,
      outings: 0,
      rejected: [],
      rejectedSummary: [],
      warnings: [{ line: 2, message: `Uploaded photos cannot be imported: 1 left out (${photo})` }],
      unusual: [],
    });
    expect((await logsOf(bea))[0]!.photos.map((photo) => photo.url)).toEqual([
      'https://photos.example/c.jpg',
    ]);
  });
});
