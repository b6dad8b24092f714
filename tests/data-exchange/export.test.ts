import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { buildApp } from '../../src/server/app.js';
import { logs } from '../../src/server/db/schema.js';
import type { Log } from '../../src/common/logs/schemas.js';
import {
  createLogAs,
  signUp,
  stores,
  testConfig,
  uploadPhotoAs,
  type TestUser,
} from '../support/helpers.js';
import { CSV_HEADERS, dataExchangeFor } from './support.js';

const DWC_HEADERS = [
  'occurrenceID',
  'basisOfRecord',
  'occurrenceStatus',
  'eventID',
  'samplingProtocol',
  'samplingEffort',
  'dynamicProperties',
  'eventDate',
  'scientificName',
  'taxonID',
  'taxonRank',
  'kingdom',
  'verbatimIdentification',
  'vernacularName',
  'individualCount',
  'decimalLatitude',
  'decimalLongitude',
  'geodeticDatum',
  'coordinateUncertaintyInMeters',
  'footprintWKT',
  'countryCode',
  'stateProvince',
  'county',
  'locationID',
  'locality',
  'occurrenceRemarks',
  'dataGeneralizations',
  'informationWithheld',
  'identificationVerificationStatus',
  'associatedMedia',
  'references',
  'behavior',
  'reproductiveCondition',
  'degreeOfEstablishment',
  'recordedBy',
  'license',
  'modified',
];
const CC_BY = 'http://creativecommons.org/licenses/by/4.0/legalcode';

/** The cells a log without formula-like text should export as. */
const csvCells = (log: Log) => [
  log.id,
  log.observedAt,
  log.speciesCommon,
  log.speciesScientific ?? '',
  String(log.count),
  log.placeName ?? '',
  log.latitude === null ? '' : String(log.latitude),
  log.longitude === null ? '' : String(log.longitude),
  log.description ?? '',
  log.notes ?? '',
  String(log.isPublic),
  log.photos.map((photo) => photo.url).join(' '),
  log.createdAt,
  log.updatedAt,
  log.timeZone ?? '',
  String(log.timeKnown),
  log.coordinateUncertainty === null ? '' : String(log.coordinateUncertainty),
  log.taxon?.id ?? '',
  log.outingId ?? '',
  String(log.showExactLocation),
  log.county ?? '',
  log.stateProvince ?? '',
  log.countryCode ?? '',
  log.locationId ?? '',
  log.breedingCode ?? '',
  String(log.captive),
  log.mediaUrls.join(' '),
  log.sourceUrl ?? '',
  log.locationPrivacy,
  log.locationEmbargoUntil ?? '',
  log.recordings.map((recording) => recording.url).join(' '), // issue 37
];

const todayUtc = () => new Date().toISOString().slice(0, 10);

