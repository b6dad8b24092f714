#!/usr/bin/env node
// Start-up time to ready: spawn the built server and time until GET /healthz answers 200.
// Prints the median of several runs for a fresh data directory (creates and migrates the
// embedded database) and an existing one, and the ratio to a bare Fastify app started the
// same way (the floor any Node server pays). Needs `npm run build` first.
// Usage: node bench/startup.mjs [runs=5]    (DATABASE_URL set: measures PostgreSQL instead;
// BENCH_DATA_DIR=<a started data directory> skips first starts; BENCH_SERVER=<other main.js>)
// On PGlite it also times issue 38's ceiling (bare PGlite open + bare Fastify) on the same store.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, requireBuild } from './built-app.mjs';

const runs = Number(process.argv[2] ?? 5);
/** BENCH_SERVER: another build's entry (a worktree's dist/server/main.js), for before and after. */
const server = process.env.BENCH_SERVER ?? 'dist/server/main.js';
/** What the server logs once the first start's species backbone is in (src/server/jobs.ts). */
const BACKBONE_DONE = /linked logs to the species backbone|could not load the species backbone/;
requireBuild();

/**
 * Spawns `args` and answers the time until GET /healthz answers 200; with `until`, also the time
 * until the server logs a line matching it (the first start's backbone load), before stopping it.
 */
async function timeToReady(args, env, until) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: until ? 'info' : 'silent' },
    stdio: ['ignore', until ? 'pipe' : 'ignore', 'ignore'],
  });
  const logged = until
    ? new Promise((resolve) => {
        let text = '';
        child.stdout.on('data', (chunk) => {
          text += chunk;
          if (until.test(text)) resolve(performance.now() - started);
        });
      })
    : undefined;
  try {
    let ready;
    while (ready === undefined) {
      if (child.exitCode !== null)
        throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) ready = performance.now() - started;
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return logged ? { ready, logged: await logged } : ready;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

const work = mkdtempSync(join(tmpdir(), 'sightbook-bench-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const modules = join(process.cwd(), 'node_modules');
const baselineFile = join(work, 'bare.mjs');
writeFileSync(
  baselineFile,
  `import Fastify from '${modules}/fastify/fastify.js';
const app = Fastify(); app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`,
);
// The ceiling of issue 38's P5: the same store opened bare (PGlite with the server's start
// parameters and extension, one query), then a bare Fastify app: what any server of this
// store pays before it can answer.
const ceilingFile = join(work, 'pglite-fastify.mjs');
writeFileSync(
  ceilingFile,
  `import { PGlite } from '${modules}/@electric-sql/pglite/dist/index.js';
import { pg_trgm } from '${modules}/@electric-sql/pglite/dist/contrib/pg_trgm.js';
import Fastify from '${modules}/fastify/fastify.js';
const db = await PGlite.create(process.env.DATA_DIR + '/db', {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB'],
  extensions: { pg_trgm },
});
await db.query('SELECT 1');
const app = Fastify(); app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => db.close().then(() => process.exit(0)));`,
);

const bare = [];
const fresh = [];
const seeded = [];
const existing = [];
const ceiling = [];
const embedded = !process.env.DATABASE_URL;
/** BENCH_DATA_DIR: a data directory whose first start is done, copied for each run (no P14). */
const seededDir = process.env.BENCH_DATA_DIR;
for (let i = 0; i < runs; i++) {
  bare.push(await timeToReady([baselineFile], {}));
  const dataDir = mkdtempSync(join(work, 'data-'));
  if (seededDir) cpSync(seededDir, dataDir, { recursive: true });
  // the first start, stopped once its background backbone load is done (stopping it sooner
  // would leave the load to the next start, and time that instead of an existing store's)
  if (!seededDir) {
    const first = await timeToReady([server], { DATA_DIR: dataDir }, BACKBONE_DONE);
    fresh.push(first.ready);
    seeded.push(first.logged);
  }
  // alternated on the same store, so that a drift of the machine's speed hits both
  existing.push(await timeToReady([server], { DATA_DIR: dataDir }));
  if (embedded) ceiling.push(await timeToReady([ceilingFile], { DATA_DIR: dataDir }));
  rmSync(dataDir, { recursive: true, force: true });
}

const store = embedded ? 'PGlite' : 'PostgreSQL';
const line = (label, values) =>
  console.log(
    `${label.padEnd(38)} median ${median(values).toFixed(0).padStart(5)} ms  (x${(median(values) / median(bare)).toFixed(1)} bare Fastify)  runs: ${values.map((v) => v.toFixed(0)).join(', ')}`,
  );
console.log(`start-up to ready, ${runs} runs, store: ${store}`);
line('bare Fastify (baseline)', bare);
if (embedded) line('bare PGlite open + bare Fastify (ceiling)', ceiling);
if (!seededDir) {
  line('Sightbook, new data directory', fresh);
  line('… its species backbone loaded (P14)', seeded);
}
line('Sightbook, existing data directory', existing);
if (embedded) {
  const ratios = existing.map((value, i) => value / ceiling[i]);
  console.log(
    `P5 existing store vs ceiling: x${median(ratios).toFixed(2)} (median of ${runs} alternated pairs: ${ratios.map((r) => r.toFixed(2)).join(', ')})`,
  );
}
