#!/usr/bin/env node
// P13 of issue 38: an eBird import's rows a second beside COPY of the same rows into the logs
// table, on the store the server uses. Each round a new user imports IMPORT_ROWS rows shaped
// like a real "My eBird Data" download (ebird-file.mjs) through POST /api/import; then, with
// the server stopped, the rows that import wrote are copied out (new ids, another user's) and
// COPY writes them into logs again, timed: the same table, its indexes and triggers, no app.
// The two take turns ROUNDS times; medians. Prints figures; asserts nothing.
//
//   npm run build && node --import tsx bench/import-copy.mjs                  (embedded store)
//   npm run build && node scripts/with-postgres.mjs node --import tsx bench/import-copy.mjs
//
// IMPORT_ROWS (50,000), ROUNDS (3).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, PGLITE_EXTENSIONS } from '../src/server/db/client.ts';
import { seedBackbone } from '../src/server/features/taxonomy/index.ts';
import { requireBuild, signUp, startBuiltServer } from './built-app.mjs';
import { eBirdFile } from './ebird-file.mjs';
import { PGBIN } from './pgbench.mjs';

const ROWS = Number(process.env.IMPORT_ROWS ?? 50_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const url = process.env.TEST_DATABASE_URL;
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

requireBuild();
const work = mkdtempSync(join(tmpdir(), 'sightbook-import-copy-'));
const dataDir = join(work, 'data');
const file = eBirdFile(ROWS, 1);
console.log(
  `${url ? 'PostgreSQL' : 'embedded store'}: ${ROWS.toLocaleString('en')} eBird rows ` +
    `(${(file.length / 1e6).toFixed(1)} MB) imported, then copied; ${ROUNDS} rounds`,
);

/** The store, opened by the bench: `query(text, params)` and `copy(select)` (COPY's seconds). */
async function openStore() {
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return {
      query: (text, params) => client.query(text, params),
      copy: async (columns, select) => {
        // psql's \copy, as an administrator would load a file: out to CSV, then in, timed
        const csv = join(work, 'rows.csv');
        const dump = spawnSync(
          `${PGBIN}/psql`,
          [url, '-Atc', `\\copy (${select}) TO '${csv}' WITH (FORMAT csv)`],
          { encoding: 'utf8' },
        );
        if (dump.status !== 0) throw new Error(dump.stderr);
        const started = performance.now();
        const load = spawnSync(
          `${PGBIN}/psql`,
          [url, '-Atc', `\\copy logs (${columns}) FROM '${csv}' WITH (FORMAT csv)`],
          { encoding: 'utf8' },
        );
        if (load.status !== 0) throw new Error(load.stderr);
        return (performance.now() - started) / 1000;
      },
      close: () => client.end(),
    };
  }
  const lite = await PGlite.create({
    dataDir: join(dataDir, 'db'),
    extensions: PGLITE_EXTENSIONS,
  });
  return {
    query: (text, params) => lite.query(text, params),
    copy: async (columns, select) => {
      const dump = await lite.query(`COPY (${select}) TO '/dev/blob' WITH (FORMAT csv)`);
      const started = performance.now();
      await lite.query(`COPY logs (${columns}) FROM '/dev/blob' WITH (FORMAT csv)`, [], {
        blob: dump.blob,
      });
      return (performance.now() - started) / 1000;
    },
    close: () => lite.close(),
  };
}

// The species backbone first, as an instance has it after its first start: the import links
// its rows to it, and a server seeding it meanwhile would take the store from the import.
const seeding = await openDatabase({ databaseUrl: url, embeddedDatabase: join(dataDir, 'db') });
await seedBackbone(seeding.db);
await seeding.close();

const rounds = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const server = await startBuiltServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  let imported;
  let importSeconds;
  try {
    const importer = await signUp(server.base);
    await signUp(server.base); // the user the copy's rows are given to
    const started = performance.now();
    const res = await fetch(`${server.base}/api/import?onInvalid=skip`, {
      method: 'POST',
      headers: { cookie: importer.cookie, 'content-type': 'text/csv' },
      body: file,
    });
    const body = await res.json();
    importSeconds = (performance.now() - started) / 1000;
    if (res.status !== 201) throw new Error(`import answered ${res.status}: ${body.message}`);
    imported = body.imported;
  } finally {
    await server.stop();
  }

  const store = await openStore();
  try {
    // the importer: the user whose logs came last; the copy's owner: the newest user, who has none
    const { rows: owners } = await store.query(`SELECT
      (SELECT user_id FROM logs GROUP BY user_id ORDER BY max(created_at) DESC LIMIT 1) AS importer,
      (SELECT id FROM users ORDER BY created_at DESC LIMIT 1) AS owner`);
    const { importer, owner } = owners[0];
    const { rows: columnRows } = await store.query(
      `SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) AS columns
       FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name = 'logs' AND is_generated = 'NEVER'`,
    );
    const columns = columnRows[0].columns.split(', ');
    const select = `SELECT ${columns
      .map((column) =>
        column === 'id' ? 'gen_random_uuid()' : column === 'user_id' ? `'${owner}'::uuid` : column,
      )
      .join(', ')} FROM logs WHERE user_id = '${importer}'`;
    const copySeconds = await store.copy(columns.join(', '), select);
    const { rows: copied } = await store.query(
      `SELECT count(*)::int AS n FROM logs WHERE user_id = $1`,
      [owner],
    );
    rounds.push({ importSeconds, copySeconds, imported, copied: copied[0].n });
    console.log(
      `round ${round + 1}: import of ${imported} rows in ${importSeconds.toFixed(1)} s ` +
        `(${(imported / importSeconds).toFixed(0)} rows/s) | COPY of the ${copied[0].n} rows it ` +
        `wrote in ${copySeconds.toFixed(2)} s (${(copied[0].n / copySeconds).toFixed(0)} rows/s)`,
    );
  } finally {
    await store.close();
  }
}
const importRate = median(rounds.map((r) => r.imported / r.importSeconds));
const copyRate = median(rounds.map((r) => r.copied / r.copySeconds));
console.log(
  `\nP13 eBird import, ${url ? 'PostgreSQL' : 'embedded store'} (medians of ${ROUNDS}): ` +
    `${importRate.toFixed(0)} rows/s vs COPY ${copyRate.toFixed(0)} rows/s: ` +
    `${(importRate / copyRate).toFixed(2)} (goal ≥ 0.3: ${importRate / copyRate >= 0.3 ? 'met' : 'MISSED'})`,
);
rmSync(work, { recursive: true, force: true });
