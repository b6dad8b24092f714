#!/usr/bin/env node
// Database benchmarks of issue 5 (P1 list, P2 stats, P3 export), each beside its raw ceiling.
// Run through `npm run bench:db`: scripts/with-postgres.mjs starts a throwaway PostgreSQL and
// sets TEST_DATABASE_URL; node runs this file with tsx, so it can read the server's own SQL.
// BENCH_ROWS (default 1,000,000) sets the data size; BENCH_SECONDS (10) each load run;
// BENCH_ROUNDS (3) how many times pgbench and the server take turns for P1 (and COPY, export
// and map for P4). BENCH_ONLY=shared-times runs P4 alone (BENCH_SHARED_ROWS, default 100,000);
// BENCH_ONLY=list runs P1 alone.
// Prints figures and a table; asserts nothing. Figures are noisy on a shared machine.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, PGLITE_EXTENSIONS } from '../../src/server/db/client.ts';
import { createLogsResultCache } from '../../src/server/features/logs/logs-version.ts';
import { findLiveSession } from '../../src/server/features/auth/session-store.ts';
import { buildOccurrenceModel } from '../../src/server/features/occurrences/index.ts';
import { getLogPageJson } from '../../src/server/features/logs/service.ts';
import { sumByBucket, sumBySpecies, sumLogs } from '../../src/server/features/stats/queries.ts';
import { logPageQuerySchema } from '../../src/common/logs/schemas.ts';
import { timeSeriesQuerySchema, topSpeciesQuerySchema } from '../../src/common/stats.ts';
import {
  SERVER_NODE_FLAGS,
  startServerProcess,
  stopServerProcess,
} from '../../tests/support/server-processes.ts';
import { requireBuild } from '../built-app.mjs';
import { benchSession, captureSql, cpuShares, PGBIN, pgbench } from '../pgbench.mjs';
import { generate, HEAVY_USER } from './generate.mjs';
import { benchSharedTimes } from './shared-times.mjs';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.error('TEST_DATABASE_URL is not set: run npm run bench:db');
  process.exit(2);
}
requireBuild();
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 64;
const WARM_UP = 2; // seconds of each load run left unmeasured
const SAMPLES = 30;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3); // P1 load runs of each kind, alternated
const SECRET = 'bench-session-secret-that-is-long-enough';
const work = mkdtempSync(join(tmpdir(), 'sightbook-bench-'));
const table = [];
const row = (figure, value, goal, verdict) => table.push({ figure, value, goal, verdict });
const ms = (value) => `${value.toFixed(1)} ms`;
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

const serverEnv = (env) => ({
  LOG_LEVEL: 'warn',
  SESSION_SECRET: SECRET,
  DATA_DIR: join(work, 'data'),
  AUTH_RATE_LIMIT: '1000',
  ...env,
});
// the built server, as deployed (tsx would add its compiler to the memory figures);
// BENCH_SERVER_FLAGS: more node flags for it (--cpu-prof --cpu-prof-dir=/tmp/p1)
const serverFlags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
const startServer = (env) =>
  startServerProcess([...SERVER_NODE_FLAGS, ...serverFlags, 'dist/server/main.js'], serverEnv(env));

// --- data ---------------------------------------------------------------------------------
console.log(`PostgreSQL ${url}; ${ROWS.toLocaleString('en')} logs; load runs of ${SECONDS} s`);
const migrated = await openDatabase({ databaseUrl: url, embeddedDatabase: 'unused' });
await migrated.close();
const pool = new pg.Pool({ connectionString: url, max: 4 });
const sharedTimes = () =>
  benchSharedTimes({
    url,
    pool,
    work,
    secret: SECRET,
    rounds: ROUNDS,
    startServer,
    stopServer: (server) => stopServerProcess(server.child),
    row,
  });
