#!/usr/bin/env node
// Start-up time to ready: spawn the built server and time until GET /healthz answers 200.
// Prints the median of several runs for a fresh data directory (creates and migrates the
// embedded database) and an existing one, and the ratio to a bare Fastify app started the
// same way (the floor any Node server pays). Needs `npm run build` first.
// Usage: node bench/startup.mjs [runs=5]    (DATABASE_URL set: measures PostgreSQL instead)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, requireBuild } from './built-app.mjs';

const runs = Number(process.argv[2] ?? 5);
requireBuild();

async function timeToReady(args, env) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

const baselineFile = join(mkdtempSync(join(tmpdir(), 'sightbook-bench-')), 'bare.mjs');
writeFileSync(
  baselineFile,
  `import Fastify from '${join(process.cwd(), 'node_modules/fastify/fastify.js')}';
const app = Fastify(); app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`,
);

const bare = [];
const fresh = [];
const existing = [];
for (let i = 0; i < runs; i++) {
  bare.push(await timeToReady([baselineFile], {}));
  const dataDir = mkdtempSync(join(tmpdir(), 'sightbook-bench-'));
  fresh.push(await timeToReady(['dist/server/main.js'], { DATA_DIR: dataDir }));
  existing.push(await timeToReady(['dist/server/main.js'], { DATA_DIR: dataDir }));
  rmSync(dataDir, { recursive: true, force: true });
}

const store = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const line = (label, values) =>
  console.log(
    `${label.padEnd(34)} median ${median(values).toFixed(0).padStart(5)} ms  (x${(median(values) / median(bare)).toFixed(1)} bare Fastify)  runs: ${values.map((v) => v.toFixed(0)).join(', ')}`,
  );
console.log(`start-up to ready, ${runs} runs, store: ${store}`);
line('bare Fastify (baseline)', bare);
line('Sightbook, new data directory', fresh);
line('Sightbook, existing data directory', existing);
