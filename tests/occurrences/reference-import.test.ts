import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import yazl from 'yazl';
import { weekOfDate } from '../../src/common/occurrences.js';
import { buildApp } from '../../src/server/app.js';
import { cellsOf } from '../../src/server/features/occurrences/cells.js';
import { importReferenceSet } from '../../src/server/features/occurrences/index.js';
import { dayOf, nameWithoutAuthorship } from '../../src/server/features/occurrences/reference.js';
import { as, createLogAs, signUp, stores, testConfig, type TestUser } from '../support/helpers.js';

// Issue 36: `npm run occurrences:import` of a GBIF occurrence download. The fixtures keep real
// downloads' shapes: tests/fixtures/gbif/dwca is the core of meta.xml, the EML of metadata.xml
// and two rows of occurrence.txt of GBIF download 0000154-150116162929234 (rOpenSci's finch
// examples), a DOI and licence added as today's downloads give them, and rows of birds in its
// 225 columns; tests/fixtures/gbif/simple is a simple CSV download's 50 columns;
// tests/fixtures/gbif/rgbif holds a real simple CSV download, unchanged.

const fixtures = join(import.meta.dirname, '../fixtures/gbif');
const dir = mkdtempSync(join(tmpdir(), 'sightbook-gbif-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A zip of `files` (name → text) in the temporary folder. */
async function zip(name: string, files: Record<string, string>): Promise<string> {
  const file = new yazl.ZipFile();
  for (const [entry, text] of Object.entries(files)) file.addBuffer(Buffer.from(text), entry);
  file.end();
  const chunks: Buffer[] = [];
  for await (const chunk of file.outputStream) chunks.push(chunk as Buffer);
  const path = join(dir, name);
  writeFileSync(path, Buffer.concat(chunks));
  return path;
}

const fixture = (path: string) => readFileSync(join(fixtures, path), 'utf8');
const dwcaFiles = () => ({
  'meta.xml': fixture('dwca/meta.xml'),
  'metadata.xml': fixture('dwca/metadata.xml'),
  'occurrence.txt': fixture('dwca/occurrence.txt'),
  'rights.txt': fixture('dwca/rights.txt'),
});
const SIMPLE = '0086423-210914110416597.csv';

const CENTRAL_PARK = cellsOf(40.7812, -73.9665);
const BOSTON_COMMON = cellsOf(42.3601, -71.0589);
const KEOLADEO = cellsOf(27.161905, 77.5228);

describe.each(stores)('reference import on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let admin: TestUser;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    admin = await signUp(app, 'admin');
  });
  afterAll(() => app.close());

  const rowsOf = async <Row>(query: ReturnType<typeof sql>) =>
    ((await app.db.execute(query)) as unknown as { rows: Row[] }).rows;
  const occurrencesOf = (doi: string) =>
    rowsOf<{ unit: string; cell: string; week: number; records: number; maxCount: number | null }>(
      sql`SELECT o.species_unit AS unit, o.cell::text AS cell, o.week, o.records,
          o.max_count AS "maxCount"
        FROM reference_occurrences o JOIN reference_sets s ON s.id = o.set_id
        WHERE s.doi = ${doi} ORDER BY o.species_unit, o.cell, o.week`,
    );
  const status = async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/occurrences',
      headers: as(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      lastBuild: { referenceRecords: number } | null;
      referenceSets: Array<{
        id: string;
        title: string;
        citation: string | null;
        doi: string | null;
        license: string | null;
        rows: number;
        records: number;
        importedAt: string;
      }>;
    };
  };

  it('imports a Darwin Core Archive download: what it kept, skipped and cites', async () => {
    const file = await zip('dwca.zip', dwcaFiles());
    const result = await importReferenceSet(app.db, file);
    expect(result).toMatchObject({
      status: 'added',
      title: 'GBIF Occurrence Download 0000154-150116162929234',
      doi: '10.15468/dl.sbk36q',
      citation: 'GBIF Occurrence Download doi:10.15468/dl.sbk36q',
      license: 'http://creativecommons.org/licenses/by-nc/4.0/legalcode',
      key: 'doi:10.15468/dl.sbk36q',
      rows: 9,
      records: 4, // three robins (a time, a day without count, a range) and a subspecies
      skipped: { absent: 1, noCoordinates: 2, noDate: 1, noSpecies: 1 },
      cells: 4,
    });

    const robinWeek = weekOfDate('2020-05-01');
    expect(await occurrencesOf('10.15468/dl.sbk36q')).toEqual(
      [
        // the subspecies counts as its species, at both resolutions
        ...[BOSTON_COMMON.fine, BOSTON_COMMON.coarse].map((cell) => ({
          unit: 'sci:melospiza melodia',
          cell,
          week: weekOfDate('2021-04-15'),
          records: 1,
          maxCount: 2,
        })),
        // the range counts on its first day; an empty count is no count
        ...[CENTRAL_PARK.fine, CENTRAL_PARK.coarse].map((cell) => ({
          unit: 'sci:turdus migratorius',
          cell,
          week: robinWeek,
          records: 3,
          maxCount: 7,
        })),
      ].sort((a, b) => (a.unit + a.cell).localeCompare(b.unit + b.cell)),
    );

    const { referenceSets } = await status();
    expect(referenceSets).toEqual([
      expect.objectContaining({
        title: 'GBIF Occurrence Download 0000154-150116162929234',
        citation: 'GBIF Occurrence Download doi:10.15468/dl.sbk36q',
        doi: '10.15468/dl.sbk36q',
        rows: 9,
        records: 4,
      }),
    ]);
  });

  it('changes nothing when the same file comes again', async () => {
    const before = await status();
    const rows = await occurrencesOf('10.15468/dl.sbk36q');
    const again = await importReferenceSet(app.db, await zip('dwca-again.zip', dwcaFiles()));
    expect(again.status).toBe('unchanged');
    const after = await status();
    expect(after.referenceSets).toEqual(before.referenceSets); // one set, same id and date
    expect(await occurrencesOf('10.15468/dl.sbk36q')).toEqual(rows);
  });

  it('replaces the set of the same DOI with a changed file', async () => {
    const files = dwcaFiles();
    const [header, ...lines] = files['occurrence.txt'].trimEnd().split('\n');
    const columns = header!.split('\t');
    // one more robin in Central Park that week, of 12
    const robin = lines.find((line) => line.includes('2563412001'))!.split('\t');
    robin[columns.indexOf('gbifID')] = '2563412099';
    robin[columns.indexOf('individualCount')] = '12';
    const changed = {
      ...files,
      'occurrence.txt': [header, ...lines, robin.join('\t')].join('\n') + '\n',
    };
    const before = (await status()).referenceSets[0]!;
    const result = await importReferenceSet(app.db, await zip('dwca-changed.zip', changed), {
      citation: 'Our GBIF download of 2015',
    });
    expect(result).toMatchObject({ status: 'replaced', rows: 10, records: 5, cells: 4 });
    const { referenceSets } = await status();
    expect(referenceSets).toHaveLength(1);
    expect(referenceSets[0]).toMatchObject({ citation: 'Our GBIF download of 2015', records: 5 });
    expect(referenceSets[0]!.id).not.toBe(before.id);
    const robins = (await occurrencesOf('10.15468/dl.sbk36q')).filter(
      (row) => row.unit === 'sci:turdus migratorius',
    );
    expect(robins.map((row) => [row.records, row.maxCount])).toEqual([
      [4, 12],
      [4, 12],
    ]);
  });

  it('imports a simple CSV download, titled by its key, keyed by its bytes', async () => {
    const file = await zip('simple.zip', { [SIMPLE]: fixture(`simple/${SIMPLE}`) });
    const result = await importReferenceSet(app.db, file);
    expect(result).toMatchObject({
      status: 'added',
      title: 'GBIF occurrence download 0086423-210914110416597',
      doi: null,
      citation: null,
      rows: 4,
      records: 2,
      skipped: { absent: 1, noCoordinates: 1, noDate: 0, noSpecies: 0 },
      cells: 2,
    });
    expect(result.key).toMatch(/^sha256:[0-9a-f]{64}$/);
    const cranes = await rowsOf<{ cell: string; records: number; maxCount: number }>(
      sql`SELECT o.cell::text AS cell, o.records, o.max_count AS "maxCount"
        FROM reference_occurrences o JOIN reference_sets s ON s.id = o.set_id
        WHERE s.key = ${result.key} AND o.species_unit = 'sci:grus leucogeranus' ORDER BY o.cell`,
    );
    expect(cranes).toEqual(
      [KEOLADEO.fine, KEOLADEO.coarse].sort().map((cell) => ({ cell, records: 2, maxCount: 12 })),
    );
    expect((await importReferenceSet(app.db, file)).status).toBe('unchanged');
    expect((await status()).referenceSets).toHaveLength(2);
  });

  it('builds the model with the reference records at their cells, and the logs', async () => {
    await createLogAs(app, admin, { latitude: 51.5073, longitude: -0.1657 }); // a robin, Hyde Park
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/occurrences/build',
      headers: as(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lastBuild.referenceRecords).toBe(5 + 2);
    const model = await rowsOf<{ records: number }>(
      sql`SELECT records FROM occurrence_cells WHERE species_unit = 'sci:turdus migratorius'
        AND cell = ${CENTRAL_PARK.fine}::bigint AND week = ${weekOfDate('2020-05-01')}`,
    );
    expect(model).toEqual([{ records: 4 }]);
    const logged = await rowsOf<{ records: number }>(
      sql`SELECT sum(records)::int AS records FROM occurrence_cells
        WHERE species_unit = 'sci:erithacus rubecula' AND week > 0`,
    );
    expect(logged).toEqual([{ records: 2 }]); // its fine and coarse cells
    expect(res.json().lastBuild.logs).toBe(1);
  });

  it('refuses a zip that is no occurrence download', async () => {
    const file = await zip('other.zip', { 'notes.md': 'hello', 'list.csv': 'a\n', 'b.csv': 'b\n' });
    await expect(importReferenceSet(app.db, file)).rejects.toThrow(/neither a Darwin Core Archive/);
    const taxa = await zip('taxa.zip', {
      'meta.xml': fixture('dwca/meta.xml').replace('dwc/terms/Occurrence', 'dwc/terms/Taxon'),
    });
    await expect(importReferenceSet(app.db, taxa)).rejects.toThrow(/no Occurrence core/);
    expect((await status()).referenceSets).toHaveLength(2);
  });

  it('imports a real simple CSV download as GBIF sent it', async () => {
    const file = join(fixtures, 'rgbif/0009886-250127130748423.zip');
    const result = await importReferenceSet(app.db, file);
    expect(result).toMatchObject({
      status: 'added',
      title: 'GBIF occurrence download 0009886-250127130748423',
      rows: 91,
      records: 50,
      skipped: { absent: 0, noCoordinates: 8, noDate: 33, noSpecies: 0 },
      cells: 21,
    });
    const units = await rowsOf<{ unit: string }>(
      sql`SELECT DISTINCT o.species_unit AS unit
        FROM reference_occurrences o JOIN reference_sets s ON s.id = o.set_id
        WHERE s.key = ${result.key}`,
    );
    expect(units).toEqual([{ unit: 'sci:delphinium fissum' }]);
  });
});