if (process.env.BENCH_ONLY === 'shared-times') {
  await sharedTimes();
  await finish('P4 alone (BENCH_ONLY=shared-times)');
  process.exit(0);
}
let started = performance.now();
await generate(pool, { rows: ROWS });
const { rows: counts } = await pool.query(
  `SELECT (SELECT count(*) FROM logs)::int AS logs, (SELECT count(*) FROM log_photos)::int AS photos,
          (SELECT count(*) FROM logs WHERE user_id = $1)::int AS heavy`,
  [HEAVY_USER],
);
const { heavy } = counts[0];
console.log(
  `generated ${counts[0].logs} logs, ${counts[0].photos} photos (heavy user: ${heavy}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

// The occurrence model is built now, as a nightly job would have: a server finding none
// builds it as it starts, and would spend the first load run's cores on it.
started = performance.now();
const modelBuilder = await openDatabase({ databaseUrl: url, embeddedDatabase: 'unused' });
await buildOccurrenceModel(modelBuilder.db, modelBuilder.streamRows);
await modelBuilder.close();
console.log(`built the occurrence model in ${((performance.now() - started) / 1000).toFixed(1)} s`);

// A session for the heavy user, as the server signs it: the cookie holds the token, the table its hash.
const { cookie, sid } = await benchSession(pool, HEAVY_USER, SECRET);

// --- P1: the list ---------------------------------------------------------------------------
const filtersQuery = { q: 'robin', from: '2021-01-01', to: '2030-12-31', minCount: '2' };
const variants = [
  { name: 'no filters', query: {} },
  { name: 'filters', query: filtersQuery },
];

/** pgbench running `statements` as the load runs: CONNECTIONS clients, measured after WARM_UP. */
const pgbenchLikeLoad = (statements, mode) =>
  pgbench(url, [{ statements }], {
    clients: CONNECTIONS,
    seconds: SECONDS,
    warmUp: WARM_UP,
    mode,
    workDir: work,
  });

const statsCalls = [
  { path: '/api/stats/summary', run: (db) => sumLogs(db, HEAVY_USER, { tz: 'UTC' }) },
  {
    path: '/api/stats/top-species',
    run: (db) => sumBySpecies(db, HEAVY_USER, topSpeciesQuerySchema.parse({}), 10),
  },
  {
    path: '/api/stats/time-series?bucket=week',
    run: (db) => sumByBucket(db, HEAVY_USER, timeSeriesQuerySchema.parse({}), 'week'),
  },
];
const statsOnPostgres = {};

const server = await startServer({ DATABASE_URL: url });
try {
  for (const variant of variants) {
    // What a request runs once the user's total is known: the server counts once per version
    // of the user's logs (src/server/features/logs/logs-version.ts), so the capture is of a second call.
    const logsResults = createLogsResultCache(10);
    const query = logPageQuerySchema.parse(variant.query);
    const statements = await captureSql(pool, async (db, forget) => {
      await getLogPageJson({ db, logsResults }, HEAVY_USER, query);
      forget();
      await findLiveSession(db, sid, new Date());
      await getLogPageJson({ db, logsResults }, HEAVY_USER, query);
    });
    const path = `/api/logs?${new URLSearchParams(variant.query)}`;
    const check = await fetch(`${server.url}${path}`, { headers: { cookie } });
    const total = (await check.json()).total;
    /** `path` from CONNECTIONS clients for `duration` seconds, on the server at `base`. */
    const loadOn = (base) => (duration) =>
      autocannon({
        url: `${base}${path}`,
        connections: CONNECTIONS,
        duration,
        headers: { cookie },
      });
    const load = loadOn(server.url);
    // Node's own floor: a bare node:http server running the same statements (bare-list-server.mjs)
    const bare = await startServerProcess([...SERVER_NODE_FLAGS, 'bench/db/bare-list-server.mjs'], {
      DATABASE_URL: url,
      SESSION_SECRET: SECRET,
      BARE_STATEMENTS: JSON.stringify(statements),
      BARE_TOTAL: String(total),
    });
    const bareCheck = await fetch(`${bare.url}${path}`, { headers: { cookie } });
    if ((await bareCheck.json()).total !== total) throw new Error('the bare server differs');
    const bareLoad = loadOn(bare.url);
    // pgbench, the bare server and the server take turns, ROUNDS times: the machine's speed
    // drifts by tens of percent within minutes, and a ratio of runs far apart would measure it.
    const rounds = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await bareLoad(WARM_UP);
      const { result: bareResult, text: bareCores } = await cpuShares(bare.child.pid, () =>
        bareLoad(SECONDS),
      );
      console.log(
        `P1 bare node:http + pg (${variant.name}), round ${round + 1}: ` +
          `${bareResult.requests.average.toFixed(0)} req/s, p99 ${bareResult.latency.p99} ms, ` +
          `${bareResult.non2xx} non-2xx (${bareCores.replace('server', 'bare server')})`,
      );
      const { result: raw, text: rawCores } = await cpuShares(server.child.pid, async () =>
        pgbenchLikeLoad(statements, 'prepared'),
      );
      // unmeasured: the pool closed its idle connections meanwhile; new ones prepare anew
      await load(WARM_UP);
      const { result, text: cores } = await cpuShares(server.child.pid, () => load(SECONDS));
      const served = { rate: result.requests.average, p99: result.latency.p99 };
      rounds.push({
        raw,
        served,
        bare: { rate: bareResult.requests.average, p99: bareResult.latency.p99 },
      });
      console.log(
        `P1 GET /api/logs (${variant.name}, total ${total}), round ${round + 1}: ` +
          `${served.rate.toFixed(0)} req/s, p99 ${served.p99} ms, ${result.non2xx} non-2xx, ` +
          `${result.errors} errors (${cores}) | pgbench same SQL ` +
          `(${statements.length} statements, prepared): ${raw.tps.toFixed(0)} tps, p99 ${raw.p99.toFixed(1)} ms ` +
          `(${rawCores})`,
      );
    }
    await stopServerProcess(bare.child);
    const unprepared = pgbenchLikeLoad(statements, 'extended');
    console.log(
      `P1 ${variant.name}: pgbench planning every time: ${unprepared.tps.toFixed(0)} tps, ` +
        `p99 ${unprepared.p99.toFixed(1)} ms`,
    );
    const rate = median(rounds.map((r) => r.served.rate));
    const p99 = median(rounds.map((r) => r.served.p99));
    const rawRate = median(rounds.map((r) => r.raw.tps));
    const rawP99 = median(rounds.map((r) => r.raw.p99));
    const ratio = rate / rawRate;
    row(
      `P1 ${variant.name}: req/s vs pgbench (medians of ${ROUNDS})`,
      `${rate.toFixed(0)} vs ${rawRate.toFixed(0)}`,
      '≥ 0.85',
      `${ratio.toFixed(2)} ${ratio >= 0.85 ? 'met' : 'MISSED'}`,
    );
    const bareRate = median(rounds.map((r) => r.bare.rate));
    const bareP99 = median(rounds.map((r) => r.bare.p99));
    row(
      `P1 ${variant.name}: bare node:http + pg vs pgbench (Node's floor)`,
      `${bareRate.toFixed(0)} vs ${rawRate.toFixed(0)}; p99 ${bareP99} ms`,
      '-',
      `${(bareRate / rawRate).toFixed(2)}`,
    );
    row(
      `P1 ${variant.name}: req/s vs bare node:http + pg`,
      `${rate.toFixed(0)} vs ${bareRate.toFixed(0)}`,
      '-',
      `${(rate / bareRate).toFixed(2)}; p99 ${(p99 / bareP99).toFixed(2)}×`,
    );
    row(
      `P1 ${variant.name}: p99 vs pgbench's (medians of ${ROUNDS})`,
      `${p99} ms vs ${rawP99.toFixed(1)} ms`,
      '≤ 1.2×',
      `${(p99 / rawP99).toFixed(2)}× ${p99 <= 1.2 * rawP99 ? 'met' : 'MISSED'}`,
    );
  }
  if (process.env.BENCH_ONLY === 'list') {
    await stopServerProcess(server.child);
    await finish(`P1 alone (BENCH_ONLY=list): ${ROWS.toLocaleString('en')} logs`);
    process.exit(0);
  }

  // --- P2: stats, PostgreSQL ----------------------------------------------------------------
  for (const call of statsCalls) {
    const cold = await sampleMedian(server.url, call.path, { afterWrite: true });
    const warm = await sampleMedian(server.url, call.path);
    statsOnPostgres[call.path] = { cold, warm };
    const [statement] = await captureSql(pool, call.run);
    const plan = await pool.query(
      `EXPLAIN (ANALYZE, BUFFERS) ${statement.query}`,
      statement.params,
    );
    console.log(
      `\nP2 ${call.path} on PostgreSQL: median ${ms(warm)} of ${SAMPLES}; ` +
        `the first time after a write ${ms(cold)}`,
    );
    console.log(plan.rows.map((line) => `    ${line['QUERY PLAN']}`).join('\n'));
  }
} finally {
  await stopServerProcess(server.child);
}

