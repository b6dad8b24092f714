// P4 of bench:db (issue 24): the export and the map on logs that share times, as date-only
// imports make them (every log of a day at local noon), beside a COPY of the same rows (the
// ceiling), on PostgreSQL and on PGlite. Keyset pages follow logs_user_newest_idx exactly, so a
// group of equal times costs what any other rows cost: the plans must hold no Sort.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, PGLITE_EXTENSIONS } from '../../src/server/db/client.ts';
import { readExportRows } from '../../src/server/features/data-exchange/export/queries.ts';
import { getLogPointsJson } from '../../src/server/features/maps/service.ts';
import { geoQuerySchema } from '../../src/common/maps/geo.ts';
import { benchSession, captureSql, PGBIN } from '../pgbench.mjs';
import { generateSharedTimes, SHARED_TIMES_USER } from './generate.mjs';

const ROWS = Number(process.env.BENCH_SHARED_ROWS ?? 100_000);
const DAYS = 200;
const MAP_LIMIT = 10_000; // the map page's default
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
const iso = (column) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The CSV export's columns in its order, written by the database alone. */
const copySelect = `SELECT l.id, ${iso('l.observed_at')}, l.species_common, l.species_scientific,
  l.count, l.place_name, l.latitude, l.longitude, l.description, l.notes, l.is_public,
  array_to_string(array(SELECT p.url FROM log_photos p WHERE p.log_id = l.id ORDER BY p.position), ' '),
  ${iso('l.created_at')}, ${iso('l.updated_at')}, l.time_zone, l.time_known, l.coordinate_uncertainty
  FROM logs l WHERE l.user_id = '${SHARED_TIMES_USER}'
  ORDER BY l.observed_at DESC, l.created_at DESC, l.id DESC`.replace(/\s+/g, ' ');

function psqlCopy(url, select, format = 'CSV HEADER') {
  const out = spawnSync(
    `${PGBIN}/psql`,
    [url, '-X', '-q', '-c', `\\copy (${select}) TO STDOUT ${format}`],
    { maxBuffer: 2 ** 31 - 1 },
  );
  if (out.status !== 0) throw new Error(`psql \\copy failed: ${out.stderr}`);
  return out.stdout;
}

/** Rows a second of the whole CSV export. */
async function exportRate(base, cookie) {
  const start = performance.now();
  const res = await fetch(`${base}/api/export.csv`, { headers: { cookie } });
  if (!res.ok) throw new Error(`export: ${res.status}`);
  await res.arrayBuffer();
  return ROWS / ((performance.now() - start) / 1000);
}

