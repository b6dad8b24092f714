import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { XMLParser } from 'fast-xml-parser';
import yauzl from 'yauzl';
import { parse } from 'csv-parse/sync';
import { buildApp } from '../../src/server/app.js';
import type { Log } from '../../src/common/logs/schemas.js';
import {
  createLogAs,
  randomIp,
  stores,
  testConfig,
  uniqueEmail,
  uploadPhotoAs,
  type TestUser,
} from '../support/helpers.js';
import { dataExchangeFor, fixture } from './support.js';
import { importFor } from './import-support.js';

// The Darwin Core Archive for GBIF (GET /api/export/dwca.zip), read as GBIF reads it: meta.xml
// says which file holds which term, and how its cells are written.

const ORIGIN = 'https://sightbook.example'; // PUBLIC_URL
const CC_BY = 'http://creativecommons.org/licenses/by/4.0/legalcode';
const CC0 = 'http://creativecommons.org/publicdomain/zero/1.0/legalcode';
const CC_BY_NC = 'http://creativecommons.org/licenses/by-nc/4.0/legalcode';

/** GBIF's term lists (fixtures/, from github.com/gbif/rs.gbif.org): one IRI a line. */
const termList = (name: string) =>
  new Set(
    fixture(name)
      .toString('utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
const OCCURRENCE_TERMS = termList('gbif-occurrence-terms.txt');
const MULTIMEDIA_TERMS = termList('gbif-multimedia-terms.txt');

/** Every file of a zip by name. */
async function unzip(zip: Buffer): Promise<Record<string, string>> {
  const archive = await yauzl.fromBufferPromise(zip);
  const files: Record<string, string> = {};
  await new Promise<void>((resolve, reject) => {
    archive.on('entry', (entry: yauzl.Entry) => {
      archive
        .openReadStreamPromise(entry)
        .then(text)
        .then((content) => {
          files[entry.fileName] = content;
          archive.readEntry();
        }, reject);
    });
    archive.on('end', resolve);
    archive.on('error', reject);
    archive.readEntry();
  });
  return files;
}

/** A text file as meta.xml declares it: LF after each row, tab between cells, no quotes. */
function table(content: string) {
  expect(content.endsWith('\n')).toBe(true);
  const [header, ...rows] = content
    .slice(0, -1)
    .split('\n')
    .map((line) => line.split('\t'));
  for (const row of rows) expect(row).toHaveLength(header!.length);
  return {
    header: header!,
    rows: rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!]))),
  };
}

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });

type Field = { index: string; term: string };
const asList = <T>(value: T | T[]) => (Array.isArray(value) ? value : [value]);

/** The path of a log's uploaded photo. */
const uploaded = (log: Log) => log.photos.find((photo) => photo.sourceType === 'uploaded')!.url;

const today = () => new Date().toISOString().slice(0, 10);

