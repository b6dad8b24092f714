#!/usr/bin/env node
// The first start's species backbone (issues 20 and 33) on the embedded store: the server built
// on a fresh data directory with SEED_TAXA on, as a new instance starts. Prints the time to load
// common-species, then the birds, the data directory's size before and after, the slowest
// answer of GET /healthz asked every 100 ms meanwhile (the seed runs in the background), the
// duplicate scientific names left, the seed's birds eBird did not take over, and the pack's
// gzip size a language.
// Usage: node --import tsx bench/backbone-seed.mjs      Prints figures; asserts nothing.
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { TaxaPacks } from '../src/server/features/taxonomy/pack.ts';
import { testConfig } from '../tests/support/helpers.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'sightbook-seed-'));
const embeddedDatabase = join(dataDir, 'db');
const megabytes = () =>
  (Number(execSync(`du -sk ${embeddedDatabase}`).toString().split('\t')[0]) / 1024).toFixed(0);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

const started = performance.now();
const app = await buildApp(
  testConfig({ dataDir, embeddedDatabase, seedTaxa: true, logLevel: 'silent' }),
);
const rowsOf = async (query) => (await app.db.execute(query)).rows;
await app.ready(); // starts the seed in the background
console.log(
  `fresh data directory: ${megabytes()} MB (the app ready in ${seconds(performance.now() - started)})`,
);

const loaded = new Map();
let slowest = 0;
let answers = 0;
while (loaded.size < 2) {
  // late: since the moment it was due, 100 ms after the previous answer (a blocked event loop
  // delays the timer too)
  const due = performance.now() + 100;
  await new Promise((resolve) => setTimeout(resolve, 100));
  const res = await app.inject({ url: '/healthz' });
  if (res.statusCode !== 200) throw new Error(`/healthz answered ${res.statusCode}`);
  slowest = Math.max(slowest, performance.now() - due);
  answers += 1;
  for (const { source } of await rowsOf(sql`SELECT source FROM taxon_sources`)) {
    if (!loaded.has(source)) loaded.set(source, performance.now() - started);
  }
}
// the job links logs after the load; wait for it to finish with the app
await app.close();
console.log(
  `common-species loaded after ${seconds(loaded.get('common-species'))}, the birds after ` +
    `${seconds(loaded.get('birds'))}; /healthz answered ${answers} times, the slowest in ${seconds(slowest)}`,
);

const reopened = await buildApp(testConfig({ dataDir, embeddedDatabase, logLevel: 'silent' }));
const db = reopened.db;
await db.execute(sql`CHECKPOINT`);
console.log(`data directory after the seed: ${megabytes()} MB`);
const [tables, wal] = ['base', 'pg_wal'].map((dir) =>
  (Number(execSync(`du -sk ${embeddedDatabase}/${dir}`).toString().split('\t')[0]) / 1024).toFixed(
    0,
  ),
);
console.log(`of which tables and indexes ${tables} MB, write-ahead log ${wal} MB`);
const [counts] = (
  await db.execute(sql`SELECT
    (SELECT count(*)::int FROM taxa) AS taxa,
    (SELECT count(*)::int FROM taxa WHERE accepted_id IS NOT NULL) AS synonyms,
    (SELECT count(*)::int FROM taxon_names) AS names,
    (SELECT count(DISTINCT language)::int FROM taxon_names) AS languages,
    (SELECT count(*)::int FROM (SELECT 1 FROM taxa t
      WHERE NOT EXISTS (SELECT 1 FROM taxa a WHERE a.id = t.accepted_id)
      GROUP BY scientific_key, lower(kingdom) HAVING count(*) > 1) d) AS duplicates,
    (SELECT count(*)::int FROM taxa WHERE source = 'common-species' AND class = 'Aves'
      AND accepted_id IS NULL) AS "seedBirdsLeft"`)
).rows;
console.log(counts);
for (const language of ['en', 'fr', 'de', 'es', 'nl', 'ja']) {
  const built = performance.now();
  const pack = await new TaxaPacks(db).get(language);
  console.log(
    `pack ${language}: ${pack.header.taxa} taxa, ${(pack.gzip.length / 1e6).toFixed(2)} MB gzip, ` +
      `built in ${seconds(performance.now() - built)}`,
  );
}
await reopened.close();
rmSync(dataDir, { recursive: true, force: true });