/** Features a second of the map's pages, each cursor followed to the end. */
async function mapRate(base, cookie) {
  const start = performance.now();
  let cursor = null;
  let features = 0;
  do {
    const query = `limit=${MAP_LIMIT}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await fetch(`${base}/api/logs/geo?${query}`, {
      headers: { cookie, 'accept-encoding': 'identity' },
    });
    if (!res.ok) throw new Error(`map: ${res.status} ${await res.text()}`);
    const page = await res.json();
    features += page.features.length;
    cursor = page.nextCursor;
  } while (cursor);
  if (features !== ROWS) throw new Error(`map: ${features} features of ${ROWS}`);
  return ROWS / ((performance.now() - start) / 1000);
}

/**
 * Whether a plan sorts the logs: an Incremental Sort, or a Sort by anything but a log's photos'
 * positions (one log's few photos, when log_photos is too small for its index).
 */
const sorts = (lines) =>
  lines.some(
    (line) =>
      /Incremental Sort/.test(line) ||
      (/Sort Key:/.test(line) && !/Sort Key: log_photos\."position"$/.test(line.trim())),
  );

/**
 * Generates the data set, measures, and adds its figures with `row(figure, value, goal,
 * verdict)`. `startServer(env)` starts the built server, `stopServer(server)` stops it; `work`
 * is a scratch directory.
 */
export async function benchSharedTimes({
  url,
  pool,
  work,
  secret,
  rounds,
  startServer,
  stopServer,
  row,
}) {
  let started = performance.now();
  await generateSharedTimes(pool, { rows: ROWS, days: DAYS });
  console.log(
    `\nP4 shared times: ${ROWS.toLocaleString('en')} logs over ${DAYS} days at local noon ` +
      `(${ROWS / DAYS} a day at one instant), one import, generated in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  // a session, as the server signs it: the cookie holds the token, the table its hash
  const { cookie, sid } = await benchSession(pool, SHARED_TIMES_USER, secret);

  // The statements: the export's second keyset page (PGlite pages; PostgreSQL reads a cursor of
  // the same order) and the map's second page.
  const statements = await captureSql(pool, async (db) => {
    const batches = readExportRows(db, null, SHARED_TIMES_USER, {}, 'UTC');
    await batches.next();
    await batches.next();
    await batches.return();
    const page = (cursor) =>
      getLogPointsJson(
        db,
        SHARED_TIMES_USER,
        geoQuerySchema.parse({ limit: String(MAP_LIMIT), ...(cursor ? { cursor } : {}) }),
      );
    await page(JSON.parse(await page()).nextCursor);
  });
  const exportPage = statements.filter((s) => s.query.includes('"cursorCreatedAt"'))[1];
  const mapPage = statements.filter((s) => s.query.includes('row_number()'))[1];

  // PGlite: the same account's rows in a data directory of their own
  const pgliteDir = join(work, 'pglite-shared-times');
  const embedded = join(pgliteDir, 'db');
  mkdirSync(pgliteDir);
  await (await openDatabase({ embeddedDatabase: embedded })).close(); // the server's migrations
  let lite = await PGlite.create(embedded, { extensions: PGLITE_EXTENSIONS });
  for (const [table, where] of [
    ['users', `id = '${SHARED_TIMES_USER}'`],
    ['sessions', `sid = '${sid}'`],
    ['logs', `user_id = '${SHARED_TIMES_USER}'`],
  ]) {
    const { rows } = await pool.query(
      `SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) AS columns
       FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER'`,
      [table],
    );
    const columns = rows[0].columns;
    const blob = new Blob([psqlCopy(url, `SELECT ${columns} FROM ${table} WHERE ${where}`, 'CSV')]);
    await lite.query(`COPY ${table} (${columns}) FROM '/dev/blob' WITH (FORMAT csv)`, [], { blob });
  }
  await lite.exec('VACUUM ANALYZE');

  for (const [name, statement] of [
    ['export keyset page', exportPage],
    ['map page', mapPage],
  ]) {
    const onPostgres = (
      await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.query}`, statement.params)
    ).rows.map((line) => line['QUERY PLAN']);
    const onPglite = (
      await lite.query(`EXPLAIN ANALYZE ${statement.query}`, statement.params)
    ).rows.map((line) => line['QUERY PLAN']);
    console.log(`\nP4 ${name} on PostgreSQL:\n${onPostgres.map((l) => `    ${l}`).join('\n')}`);
    console.log(`P4 ${name} on PGlite:\n${onPglite.map((l) => `    ${l}`).join('\n')}`);
    const sorted = [sorts(onPostgres) && 'PostgreSQL', sorts(onPglite) && 'PGlite'].filter(Boolean);
    row(
      `P4 ${name}: a Sort in the plan`,
      sorted.length ? sorted.join(', ') : 'none',
      'none',
      sorted.length ? 'MISSED' : 'met',
    );
  }
  await lite.close();

  // PostgreSQL: COPY, export and map take turns, `rounds` times
  const measured = { postgres: [], pglite: [] };
  const server = await startServer({ DATABASE_URL: url });
  try {
    await exportRate(server.url, cookie); // unmeasured: a server that has answered before
    for (let round = 0; round < rounds; round += 1) {
      started = performance.now();
      psqlCopy(url, copySelect);
      const copy = ROWS / ((performance.now() - started) / 1000);
      const exported = await exportRate(server.url, cookie);
      const mapped = await mapRate(server.url, cookie);
      measured.postgres.push({ copy, exported, mapped });
      console.log(
        `P4 PostgreSQL round ${round + 1}: \\copy ${copy.toFixed(0)} rows/s, export ` +
          `${exported.toFixed(0)} rows/s, map ${mapped.toFixed(0)} features/s`,
      );
    }
  } finally {
    await stopServer(server);
  }

  // PGlite: in-process COPY (the server holds the directory while it runs), with the server's
  // 16 MB of shared buffers (src/server/db/client.ts), then the server
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
  for (let round = 0; round < rounds; round += 1) {
    lite = await PGlite.create(embedded, { startParams, extensions: PGLITE_EXTENSIONS });
    started = performance.now();
    await lite.query(`COPY (${copySelect}) TO '/dev/blob' WITH (FORMAT csv, HEADER)`);
    const copy = ROWS / ((performance.now() - started) / 1000);
    await lite.close();
    const liteServer = await startServer({ DATA_DIR: pgliteDir, DATABASE_URL: undefined });
    try {
      await exportRate(liteServer.url, cookie); // unmeasured: the first reads load the pages
      const exported = await exportRate(liteServer.url, cookie);
      const mapped = await mapRate(liteServer.url, cookie);
      measured.pglite.push({ copy, exported, mapped });
      console.log(
        `P4 PGlite round ${round + 1}: COPY ${copy.toFixed(0)} rows/s, export ` +
          `${exported.toFixed(0)} rows/s, map ${mapped.toFixed(0)} features/s`,
      );
    } finally {
      await stopServer(liteServer);
    }
  }

  for (const [store, runs] of Object.entries(measured)) {
    const copy = median(runs.map((run) => run.copy));
    for (const [what, key, unit] of [
      ['export', 'exported', 'rows/s'],
      ['map', 'mapped', 'features/s'],
    ]) {
      const rate = median(runs.map((run) => run[key]));
      row(
        `P4 shared times, ${store}: ${what} ${unit} vs COPY (medians of ${rounds})`,
        `${rate.toFixed(0)} vs ${copy.toFixed(0)}`,
        '-',
        `${(rate / copy).toFixed(2)}`,
      );
    }
  }
}