describe.each(stores)('Darwin Core Archive on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let ada: TestUser; // Ada Lovelace, with logs of every kind
  let denver: Log; // public, exact location allowed, time known in America/Denver, a photo
  let dateOnly: Log; // public, rounded location, date-only in Europe/Berlin, private notes
  let secret: Log; // private, an uploaded photo and a link
  let noZone: Log; // public, no zone, no place, no notes, a link only
  let strangers: Log;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl, publicUrl: ORIGIN }));
    ada = await register({ firstName: 'Ada', lastName: 'Lovelace' });
    denver = (await createLogAs(app, ada, {
      speciesCommon: 'Steller’s Jay',
      speciesScientific: 'Cyanocitta stelleri',
      count: 3,
      observedAt: '2024-01-06T17:40:00Z', // 10:40 in Denver
      timeZone: 'America/Denver',
      placeName: 'Chautauqua\tPark,\nBoulder',
      latitude: 39.998456,
      longitude: -105.283123,
      coordinateUncertainty: 30,
      showExactLocation: true,
      description: 'Two calling\r\nfrom pines, "loud"',
      notes: '=private thoughts 🐦',
      isPublic: true,
      uploadedPhotoUrls: [await uploadPhotoAs(app, ada)],
      photoLinks: ['https://photos.example/jay.jpg'],
    })) as unknown as Log;
    dateOnly = (await createLogAs(app, ada, {
      speciesCommon: 'Common Swift',
      speciesScientific: 'Apus apus',
      count: 12,
      observedAt: '2024-07-14T10:00:00Z', // noon in Berlin
      timeZone: 'Europe/Berlin',
      timeKnown: false,
      placeName: 'Tempelhofer Feld',
      latitude: 52.473456,
      longitude: 13.401789,
      coordinateUncertainty: 100,
      description: 'Screaming parties',
      notes: 'Nest under the eaves of my neighbour, Hauptstr. 5',
      isPublic: true,
    })) as unknown as Log;
    secret = (await createLogAs(app, ada, {
      speciesCommon: 'Eagle Owl',
      count: 1,
      observedAt: '2024-03-01T22:00:00Z',
      latitude: 47.1,
      longitude: 8.2,
      description: undefined,
      notes: 'Roost site',
      isPublic: false,
      uploadedPhotoUrls: [await uploadPhotoAs(app, ada)],
      photoLinks: ['https://photos.example/owl.jpg'],
    })) as unknown as Log;
    noZone = (await createLogAs(app, ada, {
      speciesCommon: 'Robin',
      speciesScientific: undefined,
      count: 1,
      observedAt: '2023-12-24T08:15:30.250Z',
      placeName: '',
      description: undefined,
      notes: undefined,
      isPublic: true,
      photoLinks: ['https://photos.example/robin.jpg'],
    })) as unknown as Log;
    const stranger = await register({ firstName: 'Eve', lastName: 'Other' });
    strangers = (await createLogAs(app, stranger, {
      speciesCommon: 'Robin',
      latitude: 1,
      longitude: 1,
      uploadedPhotoUrls: [await uploadPhotoAs(app, stranger)],
    })) as unknown as Log;
  });
  afterAll(() => app.close());

  const { get } = dataExchangeFor(() => app);
  const { importFile } = importFor(() => app);

  async function register(names: { firstName?: string; lastName?: string }): Promise<TestUser> {
    const email = uniqueEmail('dwca');
    const password = 'correct horse battery';
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: randomIp(),
      payload: { email, password, ...names },
    });
    expect(res.statusCode, res.body).toBe(201);
    const cookie = res.cookies.map((one) => `${one.name}=${one.value}`).join('; ');
    return { id: res.json().id, email, password, cookie };
  }

  async function archive(user: TestUser, query = '') {
    const res = await get(user, `/api/export/dwca.zip${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const files = await unzip(res.rawPayload);
    return { res, files, occurrence: table(files['occurrence.txt']!) };
  }

  it('writes no individualCount for an X or evidence only, and says which in the remarks', async () => {
    const cleo = await register({ firstName: 'Cleo' });
    const at = { latitude: 52.5, longitude: 13.4, description: 'By the canal' };
    await createLogAs(app, cleo, {
      ...at,
      speciesCommon: 'Jay',
      count: null,
      countKind: 'present',
    });
    await createLogAs(app, cleo, {
      ...at,
      speciesCommon: 'Otter',
      count: 0,
      countKind: 'evidence',
      observedAt: '2026-04-01T08:00',
    });
    const picked = (row: Record<string, string | number | null>) => ({
      vernacularName: row.vernacularName,
      individualCount: row.individualCount,
      occurrenceStatus: row.occurrenceStatus,
      occurrenceRemarks: row.occurrenceRemarks,
    });
    const expected = [
      {
        vernacularName: 'Jay',
        individualCount: '',
        occurrenceStatus: 'present',
        occurrenceRemarks: 'Present, not counted | By the canal | Sunny, light wind',
      },
      {
        vernacularName: 'Otter',
        individualCount: '', // GBIF reads 0 as an absence
        occurrenceStatus: 'present',
        occurrenceRemarks:
          'Evidence only: no live individual seen | By the canal | Sunny, light wind',
      },
    ];
    expect((await archive(cleo)).occurrence.rows.map(picked)).toEqual(expected);
    const [header, ...rows] = parse((await get(cleo, '/api/export.csv?format=dwc')).body, {
      bom: true,
    }) as string[][];
    const named = rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])));
    expect(named.map(picked)).toEqual(expected);
    const geojson = (await get(cleo, '/api/export.geojson')).json();
    expect(
      geojson.features.map(({ properties }: { properties: Log }) => [
        properties.count,
        properties.countKind,
      ]),
    ).toEqual([
      [null, 'present'],
      [0, 'evidence'],
    ]);
  });

  it('sends a zip of meta.xml, eml.xml, occurrence.txt and multimedia.txt', async () => {
    const { res, files } = await archive(ada);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="sightings-dwca-${today()}.zip"`,
    );
    expect(Object.keys(files).sort()).toEqual([
      'eml.xml',
      'meta.xml',
      'multimedia.txt',
      'occurrence.txt',
    ]);
  });

  it('maps every column to a Darwin Core or GBIF term in meta.xml', async () => {
    const { files, occurrence } = await archive(ada);
    const meta = xml.parse(files['meta.xml']!).archive;
    expect(meta.xmlns).toBe('http://rs.tdwg.org/dwc/text/');
    expect(meta.metadata).toBe('eml.xml');
    const { core, extension } = meta;
    for (const [part, rowType, location] of [
      [core, 'http://rs.tdwg.org/dwc/terms/Occurrence', 'occurrence.txt'],
      [extension, 'http://rs.gbif.org/terms/1.0/Multimedia', 'multimedia.txt'],
    ]) {
      expect(part).toMatchObject({
        rowType,
        encoding: 'UTF-8',
        fieldsTerminatedBy: '\\t',
        linesTerminatedBy: '\\n',
        fieldsEnclosedBy: '',
        ignoreHeaderLines: '1',
        files: { location },
      });
    }
    // the core: its id is occurrenceID, column 0; a field for every column, in order
    expect(core.id).toEqual({ index: '0' });
    const coreFields = asList<Field>(core.field);
    expect(coreFields.map((field) => Number(field.index))).toEqual(
      occurrence.header.map((_, i) => i),
    );
    expect(coreFields[0]!.term).toBe('http://rs.tdwg.org/dwc/terms/occurrenceID');
    for (const [i, field] of coreFields.entries()) {
      expect(OCCURRENCE_TERMS.has(field.term), field.term).toBe(true);
      expect(field.term.endsWith(`/${occurrence.header[i]}`)).toBe(true);
    }
    expect(occurrence.header).toEqual(
      expect.arrayContaining([
        'basisOfRecord',
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
        'countryCode',
        'locality',
        'occurrenceRemarks',
        'recordedBy',
        'license',
        'modified',
        'dataGeneralizations',
        'informationWithheld',
      ]),
    );
    // the extension: its coreid in column 0, then a GBIF Simple Multimedia term a column
    expect(extension.coreid).toEqual({ index: '0' });
    const media = table(files['multimedia.txt']!);
    const mediaFields = asList<Field>(extension.field);
    expect(mediaFields.map((field) => Number(field.index))).toEqual(
      media.header.slice(1).map((_, i) => i + 1),
    );
    for (const [i, field] of mediaFields.entries()) {
      expect(MULTIMEDIA_TERMS.has(field.term), field.term).toBe(true);
      expect(field.term.endsWith(`/${media.header[i + 1]}`)).toBe(true);
    }
  });

  it('reads occurrence.txt back cell by cell', async () => {
    const { occurrence } = await archive(ada);
    // newest observed first; the stranger's log is not there
    expect(occurrence.rows.map((row) => row.occurrenceID)).toEqual(
      [dateOnly, secret, denver, noZone].map((log) => `urn:uuid:${log.id}`),
    );
    const [swift, owl, jay, robin] = occurrence.rows;
    const common = {
      basisOfRecord: 'HumanObservation',
      occurrenceStatus: 'present',
      // of no outing (tests/outings/darwin-core.test.ts has some)
      eventID: '',
      samplingProtocol: '',
      samplingEffort: '',
      dynamicProperties: '',
      footprintWKT: '', // open places: no cell
    };
    expect(jay).toEqual({
      ...common,
      occurrenceID: `urn:uuid:${denver.id}`,
      eventDate: '2024-01-06T10:40:00-07:00',
      scientificName: denver.taxon?.scientificName ?? 'Cyanocitta stelleri',
      taxonID: denver.taxon?.id ?? '',
      taxonRank: denver.taxon?.rank ?? '',
      kingdom: denver.taxon?.kingdom ?? '',
      verbatimIdentification: 'Steller’s Jay (Cyanocitta stelleri)',
      vernacularName: 'Steller’s Jay',
      individualCount: '3',
      decimalLatitude: '39.998456',
      decimalLongitude: '-105.283123',
      geodeticDatum: 'WGS84',
      coordinateUncertaintyInMeters: '30',
      countryCode: 'US',
      locality: 'Chautauqua Park, Boulder', // tab and line break as spaces
      occurrenceRemarks: 'Two calling from pines, "loud" | =private thoughts 🐦',
      dataGeneralizations: '',
      informationWithheld: '',
      identificationVerificationStatus: '', // not flagged as unusual (issue 36)
      associatedMedia: `https://photos.example/jay.jpg | ${ORIGIN}${uploaded(denver)}`,
      references: `${ORIGIN}/shared/${denver.id}`,
      // nothing from a source record (issue 32)
      stateProvince: '',
      county: '',
      locationID: '',
      behavior: '',
      reproductiveCondition: '',
      degreeOfEstablishment: '',
      recordedBy: 'Ada Lovelace',
      license: CC_BY,
      modified: denver.updatedAt,
    });
    expect(swift).toMatchObject({
      eventDate: '2024-07-14', // the date alone: the time was not recorded
      decimalLatitude: '52.473456', // all logs, as their owner sees them
      countryCode: 'DE',
      occurrenceRemarks: `Screaming parties | ${dateOnly.notes}`,
      informationWithheld: '',
      recordedBy: 'Ada Lovelace',
    });
    expect(owl).toMatchObject({
      countryCode: 'CH',
      occurrenceRemarks: 'Roost site',
      associatedMedia: '', // a private log's photos stay private, and its page
      references: '',
    });
    expect(robin).toMatchObject({
      eventDate: '2023-12-24T08:15:30.250Z', // no zone: UTC
      scientificName: '',
      decimalLatitude: '',
      decimalLongitude: '',
      geodeticDatum: '', // a datum only with coordinates
      coordinateUncertaintyInMeters: '',
      countryCode: '',
      locality: '',
      occurrenceRemarks: '',
      associatedMedia: 'https://photos.example/robin.jpg',
    });
  });

  it('lists only public logs’ uploaded photos in multimedia.txt, with absolute URLs', async () => {
    const { files } = await archive(ada);
    const media = table(files['multimedia.txt']!);
    expect(media.rows).toEqual([
      {
        coreid: `urn:uuid:${denver.id}`,
        type: 'StillImage',
        format: '',
        identifier: `${ORIGIN}${uploaded(denver)}`,
        references: `${ORIGIN}/shared/${denver.id}`,
        title: 'Steller’s Jay',
        creator: 'Ada Lovelace',
        license: CC_BY,
        rightsHolder: 'Ada Lovelace',
      },
    ]);
    // anyone may open it: the log is public
    const photo = await app.inject({ method: 'GET', url: uploaded(denver) });
    expect(photo.statusCode).toBe(200);
    expect(files['multimedia.txt']).not.toContain(uploaded(secret));
  });

  it('publishes with scope=public: no private logs or notes, shared pages’ coordinates', async () => {
    const { occurrence, files } = await archive(ada, '?scope=public');
    expect(occurrence.rows.map((row) => row.occurrenceID)).toEqual(
      [dateOnly, denver, noZone].map((log) => `urn:uuid:${log.id}`),
    );
    const [swift, jay, robin] = occurrence.rows;
    expect(swift).toMatchObject({
      decimalLatitude: '52.47', // as the shared page shows it
      decimalLongitude: '13.4',
      coordinateUncertaintyInMeters: String(100 + 788),
      countryCode: 'DE',
      // notes come as the shared page shows them: one rule for public surfaces (issue 34)
      occurrenceRemarks: 'Screaming parties | Nest under the eaves of my neighbour, Hauptstr. 5',
      dataGeneralizations:
        'Coordinates rounded to 0.01 degrees; coordinateUncertaintyInMeters includes the rounding (788 m)',
      informationWithheld: 'Exact coordinates withheld',
    });
    expect(jay).toMatchObject({
      decimalLatitude: '39.998456', // the owner allowed the exact point
      coordinateUncertaintyInMeters: '30',
      occurrenceRemarks: 'Two calling from pines, "loud" | =private thoughts 🐦',
      dataGeneralizations: '',
      informationWithheld: '',
    });
    expect(robin).toMatchObject({ dataGeneralizations: '', informationWithheld: '' });
    const zip = Object.values(files).join('\n');
    expect(zip).not.toContain('Roost site');
    expect(zip).not.toContain(secret.id);
    expect(files['eml.xml']).toContain('Public logs only');
  });

  it('leaves out of a public archive what eBird and iNaturalist publish to GBIF, unless asked', async () => {
    const grace = await register({ firstName: 'Grace', lastName: 'Hopper' });
    for (const file of ['ebird-2024.csv', 'inaturalist.csv']) {
      const res = await importFile(grace, fixture(file), { query: 'onInvalid=skip' });
      expect(res.statusCode, res.body).toBe(201);
    }
    const own = await createLogAs(app, grace, { speciesCommon: 'Kestrel', isPublic: true });
    const items: Log[] = (await get(grace, '/api/logs?pageSize=100')).json().items;
    const all = items.length - 1;
    // the imports' private records (an iNaturalist observation with private geoprivacy) stay out
    const imported = items.filter((log) => log.isPublic).length - 1;
    expect(all).toBeGreaterThan(imported);
    expect(imported).toBeGreaterThan(10);

    const { occurrence, files } = await archive(grace, '?scope=public');
    expect(occurrence.rows.map((row) => row.occurrenceID)).toEqual([`urn:uuid:${own.id}`]);
    const left = xml.parse(files['eml.xml']!)['eml:eml'].dataset.abstract.para;
    expect(left).toBe(
      `1 observation of wildlife exported from Sightbook. Public logs only, as their shared pages show them: coordinates are rounded to 0.01 degrees unless the observer chose to share the exact point. ${imported} records imported from eBird and iNaturalist are left out: those sources publish them to GBIF themselves, and GBIF would otherwise hold them twice.`,
    );

    const asked = await archive(grace, '?scope=public&sourced=include');
    expect(asked.occurrence.rows).toHaveLength(imported + 1);
    const sources = asked.occurrence.rows
      .filter((row) => row.occurrenceID !== `urn:uuid:${own.id}`)
      .map((row) => row.references!.replace(/(checklist\/S|observations\/)\d+$/, '$1…'));
    expect(new Set(sources)).toEqual(
      new Set(['https://ebird.org/checklist/S…', 'https://www.inaturalist.org/observations/…']),
    );
    const kept = xml.parse(asked.files['eml.xml']!)['eml:eml'].dataset.abstract.para;
    expect(kept).toContain(`It includes ${imported} records imported from eBird and iNaturalist`);
    // the owner's own archive holds everything and says nothing of it
    const whole = await archive(grace);
    expect(whole.occurrence.rows).toHaveLength(all + 1);
    expect(whole.files['eml.xml']).not.toContain('imported from eBird');
  });

  it('describes the dataset in eml.xml: title, creator, licence, date', async () => {
    const { files } = await archive(ada);
    const eml = xml.parse(files['eml.xml']!)['eml:eml'];
    expect(eml['xmlns:eml']).toBe('eml://ecoinformatics.org/eml-2.1.1');
    expect(eml.packageId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-/);
    const { dataset } = eml;
    expect(dataset.title['#text']).toBe('Wildlife sightings of Ada Lovelace (Sightbook)');
    const person = { individualName: { givenName: 'Ada', surName: 'Lovelace' } };
    expect(dataset.creator).toEqual(person);
    expect(dataset.contact).toEqual(person);
    expect(dataset.pubDate).toBe(today());
    expect(dataset.abstract.para).toBe('4 observations of wildlife exported from Sightbook.');
    expect(dataset.intellectualRights.para).toEqual({
      '#text': expect.stringContaining('licensed under'),
      ulink: { url: CC_BY, citetitle: 'CC BY 4.0 (attribution)' },
    });
    expect(dataset.methods.methodStep.description.para).toContain('absence');
    // the same packageId next time: a re-publication updates the dataset
    const again = xml.parse((await archive(ada)).files['eml.xml']!)['eml:eml'];
    expect(again.packageId).toBe(eml.packageId);
  });

  it('remembers the licence chosen, for the archive and the Darwin Core CSV', async () => {
    const bea = await register({ firstName: 'Bea' });
    await createLogAs(app, bea, { speciesCommon: 'Wren' });
    expect((await get(bea, '/api/account')).json()).toMatchObject({ dataLicense: 'CC-BY-4.0' });
    expect((await archive(bea)).occurrence.rows[0]!.license).toBe(CC_BY);

    const chosen = await archive(bea, '?license=CC0-1.0');
    expect(chosen.occurrence.rows[0]!.license).toBe(CC0);
    const rights = xml.parse(chosen.files['eml.xml']!)['eml:eml'].dataset.intellectualRights;
    expect(rights.para.ulink).toEqual({ url: CC0, citetitle: 'CC0 1.0 (public domain)' });
    expect(table(chosen.files['multimedia.txt']!).rows).toEqual([]);

    expect((await get(bea, '/api/account')).json()).toMatchObject({ dataLicense: 'CC0-1.0' });
    expect((await archive(bea)).occurrence.rows[0]!.license).toBe(CC0); // remembered
    const csv = await get(bea, '/api/export.csv?format=dwc');
    expect(csv.body).toContain(CC0);
    await archive(bea, '?license=CC-BY-NC-4.0');
    expect((await get(bea, '/api/account')).json()).toMatchObject({ dataLicense: 'CC-BY-NC-4.0' });
    // someone else's choice is theirs
    expect((await get(ada, '/api/account')).json()).toMatchObject({ dataLicense: 'CC-BY-4.0' });
    expect((await archive(bea)).occurrence.rows[0]!.license).toBe(CC_BY_NC);
  });

  it('never names an account by its email', async () => {
    const nameless = await register({});
    await createLogAs(app, nameless, { speciesCommon: 'Wren', uploadedPhotoUrls: [] });
    const { files, occurrence, res } = await archive(nameless);
    expect(occurrence.rows[0]!.recordedBy).toBe('');
    const eml = xml.parse(files['eml.xml']!)['eml:eml'].dataset;
    expect(eml.title['#text']).toBe('Wildlife sightings (Sightbook)');
    expect(eml.creator).toEqual({ positionName: 'Sightbook user' });
    const local = nameless.email.split('@')[0]!;
    expect(Object.values(files).join('\n')).not.toContain(local);
    expect(res.rawPayload.includes(Buffer.from(local))).toBe(false);
    const csv = await get(nameless, '/api/export.csv?format=dwc');
    expect(csv.body).not.toContain(local);
  });

  it('applies the list filters and holds only the caller’s logs', async () => {
    const { occurrence, files } = await archive(ada, '?q=swift');
    expect(occurrence.rows.map((row) => row.occurrenceID)).toEqual([`urn:uuid:${dateOnly.id}`]);
    expect(table(files['multimedia.txt']!).rows).toEqual([]); // the jay's photo is filtered out
    const all = Object.values((await archive(ada)).files).join('\n');
    expect(all).not.toContain(strangers.id);
    expect(all).not.toContain(uploaded(strangers));
    const empty = await archive(ada, '?from=2030-01-01');
    expect(empty.occurrence.rows).toEqual([]);
    expect(empty.files['eml.xml']).toContain('0 observations');
  });

  it.each([
    ['?license=CC-BY-SA-4.0', 'license', 'Licence must be CC0-1.0, CC-BY-4.0 or CC-BY-NC-4.0'],
    ['?scope=friends', 'scope', 'Scope must be all or public'],
    ['?tz=Mars/Olympus', 'tz', 'Unknown time zone'],
    ['?scope=public&sourced=some', 'sourced', 'Sourced must be exclude or include'],
  ])('refuses %s', async (query, path, message) => {
    const res = await get(ada, `/api/export/dwca.zip${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, issues: [{ path: [path], message }] });
    expect((await get(ada, '/api/account')).json()).toMatchObject({ dataLicense: 'CC-BY-4.0' });
  });

  it('needs a signed-in user', async () => {
    for (const url of ['/api/export/dwca.zip', '/api/account']) {
      const res = await get(undefined, url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized' });
    }
  });
});
