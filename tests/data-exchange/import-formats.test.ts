import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { buildApp } from '../../src/server/app.js';
import type { Log } from '../../src/common/logs/schemas.js';
import { createLogAs, signUp, stores, testConfig, uploadPhotoAs } from '../support/helpers.js';
import { BOM, dataExchangeFor, fixture } from './support.js';

describe.each(stores)('CSV import on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  const { post, logsOf, exportOf } = dataExchangeFor(() => app);
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
});
