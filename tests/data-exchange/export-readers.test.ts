import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import { buildApp } from '../../src/server/app.js';
import { logs } from '../../src/server/db/schema.js';
import type { Log } from '../../src/common/logs/schemas.js';
import { signUp, stores, testConfig, type TestUser } from '../support/helpers.js';
import { CSV_HEADERS, dataExchangeFor } from './support.js';

// The exports as other programs read them: Papa Parse, and Python's csv module (what pandas and
// GDAL follow) when python3 is installed. Every cell must come back as stored.

const hasPython = spawnSync('python3', ['--version']).status === 0;
const work = mkdtempSync(join(tmpdir(), 'sightbook-readers-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Text in the cells that needs quoting, or that a reader might take apart. */
const NOTES = [
  'line\nfeed',
  'carriage\rreturn',
  'both\r\nkinds',
  'ends with a line feed\n',
  '\nstarts with one',
  'say "hi", then, "bye"',
  '=1+2 looks like a formula',
  'non-BMP: 𝔘 🐦 🦉 and ü',
  'tab\tinside',
  '"',
  ',',
];

const papaRows = (text: string) => {
  // skipEmptyLines: the CRLF after the last row is no row of its own
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
};

function pythonRows(file: Buffer): string[][] {
  const path = join(work, `export-${Math.random().toString(36).slice(2)}.csv`);
  writeFileSync(path, file);
  const script =
    'import csv, json, sys\n' +
    "with open(sys.argv[1], newline='', encoding='utf-8-sig') as f:\n" +
    '    print(json.dumps(list(csv.reader(f))))';
  return JSON.parse(execFileSync('python3', ['-c', script, path], { encoding: 'utf8' }));
}

/** Where a CR or LF stands outside quotes other than as a record's CRLF (RFC 4180 2.6). */
function bareBreaks(text: string): number[] {
  const found: number[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '\r' && text[i + 1] === '\n') i += 1;
    else if (!quoted && (char === '\r' || char === '\n')) found.push(i);
  }
  return found;
}

/** A spreadsheet would run these: the export writes a ' before them. */
const guarded = (text: string | null) =>
  text === null ? '' : /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;

describe.each(stores)('exports read by other programs on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let owner: TestUser;
  let stored: Log[]; // newest first, as the export writes them
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    owner = await signUp(app, 'reader');
    // stored directly: the API trims the leading and trailing line breaks these need
    await app.db.insert(logs).values(
      NOTES.map((notes, i) => ({
        userId: owner.id,
        speciesCommon: i % 2 ? `Robin, "the ${i}th"` : `Wren\n${i}`,
        speciesScientific: i === 6 ? '=HYPERLINK("x")' : 'Troglodytes troglodytes',
        count: i + 1,
        observedAt: new Date(Date.UTC(2026, 4, 1 + i, 7, 30)),
        timeZone: i % 3 ? 'America/Denver' : null,
        timeKnown: i % 4 !== 0,
        placeName: i % 2 ? 'Marsh, "north"\r\nbank' : null,
        latitude: 39.7 + i / 100,
        longitude: -105 - i / 100,
        coordinateUncertainty: i ? i * 10 : null,
        description: i % 2 ? null : `desc ${i}\r`,
        notes,
      })),
    );
    stored = (await get(owner, '/api/logs?pageSize=100')).json().items;
    expect(stored).toHaveLength(NOTES.length);
  });
  afterAll(() => app.close());

  const { get } = dataExchangeFor(() => app);

  const expectedCsv = (log: Log) => [
    log.id,
    log.observedAt,
    guarded(log.speciesCommon),
    guarded(log.speciesScientific),
    String(log.count),
    guarded(log.placeName),
    String(log.latitude),
    String(log.longitude),
    guarded(log.description),
    guarded(log.notes),
    String(log.isPublic),
    '',
    log.createdAt,
    log.updatedAt,
    log.timeZone ?? '',
    String(log.timeKnown),
    log.coordinateUncertainty === null ? '' : String(log.coordinateUncertainty),
    log.taxon?.id ?? '',
    '', // outing_id: of no outing
    String(log.showExactLocation),
    ...['', '', '', '', '', 'false', '', ''], // nothing from a source (issue 32)
    log.locationPrivacy, // issue 35
    '', // no embargo
    '', // no sound recordings (issue 37)
  ];

  async function download(query: string) {
    const res = await get(owner, `/api/export.csv${query}`);
    expect(res.statusCode).toBe(200);
    return res;
  }

  it('reads back every cell of the CSV with Papa Parse', async () => {
    const res = await download('');
    expect(bareBreaks(res.body)).toEqual([]);
    expect(papaRows(res.body)).toEqual([CSV_HEADERS, ...stored.map(expectedCsv)]);
  });

  it.skipIf(!hasPython)("reads back every cell of the CSV with Python's csv module", async () => {
    const res = await download('');
    expect(pythonRows(res.rawPayload)).toEqual([CSV_HEADERS, ...stored.map(expectedCsv)]);
  });

  it('reads back every cell of the Darwin Core CSV with both readers', async () => {
    const res = await download('?format=dwc');
    expect(bareBreaks(res.body)).toEqual([]);
    const readers = [papaRows(res.body), ...(hasPython ? [pythonRows(res.rawPayload)] : [])];
    for (const [header, ...rows] of readers) {
      expect(rows).toHaveLength(stored.length);
      const cell = (row: string[], term: string) => row[header!.indexOf(term)];
      rows.forEach((row, i) => {
        const log = stored[i]!;
        expect(row).toHaveLength(header!.length);
        expect(cell(row, 'occurrenceID')).toBe(`urn:uuid:${log.id}`);
        expect(cell(row, 'vernacularName')).toBe(guarded(log.speciesCommon));
        expect(cell(row, 'scientificName')).toBe(guarded(log.speciesScientific));
        expect(cell(row, 'locality')).toBe(guarded(log.placeName));
        expect(cell(row, 'occurrenceRemarks')).toBe(
          guarded([log.description, log.notes].filter(Boolean).join(' | ')),
        );
        expect(cell(row, 'individualCount')).toBe(String(log.count));
        expect(cell(row, 'countryCode')).toBe('US');
        expect(cell(row, 'modified')).toBe(log.updatedAt);
      });
    }
  });
});
