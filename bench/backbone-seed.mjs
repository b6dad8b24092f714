#!/usr/bin/env node
// The first start's species backbone (issues 20 and 33) on the embedded store: the server built
// on a fresh data directory with SEED_TAXA on, as a new instance starts. Prints the time to load
// common-species, then the birds, the data directory's size before and after, the slowest
// answer of GET /healthz asked every 100 ms meanwhile (the seed runs in the background), the
// duplicate scientific names left, the seed's birds eBird did not take over, and the pack's
// gzip size a language; then P14 of issue 38: the same rows (taxa, names, sources) written by
// COPY into a new instance's empty tables, beside the seed's time.
// Usage: node --import tsx bench/backbone-seed.mjs      Prints figures; asserts nothing.
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { PGLITE_EXTENSIONS } from '../src/server/db/client.ts';
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
while (loaded.size < 3) {
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
const seedMs = loaded.get('names:vertebrates');
console.log(
  `common-species loaded after ${seconds(loaded.get('common-species'))}, the birds after ` +
    `${seconds(loaded.get('birds'))}, the other names after ${seconds(seedMs)}; ` +
    `/healthz answered ${answers} times, the slowest in ${seconds(slowest)}`,
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

// P14's ceiling: COPY of the same rows (taxa, their names, the sources) into the tables of a
// new instance's store, migrated and empty: the tables, their indexes and triggers, no app.
const copied = ['taxa', 'taxon_names', 'taxon_sources'];
const dumps = [];
for (const table of copied) {
  const { rows } = await db.execute(
    sql`SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) AS columns
        FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER'`,
  );
  dumps.push({ table, columns: rows[0].columns });
}
await reopened.close();
const seeded = await PGlite.create({ dataDir: embeddedDatabase, extensions: PGLITE_EXTENSIONS });
for (const dump of dumps) {
  const out = await seeded.query(
    `COPY (SELECT ${dump.columns} FROM ${dump.table}) TO '/dev/blob' WITH (FORMAT csv)`,
  );
  dump.blob = out.blob;
}
await seeded.close();
const emptyDir = mkdtempSync(join(tmpdir(), 'sightbook-seed-copy-'));
const empty = join(emptyDir, 'db');
await (
  await buildApp(testConfig({ dataDir: emptyDir, embeddedDatabase: empty, logLevel: 'silent' }))
).close();
const target = await PGlite.create({ dataDir: empty, extensions: PGLITE_EXTENSIONS });
const copyStarted = performance.now();
for (const dump of dumps) {
  await target.query(
    `COPY ${dump.table} (${dump.columns}) FROM '/dev/blob' WITH (FORMAT csv)`,
    [],
    {
      blob: dump.blob,
    },
  );
}
const copyMs = performance.now() - copyStarted;
await target.close();
console.log(
  `P14 the first start's backbone: seeded in ${seconds(seedMs)} (from the start) vs COPY of the ` +
    `same rows in ${seconds(copyMs)}: ${(copyMs / seedMs).toFixed(2)} of COPY ` +
    `(goal ≥ 0.5: ${copyMs / seedMs >= 0.5 ? 'met' : 'MISSED'})`,
);
rmSync(emptyDir, { recursive: true, force: true });
rmSync(dataDir, { recursive: true, force: true });