// --- P3: export, each run on a server of its own: the load runs above leave the first one's
// heap large. The peak RSS varies from run to run with the garbage collector's timing
// (160 to 230 MB seen): the table shows the highest of EXPORT_RUNS.
const EXPORT_RUNS = 3;
async function measureExport() {
  const exportServer = await startServer({ DATABASE_URL: url });
  try {
    // a server that has answered before: the same export once first, unmeasured
    const warmUp = await fetch(`${exportServer.url}/api/export.csv`, { headers: { cookie } });
    await warmUp.arrayBuffer();
    writeFileSync(`/proc/${exportServer.child.pid}/clear_refs`, '5'); // resets VmHWM
    const start = performance.now();
    const res = await fetch(`${exportServer.url}/api/export.csv`, { headers: { cookie } });
    let firstByte;
    let bytes = 0;
    for await (const chunk of res.body) {
      firstByte ??= performance.now() - start;
      bytes += chunk.length;
    }
    const seconds = (performance.now() - start) / 1000;
    const status = readFileSync(`/proc/${exportServer.child.pid}/status`, 'utf8');
    const peakMb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
    return { rate: heavy / seconds, firstByte, bytes, peakMb };
  } finally {
    await stopServerProcess(exportServer.child);
  }
}
const exportRuns = [];
for (let run = 0; run < EXPORT_RUNS; run += 1) exportRuns.push(await measureExport());
const copySql = `\\copy (SELECT l.id, to_char(l.observed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), l.species_common, l.species_scientific, l.count, l.place_name, l.latitude, l.longitude, l.description, l.notes, l.is_public, array_to_string(array(SELECT p.url FROM log_photos p WHERE p.log_id = l.id ORDER BY p.position), ' '), to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), to_char(l.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), l.time_zone, l.time_known, l.coordinate_uncertainty FROM logs l WHERE l.user_id = '${HEAVY_USER}' ORDER BY l.observed_at DESC, l.created_at DESC, l.id DESC) TO STDOUT CSV HEADER`;
started = performance.now();
const copy = spawnSync(`${PGBIN}/psql`, [url, '-X', '-q', '-c', copySql], {
  maxBuffer: 2 ** 31 - 1,
});
const copySeconds = (performance.now() - started) / 1000;
if (copy.status !== 0) throw new Error(`psql \\copy failed: ${copy.stderr}`);
const copyRate = heavy / copySeconds;
const rate = median(exportRuns.map((run) => run.rate));
const firstByte = median(exportRuns.map((run) => run.firstByte));
const peakMb = Math.max(...exportRuns.map((run) => run.peakMb));
const each = (format) => exportRuns.map(format).join(', ');
console.log(
  `\nP3 GET /api/export.csv (${heavy} rows, ${(exportRuns[0].bytes / 1e6).toFixed(1)} MB), ${EXPORT_RUNS} runs: ` +
    `${each((run) => run.rate.toFixed(0))} rows/s; first byte ${each((run) => ms(run.firstByte))}; ` +
    `server peak RSS ${each((run) => run.peakMb.toFixed(0))} MB | psql \\copy of the same columns: ` +
    `${copyRate.toFixed(0)} rows/s (${(copy.stdout.length / 1e6).toFixed(1)} MB)`,
);
row(
  `P3 export ${heavy} rows: rows/s vs COPY (median)`,
  `${rate.toFixed(0)} vs ${copyRate.toFixed(0)}`,
  '≥ 0.5',
  `${(rate / copyRate).toFixed(2)} ${rate / copyRate >= 0.5 ? 'met' : 'MISSED'}`,
);
row(
  `P3 export: server peak RSS (highest of ${EXPORT_RUNS})`,
  `${peakMb.toFixed(0)} MB`,
  '≤ 200 MB',
  peakMb <= 200 ? 'met' : 'MISSED',
);
row(
  'P3 export: time to first byte (median)',
  ms(firstByte),
  '≤ 200 ms',
  firstByte <= 200 ? 'met' : 'MISSED',
);

