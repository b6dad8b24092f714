#!/usr/bin/env node
// Issue 38's P15: POST /api/logs (the taxon's linking, the lifer, the outing's checks, the
// unusual-record flags, the insert and its JSON) from CONNECTIONS clients, beside pgbench running
// the same INSERT the server sends (captured from Drizzle), in alternated rounds on PostgreSQL.
// Also pgbench of every statement of a create, the session's included: what the SQL alone costs.
// Run: npm run build && node scripts/with-postgres.mjs node --import tsx bench/create-log.mjs
// BENCH_ROWS (100,000) logs before; BENCH_SECONDS (10) a load run; BENCH_ROUNDS (3).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.ts';
import { findLiveSession } from '../src/server/features/auth/session-store.ts';
import { createLog } from '../src/server/features/logs/service.ts';
import { logWriteSchema } from '../src/common/logs/schemas.ts';
import {
  SERVER_NODE_FLAGS,
  startServerProcess,
  stopServerProcess,
} from '../tests/support/server-processes.ts';
import { requireBuild } from './built-app.mjs';
import { benchSession, captureSql, pgbench } from './pgbench.mjs';
import { generate, HEAVY_USER } from './db/generate.mjs';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.error('TEST_DATABASE_URL is not set: run it through scripts/with-postgres.mjs');
  process.exit(2);
}
requireBuild();
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 16;
const WARM_UP = 2;
const SECRET = 'bench-session-secret-that-is-long-enough';
const work = mkdtempSync(join(tmpdir(), 'sightbook-bench-'));
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

const migrated = await openDatabase({ databaseUrl: url, embeddedDatabase: 'unused' });
await migrated.close();
const pool = new pg.Pool({ connectionString: url, max: 4 });
await generate(pool, { rows: ROWS });
await pool.query('VACUUM ANALYZE');

// a session of the heavy user, as the server signs it
const { cookie, sid } = await benchSession(pool, HEAVY_USER, SECRET);

// A log of a species in the backbone, at a place with a zone: every check of a create runs.
const body = {
  speciesCommon: 'American Robin',
  speciesScientific: 'Turdus migratorius',
  count: 2,
  observedAt: '2024-05-01T13:30:00.000Z',
  timeZone: 'America/New_York',
  placeName: 'Prospect Park',
  latitude: 40.6602,
  longitude: -73.969,
  description: 'Singing from the lawn',
  isPublic: false,
};
const payload = logWriteSchema.parse(body);

/** The statements of one create, the session's first (the server reads it per request). */
const statements = await captureSql(pool, async (db, forget) => {
  await createLog(db, HEAVY_USER, payload);
  forget();
  await findLiveSession(db, sid, new Date());
  await createLog(db, HEAVY_USER, payload);
});
const insert = statements.filter(({ query }) => /insert into "?logs"?/i.test(query));
if (insert.length !== 1) throw new Error(`expected one INSERT into logs, got ${insert.length}`);
console.log(
  `PostgreSQL, ${ROWS.toLocaleString('en')} logs; a create sends ${statements.length} statements ` +
    `(the session's included); load runs of ${SECONDS} s from ${CONNECTIONS} clients`,
);

// BENCH_SERVER_FLAGS: more node flags for the server (--cpu-prof --cpu-prof-dir=/tmp/p15)
const serverFlags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
const server = await startServerProcess(
  [...SERVER_NODE_FLAGS, ...serverFlags, 'dist/server/main.js'],
  {
    LOG_LEVEL: 'warn',
    SESSION_SECRET: SECRET,
    DATA_DIR: join(work, 'data'),
    DATABASE_URL: url,
  },
);
const post = (duration) =>
  autocannon({
    url: `${server.url}/api/logs`,
    method: 'POST',
    connections: CONNECTIONS,
    duration,
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
// 'prepared' plans each statement once per connection; 'extended' every time, as the server's
// queries are sent (unnamed statements): the difference is what planning costs.
const bench = (scriptStatements, mode = 'prepared') =>
  pgbench(url, [{ statements: scriptStatements }], {
    clients: CONNECTIONS,
    seconds: SECONDS,
    warmUp: WARM_UP,
    mode,
    workDir: work,
  });

const rounds = [];
try {
  const check = await fetch(`${server.url}/api/logs`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (check.status !== 201) throw new Error(`POST /api/logs answered ${check.status}`);
  for (let round = 1; round <= ROUNDS; round += 1) {
    const sameInsert = bench(insert);
    const everyStatement = bench(statements);
    const plannedEachTime = bench(statements, 'extended');
    await post(WARM_UP);
    const served = await post(SECONDS);
    rounds.push({ sameInsert, everyStatement, plannedEachTime, served });
    console.log(
      `round ${round}: POST /api/logs ${served.requests.average.toFixed(0)} req/s, ` +
        `p50 ${served.latency.p50} ms, p99 ${served.latency.p99} ms, ${served.non2xx} non-2xx | ` +
        `pgbench the INSERT ${sameInsert.tps.toFixed(0)} tps (p99 ${sameInsert.p99.toFixed(1)} ms) | ` +
        `every statement ${everyStatement.tps.toFixed(0)} tps (p99 ${everyStatement.p99.toFixed(1)} ms), ` +
        `planned each time ${plannedEachTime.tps.toFixed(0)} tps`,
    );
  }
} finally {
  await stopServerProcess(server.child);
  await pool.end();
  rmSync(work, { recursive: true, force: true });
}

const served = median(rounds.map((r) => r.served.requests.average));
const sameInsert = median(rounds.map((r) => r.sameInsert.tps));
const everyStatement = median(rounds.map((r) => r.everyStatement.tps));
const plannedEachTime = median(rounds.map((r) => r.plannedEachTime.tps));
console.log(`\nP15 medians of ${ROUNDS} alternated rounds`);
console.log(`| figure | req/s or tps | ratio of POST to it | goal |`);
console.log(`| --- | --- | --- | --- |`);
console.log(`| POST /api/logs | ${served.toFixed(0)} | | |`);
console.log(
  `| pgbench, the same INSERT | ${sameInsert.toFixed(0)} | ${(served / sameInsert).toFixed(2)} | ≥ 0.8 |`,
);
console.log(
  `| pgbench, every statement of a create | ${everyStatement.toFixed(0)} | ${(served / everyStatement).toFixed(2)} | |`,
);
console.log(
  `| pgbench, every statement, planned each time | ${plannedEachTime.toFixed(0)} | ${(served / plannedEachTime).toFixed(2)} | |`,
);
