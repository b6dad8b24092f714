import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { logs } from '../../src/server/db/schema.js';
import { signUp, stores, testConfig, type TestUser } from '../support/helpers.js';
import { importFor } from '../data-exchange/import-support.js';
import { fixture } from '../data-exchange/support.js';
import Papa from 'papaparse';
import { undoNewestMigrations } from '../support/undo-migrations.js';

// Issue 32: next year's "My eBird Data" must not come in again. eBird renumbers Taxonomic Order
// with every annual taxonomy (281 of 281 shared species between two real files of different
// years), and renames some species; an import keyed on the order doubled the account.

const EBIRD_2024 = fixture('ebird-2024.csv').toString('utf8');
const RECORDS = 8; // the file's records (some cells span lines)

/** The file as next year's taxonomy writes it: every order renumbered, two species renamed. */
function nextTaxonomy(text: string) {
  const { data } = Papa.parse<string[]>(text.trimEnd());
  const [header = [], ...lines] = data;
  const rows = lines.filter((row) => row.length > 1); // not the blank line
  const cell = (name: string) => header.indexOf(name);
  for (const row of rows) {
    row[cell('Taxonomic Order')] = String(Number(row[cell('Taxonomic Order')]) + 1234);
    if (row[cell('Scientific Name')] === 'Apus apus')
      row[cell('Scientific Name')] = 'Micropus apus'; // a genus moved
    if (row[cell('Common Name')] === 'Eurasian Skylark') row[cell('Common Name')] = 'Skylark'; // an English name changed
  }
  return Papa.unparse([header, ...rows]);
}

describe.each(stores)('re-importing eBird across taxonomies on $store', ({ databaseUrl }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sightbook-ebird-keys-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  // a store that survives the app's close: PostgreSQL, or PGlite on disk
  const config = testConfig({ databaseUrl, dataDir, embeddedDatabase: join(dataDir, 'db') });
  let app: FastifyInstance | undefined;
  afterAll(() => app?.close());
  const { importFile } = importFor(() => app!);

  const keysOf = async (user: TestUser) =>
    (await app!.db.select({ key: logs.sourceKey }).from(logs).where(eq(logs.userId, user.id)))
      .map((row) => row.key ?? '')
      .sort();

  it('adds nothing when next year’s download renumbers and renames species', async () => {
    app = await buildApp(config);
    const ada = await signUp(app, 'next-year');
    const first = await importFile(ada, EBIRD_2024);
    expect(first.json()).toMatchObject({ imported: RECORDS, duplicates: 0 });
    expect(await keysOf(ada)).toContain('ebird:S171000001:apus apus');
    const next = await importFile(ada, nextTaxonomy(EBIRD_2024));
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json()).toMatchObject({ imported: 0, duplicates: RECORDS, outings: 0 });
    expect(await app.db.$count(logs, eq(logs.userId, ada.id))).toBe(RECORDS);
  });

  it('rewrites the keys of an account imported before, so that its next import adds nothing', async () => {
    app ??= await buildApp(config);
    const bob = await signUp(app, 'imported-before');
    expect((await importFile(bob, EBIRD_2024)).json().imported).toBe(RECORDS);
    const newKeys = await keysOf(bob);
    // the account as migration 0014 left it: keys of checklist and Taxonomic Order, one repeated
    await app.db.execute(sql`
      UPDATE logs SET source_key = 'ebird:' || split_part(source_key, ':', 2) || ':' ||
        abs(hashtext(species_scientific))::text
      WHERE user_id = ${bob.id}`);
    await app.db.execute(sql`
      INSERT INTO logs (user_id, species_common, species_scientific, count, observed_at, source_key)
      SELECT user_id, species_common, species_scientific, 1, observed_at, source_key || '#2'
      FROM logs WHERE user_id = ${bob.id} AND source_key LIKE 'ebird:S171000001:%'
        AND species_scientific = 'Apus apus'`);
    // undo 0018, 0017 and 0016, then forget them and 0015, so that all four run again
    await undoNewestMigrations(app.db, 9);
    await app.close();

    app = await buildApp(config); // migrates again: 0015 rewrites the keys
    const migrated = await keysOf(bob);
    expect(migrated).toEqual([...newKeys, 'ebird:S171000001:apus apus#2'].sort());
    const next = await importFile(bob, nextTaxonomy(EBIRD_2024));
    expect(next.json()).toMatchObject({ imported: 0, duplicates: RECORDS });
    expect(await app.db.$count(logs, eq(logs.userId, bob.id))).toBe(RECORDS + 1);
  });
});
