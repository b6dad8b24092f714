#!/usr/bin/env node
// R4 of issue 7 beside its raw ceiling: the load test's mix (tests/support/load-mix.ts) from 200
// connections against the built server on PostgreSQL, then pgbench running the same requests'
// SQL (the session lookup included) from 200 clients, in the same proportions.
// Run through `npm run bench:load`: scripts/with-postgres.mjs starts a throwaway PostgreSQL and
// sets TEST_DATABASE_URL. BENCH_SECONDS (10) sets each run, BENCH_ROUNDS (3) how many times the
// two take turns; BENCH_SERVER_FLAGS adds node flags to the server (--cpu-prof …). Prints
// figures, medians and where the cores went; asserts nothing.
// The ceiling is generous: its species and filtered lists run as they do once cached, where the
// server lists and counts again after each of the mix's writes.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.ts';
import { createLogsResultCache } from '../src/server/features/logs/logs-version.ts';
import { findLiveSession } from '../src/server/features/auth/session-store.ts';
import { hashToken } from '../src/server/features/auth/sessions.ts';
import {
  createLog,
  getLogPageJson,
  getOwnLogJson,
  getSpecies,
} from '../src/server/features/logs/service.ts';
import { logPageQuerySchema, logWriteSchema } from '../src/common/logs/schemas.ts';
import { LOAD_WRITE, loadMix } from '../tests/support/load-mix.ts';
import {
  SERVER_NODE_FLAGS,
  startServerProcess,
  stopServerProcess,
} from '../tests/support/server-processes.ts';
import { requireBuild } from './built-app.mjs';
import { captureSql, cpuShares, pgbench } from './pgbench.mjs';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.error('TEST_DATABASE_URL is not set: run npm run bench:load');
  process.exit(2);
}
requireBuild();
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3); // server and pgbench runs, alternated
const CONNECTIONS = 200; // as R4
const WARM_UP = 2; // seconds of each run left unmeasured
const GOAL_P99_MS = 100;
const work = mkdtempSync(join(tmpdir(), 'sightbook-bench-load-'));

const migrated = await openDatabase({ databaseUrl: url, embeddedDatabase: 'unused' });
await migrated.close();
const serverFlags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
const server = await startServerProcess(
  [...SERVER_NODE_FLAGS, ...serverFlags, 'dist/server/main.js'],
  {
    DATABASE_URL: url,
    DATA_DIR: join(work, 'data'),
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'bench-session-secret-that-is-long-enough',
  },
);
const pool = new pg.Pool({ connectionString: url, max: 2 });
try {
  const registered = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `load-${Date.now()}@example.org`,
      password: 'load bench runner',
    }),
  });
  // the cookies a browser would send back: the session and its hint
  const cookies = registered.headers.getSetCookie().map((line) => line.split(';')[0]);
  const cookie = cookies.join('; ');
  const headers = { 'content-type': 'application/json', cookie };
  const created = await fetch(`${server.url}/api/logs`, {
    method: 'POST',
    headers,
    body: LOAD_WRITE,
  });
  const { id, userId } = await created.json();

  const load = (duration) =>
    autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration,
      headers: { cookie },
      requests: loadMix(id),
    });
  // Each request of the mix as the statements the server runs for it, after its session's.
  const session = cookies.find((part) => part.startsWith('sid='));
  const signed = decodeURIComponent(session.slice(session.indexOf('=') + 1));
  const sid = hashToken(signed.slice(0, signed.lastIndexOf('.')));
  const logsResults = createLogsResultCache(10);
  const context = (db) => ({ db, logsResults });
  const list = (query) => (db) =>
    getLogPageJson(context(db), userId, logPageQuerySchema.parse(query));
  const write = logWriteSchema.parse(JSON.parse(LOAD_WRITE));
  const kinds = [
    { name: 'list, page 1', weight: 7, run: list({}) },
    { name: 'list, page 2', weight: 7, run: list({ page: '2' }) },
    { name: 'details', weight: 2, run: (db) => getOwnLogJson(db, userId, id) },
    { name: 'species', weight: 1, run: (db) => getSpecies(context(db), userId) },
    { name: 'filtered list', weight: 1, run: list({ q: 'lark', minCount: '2' }) },
    { name: 'create', weight: 2, run: (db) => createLog(db, userId, write) },
  ];
  const scripts = [];
  for (const kind of kinds) {
    const statements = await captureSql(pool, async (db, forget) => {
      await kind.run(db); // a cached result is computed now; the second call is the one kept
      forget();
      await findLiveSession(db, sid, new Date());
      await kind.run(db);
    });
    scripts.push({ statements, weight: kind.weight });
  }
  // The server and pgbench take turns, ROUNDS times: the machine's speed drifts within minutes.
  const rounds = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    await load(WARM_UP); // unmeasured: every pooled connection prepares its statements
    const served = await cpuShares(server.child.pid, () => load(SECONDS));
    const raw = await cpuShares(server.child.pid, async () =>
      pgbench(url, scripts, {
        clients: CONNECTIONS,
        seconds: SECONDS,
        warmUp: WARM_UP,
        mode: 'prepared',
        workDir: work,
      }),
    );
    const { result } = served;
    const ceiling = raw.result;
    rounds.push({ rate: result.requests.average, p99: result.latency.p99, ceiling });
    console.log(
      `R4 mix, round ${round + 1}, ${CONNECTIONS} connections, ${SECONDS} s after ${WARM_UP} s: ` +
        `${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, ` +
        `p99 ${result.latency.p99} ms; ${result.errors} errors, ${result.non2xx} non-2xx ` +
        `(${served.text}) | pgbench, the same SQL from ${CONNECTIONS} clients: ` +
        `${ceiling.tps.toFixed(0)} tps, p50 ${ceiling.p50.toFixed(1)} ms, ` +
        `p99 ${ceiling.p99.toFixed(1)} ms (${raw.text})`,
    );
  }
  const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
  const rate = median(rounds.map((r) => r.rate));
  const result = { latency: { p99: median(rounds.map((r) => r.p99)) } };
  const ceiling = {
    tps: median(rounds.map((r) => r.ceiling.tps)),
    p99: median(rounds.map((r) => r.ceiling.p99)),
  };
  const verdict = (p99) => (p99 <= GOAL_P99_MS ? 'met' : 'MISSED');
  console.table([
    {
      figure: 'R4 server: req/s, p99',
      value: `${rate.toFixed(0)}, ${result.latency.p99} ms`,
      goal: `p99 ≤ ${GOAL_P99_MS} ms`,
      verdict: verdict(result.latency.p99),
    },
    {
      figure: 'pgbench, same SQL: tps, p99',
      value: `${ceiling.tps.toFixed(0)}, ${ceiling.p99.toFixed(1)} ms`,
      goal: `p99 ≤ ${GOAL_P99_MS} ms`,
      verdict: verdict(ceiling.p99),
    },
    {
      figure: `P8 server / pgbench rate (${CONNECTIONS} clients, medians of ${ROUNDS})`,
      value: (rate / ceiling.tps).toFixed(2),
      goal: '≥ 0.85',
      verdict: rate / ceiling.tps >= 0.85 ? 'met' : 'MISSED',
    },
  ]);
} finally {
  await pool.end();
  await stopServerProcess(server.child);
}