describe.each(stores)('CSV export on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let owner: TestUser;
  let rich: Log; // public, coordinates, photos, text that needs quoting
  let plain: Log; // private, no coordinates, no description or notes
  let formulas: Log; // text that a spreadsheet would run
  let controls: Log; // tab and CR first, stored directly: the API trims them
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl, allowedHosts: ['birds.example'] }));
    owner = await signUp(app, 'exporter');
    rich = (await createLogAs(app, owner, {
      speciesCommon: 'Robin, "red" — Rotkehlchen ü',
      speciesScientific: 'Erithacus rubecula',
      count: 2,
      observedAt: '2026-05-03T10:15:30.250Z',
      timeZone: 'Europe/London',
      placeName: 'Hyde Park,\nLondon',
      latitude: 51.5073,
      longitude: -0.1657,
      coordinateUncertainty: 25,
      description: 'Line one\r\nLine two',
      notes: 'Größe: klein 🐦',
      isPublic: true,
      photoLinks: ['https://photos.example/a.jpg', 'https://photos.example/b.jpg'],
      uploadedPhotoUrls: [await uploadPhotoAs(app, owner)],
    })) as unknown as Log;
    plain = (await createLogAs(app, owner, {
      speciesCommon: 'Blackbird',
      speciesScientific: undefined,
      count: 1,
      observedAt: '2026-05-02T12:00Z',
      timeKnown: false, // a date-only record: noon of its day
      placeName: '',
      description: undefined,
      notes: undefined,
      isPublic: false,
      photoLinks: ['https://photos.example/c.jpg'],
    })) as unknown as Log;
    formulas = (await createLogAs(app, owner, {
      speciesCommon: '=SUM(A1)',
      speciesScientific: '+1',
      count: 1,
      observedAt: '2026-05-01T22:30Z', // 2 May in Berlin
      placeName: '-2',
      latitude: -33.9,
      longitude: -0.1657,
      description: '@x',
      notes: '=HYPERLINK("http://evil.example")',
    })) as unknown as Log;
    const [row] = await app.db
      .insert(logs)
      .values({
        userId: owner.id,
        speciesCommon: '\tTab',
        count: 1,
        observedAt: new Date('2026-04-01T12:00Z'),
        placeName: '\rCR place',
        notes: '\rCR notes',
      })
      .returning();
    controls = (await get(owner, `/api/logs/${row!.id}`)).json();
    const stranger = await signUp(app, 'stranger');
    await createLogAs(app, stranger, {
      speciesCommon: 'Blackbird',
      observedAt: '2026-05-02T09:00Z',
    });
  });
  afterAll(() => app.close());

  const { get, exportRows } = dataExchangeFor(() => app);

  it('sends an RFC 4180 attachment with a BOM and one row per log, newest first', async () => {
    const res = await get(owner, '/api/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="sightings-${todayUtc()}.csv"`,
    );
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.body.slice(1).startsWith(`${CSV_HEADERS.join(',')}\r\n`)).toBe(true);
    const [headers, ...rows] = parse(res.body, { bom: true }) as string[][];
    expect(headers).toEqual(CSV_HEADERS);
    expect(rows).toHaveLength(4); // the stranger's log is not there
    expect(rows[0]).toEqual(csvCells(rich));
    expect(rows[0]![11]).toBe(
      `https://photos.example/a.jpg https://photos.example/b.jpg ${rich.photos[2]!.url}`,
    );
    expect(rows[1]).toEqual(csvCells(plain));
    expect(rows[1]!.slice(3, 10)).toEqual(['', '1', '', '', '', '', '']);
  });

  it('neutralises text a spreadsheet would run, but not numbers', async () => {
    const [, , , third, fourth] = await exportRows(owner);
    expect(third).toEqual([
      formulas.id,
      '2026-05-01T22:30:00.000Z',
      "'=SUM(A1)",
      "'+1",
      '1',
      "'-2",
      '-33.9',
      '-0.1657',
      "'@x",
      `'=HYPERLINK("http://evil.example")`,
      'true',
      '',
      formulas.createdAt,
      formulas.updatedAt,
      '',
      'true',
      '',
      '',
      '',
      'false',
      ...['', '', '', '', '', 'false', '', ''], // nothing from a source (issue 32)
      'open', // issue 35: the location privacy, no embargo
      '',
      '', // issue 37: no sound recordings
    ]);
    expect(fourth!.slice(0, 10)).toEqual([
      controls.id,
      '2026-04-01T12:00:00.000Z',
      "'\tTab",
      '',
      '1',
      "'\rCR place",
      '',
      '',
      '',
      "'\rCR notes",
    ]);
  });

  it('applies the list filters, with day boundaries in tz', async () => {
    const ids = async (query: string) => (await exportRows(owner, query)).slice(1).map((r) => r[0]);
    expect(await ids('?q=blackbird')).toEqual([plain.id]);
    expect(await ids('?minCount=2')).toEqual([rich.id]);
    expect(await ids('?maxCount=1&place=park')).toEqual([]);
    expect(await ids('?place=hyde')).toEqual([rich.id]);
    expect(await ids('?from=2026-05-02&to=2026-05-02')).toEqual([plain.id]);
    expect(await ids('?from=2026-05-02&to=2026-05-02&tz=Europe/Berlin')).toEqual([
      plain.id,
      formulas.id,
    ]);
    expect(await exportRows(owner, '?from=2030-01-01')).toEqual([CSV_HEADERS]);
  });

  it('writes Darwin Core terms', async () => {
    const res = await get(owner, '/api/export.csv?format=dwc', { host: 'birds.example' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="sightings-dwc-${todayUtc()}.csv"`,
    );
    const [headers, first, second, third] = parse(res.body, { bom: true }) as string[][];
    expect(headers).toEqual(DWC_HEADERS);
    expect(first).toEqual([
      `urn:uuid:${rich.id}`,
      'HumanObservation',
      'present',
      '', // of no outing: no event, protocol, effort or completeness
      '',
      '',
      '',
      '2026-05-03T11:15:30+01:00', // the time in London, with its offset
      'Erithacus rubecula',
      // linked where another suite seeded the backbone in the same database (PostgreSQL)
      rich.taxon?.id ?? '',
      rich.taxon?.rank ?? '',
      rich.taxon?.kingdom ?? '',
      'Robin, "red" — Rotkehlchen ü (Erithacus rubecula)',
      'Robin, "red" — Rotkehlchen ü',
      '2',
      '51.5073',
      '-0.1657',
      'WGS84',
      '25',
      '', // no footprint: an open place
      'GB',
      '', // no stateProvince, county or locationID from a source
      '',
      '',
      'Hyde Park,\nLondon',
      'Line one\r\nLine two | Größe: klein 🐦',
      '',
      '',
      '', // not flagged as unusual: no verification status (issue 36)
      `https://photos.example/a.jpg | https://photos.example/b.jpg | http://birds.example${rich.photos[2]!.url}`,
      `http://birds.example/shared/${rich.id}`,
      '', // no breeding code, and not captive
      '',
      '',
      'exporter',
      CC_BY,
      rich.updatedAt,
    ]);
    expect(second).toEqual([
      `urn:uuid:${plain.id}`,
      'HumanObservation',
      'present',
      '',
      '',
      '',
      '',
      '2026-05-02', // the date alone: the time is not known
      plain.taxon?.scientificName ?? '',
      plain.taxon?.id ?? '',
      plain.taxon?.rank ?? '',
      plain.taxon?.kingdom ?? '',
      'Blackbird',
      'Blackbird',
      '1',
      '', // no footprint
      '',
      '',
      '', // no coordinates, no datum, no country
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '', // not flagged as unusual (issue 36)
      '', // a private log's photos stay private, its page is not found
      '',
      '',
      '',
      '',
      'exporter',
      CC_BY,
      plain.updatedAt,
    ]);
    expect(third!.slice(7, 9)).toEqual(['2026-05-01T22:30:00.000Z', "'+1"]);
    expect(third!.slice(12, 14)).toEqual(["'=SUM(A1) (+1)", "'=SUM(A1)"]);
    expect(third![20]).toBe(''); // at sea: no country
    expect(third![25]).toBe(`'@x | =HYPERLINK("http://evil.example")`);
  });

  it.each([
    ['?format=xlsx', 'format', 'Format must be csv or dwc'],
    ['?tz=Mars/Olympus', 'tz', 'Unknown time zone'],
    ['?from=yesterday', 'from', 'From date must be a date (YYYY-MM-DD)'],
  ])('refuses %s', async (query, path, message) => {
    const res = await get(owner, `/api/export.csv${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, issues: [{ path: [path], message }] });
  });

  it('needs a signed-in user', async () => {
    const res = await get(undefined, '/api/export.csv?format=xlsx');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });
});
