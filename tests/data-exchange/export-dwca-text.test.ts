import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import {
  as,
  createLogAs,
  getFor,
  signUp,
  stores,
  testConfig,
  uploadPhotoAs,
} from '../support/helpers.js';
import { pythonJson } from '../support/python.js';

// A Darwin Core Archive is data for GBIF, not a spreadsheet's input: its text files hold what
// was typed, without the CSV export's formula guard ('+Plus Bird' stays +Plus Bird), read here
// by Python's zipfile and csv modules as meta.xml declares the files (tab-separated, no quotes).

/** Each text file of the archive, its rows as dictionaries by the header's terms. */
const READ_ARCHIVE = [
  'import csv, io, json, sys, zipfile',
  'z = zipfile.ZipFile(sys.argv[1])',
  'def rows(name):',
  '    text = io.StringIO(z.read(name).decode("utf-8"), newline="")',
  '    return list(csv.DictReader(text, delimiter="\\t", quoting=csv.QUOTE_NONE))',
  'print(json.dumps({name: rows(name) for name in ("occurrence.txt", "multimedia.txt")}))',
].join('\n');

type Archive = Record<'occurrence.txt' | 'multimedia.txt', Array<Record<string, string>>>;

describe.each(stores)('Darwin Core Archive text on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  const get = getFor(() => app);
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  it('writes what was typed, formula-like or not, and signed numbers', async () => {
    const ada = await signUp(app, 'publisher');
    await app.inject({
      method: 'PUT',
      url: '/api/account',
      headers: as(ada),
      payload: { firstName: '@Ada', lastName: 'Lovelace' },
    });
    await createLogAs(app, ada, {
      speciesCommon: '+Plus Bird',
      speciesScientific: '-Minus avis',
      placeName: '=Equals Marsh',
      description: '@at the feeder',
      notes: '-minus note',
      latitude: -33.9,
      longitude: -58.4,
      isPublic: true,
      uploadedPhotoUrls: [await uploadPhotoAs(app, ada)],
    });
    const res = await get(ada, '/api/export/dwca.zip');
    expect(res.statusCode).toBe(200);
    const archive = pythonJson<Archive>(READ_ARCHIVE, res.rawPayload);

    expect(archive['occurrence.txt']).toHaveLength(1);
    expect(archive['occurrence.txt'][0]).toMatchObject({
      vernacularName: '+Plus Bird',
      verbatimIdentification: '+Plus Bird (-Minus avis)',
      locality: '=Equals Marsh',
      occurrenceRemarks: '@at the feeder | -minus note',
      recordedBy: '@Ada Lovelace',
      decimalLatitude: '-33.9',
      decimalLongitude: '-58.4',
    });
    expect(archive['multimedia.txt']).toMatchObject([
      { title: '+Plus Bird', creator: '@Ada Lovelace', rightsHolder: '@Ada Lovelace' },
    ]);
    // the CSV export, meant for spreadsheets, keeps its guard on the same text
    const csv = await get(ada, '/api/export.csv?format=dwc');
    expect(csv.body).toContain("'+Plus Bird");
  });
});