/**
 * The median time of `path`. The server keeps statistics until the user's next write; with
 * `afterWrite` each sample follows a write through the API: a new log, deleted after the sample.
 */
async function sampleMedian(base, path, { afterWrite = false } = {}) {
  const times = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const written = afterWrite ? await writeLog(base) : undefined;
    const t = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { cookie } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    times.push(performance.now() - t);
    if (written)
      await fetch(`${base}/api/logs/${written}`, { method: 'DELETE', headers: { cookie } });
  }
  return median(times);
}

async function writeLog(base) {
  const res = await fetch(`${base}/api/logs`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ speciesCommon: 'Bench Wren', count: 1, observedAt: '2026-01-01T08:00' }),
  });
  if (res.status !== 201) throw new Error(`POST /api/logs: ${res.status} ${await res.text()}`);
  return (await res.json()).id;
}

// --- P2: stats, PGlite (the heavy user's rows only, copied into a PGlite data directory) ----
const pgliteDir = join(work, 'pglite-data');
const embedded = join(pgliteDir, 'db');
mkdirSync(pgliteDir);
await (await openDatabase({ embeddedDatabase: embedded })).close(); // the server's migrations
started = performance.now();
const lite = await PGlite.create(embedded, { extensions: PGLITE_EXTENSIONS });
const copyOut = (select) => {
  const out = spawnSync(
    `${PGBIN}/psql`,
    [url, '-X', '-q', '-c', `\\copy (${select}) TO STDOUT CSV`],
    {
      maxBuffer: 2 ** 31 - 1,
    },
  );
  if (out.status !== 0) throw new Error(`psql \\copy failed: ${out.stderr}`);
  return new Blob([out.stdout]);
};
// the columns a COPY can write: not the generated ones (logs' species keys)
const writable = async (tableName) => {
  const { rows } = await pool.query(
    `SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) AS columns
     FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER'`,
    [tableName],
  );
  return rows[0].columns;
};
for (const [tableName, from, where] of [
  ['users', 'users', `id = '${HEAVY_USER}'`],
  ['sessions', 'sessions', `sid = '${sid}'`],
  ['logs', 'logs', `user_id = '${HEAVY_USER}'`],
  ['log_photos', 'log_photos JOIN logs l ON l.id = log_id', `l.user_id = '${HEAVY_USER}'`],
]) {
  const columns = await writable(tableName);
  const select = `SELECT ${columns.replace(/[^, ]+/g, `${tableName}.$&`)} FROM ${from} WHERE ${where}`;
  await lite.query(`COPY ${tableName} (${columns}) FROM '/dev/blob' WITH (FORMAT csv)`, [], {
    blob: copyOut(select),
  });
}
await lite.exec('VACUUM ANALYZE');
await lite.close();
console.log(
  `\nPGlite: copied the heavy user's ${heavy} logs in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
const liteServer = await startServer({ DATA_DIR: pgliteDir, DATABASE_URL: undefined });
try {
  for (const call of statsCalls) {
    const cold = await sampleMedian(liteServer.url, call.path, { afterWrite: true });
    const value = await sampleMedian(liteServer.url, call.path);
    const base = statsOnPostgres[call.path];
    console.log(
      `P2 ${call.path} on PGlite: median ${ms(value)} (PostgreSQL ${ms(base.warm)}); ` +
        `the first time after a write ${ms(cold)} (PostgreSQL ${ms(base.cold)})`,
    );
    row(
      `P2 ${call.path} median, PostgreSQL`,
      ms(base.warm),
      '≤ 20 ms',
      base.warm <= 20 ? 'met' : 'MISSED',
    );
    row(
      `P2 ${call.path} median, PGlite`,
      ms(value),
      '≤ 3 × PostgreSQL',
      `${(value / base.warm).toFixed(1)}× ${value <= 3 * base.warm ? 'met' : 'MISSED'}`,
    );
    row(
      `P2 ${call.path} first after a write, PostgreSQL / PGlite`,
      `${ms(base.cold)} / ${ms(cold)}`,
      '-',
      `${(cold / base.cold).toFixed(1)}×`,
    );
  }
} finally {
  await stopServerProcess(liteServer.child);
}

// --- P4: logs sharing times (shared-times.mjs) ----------------------------------------------
await sharedTimes();
await finish(
  `${ROWS.toLocaleString('en')} logs (heavy user ${heavy}); ${CONNECTIONS} connections, ${SECONDS} s runs`,
);

/** Cleans up and prints the table under `title`. */
async function finish(title) {
  await pool.end();
  rmSync(work, { recursive: true, force: true });
  printTable(title);
}

function printTable(title) {
  const widths = [
    ['figure', 'figure'],
    ['value', 'value'],
    ['goal', 'goal'],
    ['verdict', 'ratio/verdict'],
  ].map(([key, heading]) => Math.max(heading.length, ...table.map((entry) => entry[key].length)));
  const line = (cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(line(['figure', 'value', 'goal', 'ratio/verdict']));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const entry of table)
    console.log(line([entry.figure, entry.value, entry.goal, entry.verdict]));
}