describe('reading a download row', () => {
  it('takes the first day of an eventDate, and only a whole day', () => {
    expect(dayOf('2020-05-01')).toBe('2020-05-01');
    expect(dayOf('2020-05-01T06:30Z')).toBe('2020-05-01');
    expect(dayOf('2020-05-01/2020-05-03')).toBe('2020-05-01');
    expect(dayOf('2019-06')).toBeNull();
    expect(dayOf('2019')).toBeNull();
    expect(dayOf('2019-02-30')).toBeNull();
    expect(dayOf('')).toBeNull();
  });

  it('leaves the authorship out of a scientific name', () => {
    expect(nameWithoutAuthorship('Turdus migratorius Linnaeus, 1766')).toBe('Turdus migratorius');
    expect(nameWithoutAuthorship('Otus nudipes (Daudin, 1800)')).toBe('Otus nudipes');
    expect(nameWithoutAuthorship('Artibeus jamaicensis subsp. jamaicensis Leach, 1821')).toBe(
      'Artibeus jamaicensis subsp. jamaicensis',
    );
    expect(nameWithoutAuthorship('Turdus Linnaeus, 1758')).toBe('Turdus');
    expect(
      nameWithoutAuthorship('Anolis cristatellus Duméril & Bibron, 1837', 'Duméril & Bibron, 1837'),
    ).toBe('Anolis cristatellus');
  });
});
