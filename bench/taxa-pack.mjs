#!/usr/bin/env node
// The offline species pack of issue 20 (docs/decisions/012-offline-taxa-pack.md), in Chromium:
//   1. the pack of the default backbone (common-species): raw and gzip size, the server's build;
//   2. the worker: time to fetch and index the pack;
//   3. 200 queries as people type them (prefixes of 1-8 characters of 13 common and 12
//      scientific names) sent to the worker and answered (the postMessage round trip), beside a
//      ceiling: a bare worker that only runs `includes` over the same name keys. Rounds
//      alternate the two; the figures are the medians of the rounds' median, p95 and max.
//   Each language of BENCH_LANGUAGES (default "en fr de es nl") in turn: its pack, its names.
// Usage: npm run build && npm run bench:taxa   (embedded store; BENCH_ROUNDS, default 7)
// Prints figures; asserts nothing. The goal: p95 ≤ 30 ms.
/* global Worker -- inPage() runs in the page */
import { request } from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/client.ts';
import { seedBackbone } from '../src/server/features/taxonomy/index.ts';
import {
  SERVER_NODE_FLAGS,
  startServerProcess,
  stopServerProcess,
} from '../tests/support/server-processes.ts';
import { launchBrowser } from '../e2e/browser.ts';
import { buildTaxaHarness } from './taxa-harness.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const LANGUAGES = (process.env.BENCH_LANGUAGES ?? 'en fr de es nl').split(/\s+/).filter(Boolean);
const root = new URL('..', import.meta.url).pathname;
const NAMES = [
  'Barn owl',
  'Red fox',
  'Common blackbird',
  'European robin',
  'American robin',
  'House sparrow',
  'Mallard',
  'Grey heron',
  'Common buzzard',
  'Monarch',
  'Western honey bee',
  'Red deer',
  'English oak',
  'Tyto alba',
  'Vulpes vulpes',
  'Turdus merula',
  'Erithacus rubecula',
  'Passer domesticus',
  'Anas platyrhynchos',
  'Ardea cinerea',
  'Buteo buteo',
  'Danaus plexippus',
  'Apis mellifera',
  'Cervus elaphus',
  'Quercus robur',
];
const QUERIES = NAMES.flatMap((name) => [1, 2, 3, 4, 5, 6, 7, 8].map((n) => name.slice(0, n)));

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
const quantile = (values, q) =>
  values.toSorted((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)];
const ms = (value) => `${value.toFixed(2)} ms`;
const MB = (bytes) => `${(bytes / 1e6).toFixed(3)} MB`;

/** GET with the session cookie; the bytes as sent (not decompressed) and the time taken. */
function fetchRaw(url, cookie, encoding) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(url, { headers: { cookie, 'accept-encoding': encoding } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ bytes: Buffer.concat(chunks).length, ms: performance.now() - started }),
      );
    })
      .on('error', reject)
      .end();
  });
}

// The ceiling worker: the same keys (scientific names, then the other names, as nameKey makes
// them), and a search that only asks each whether it holds the text.
const CEILING_WORKER = `
const key = (name) => name.normalize('NFD').replace(/\\p{M}/gu, '').toLowerCase()
  .replace(/[\\s\\u00a0]+/g, ' ').trim();
let keys = [];
onmessage = ({ data }) => {
  if (data.type === 'load') {
    const lines = data.text.split('\\n').slice(1);
    const names = [];
    keys = lines.map((line) => {
      const fields = line.split('\\t');
      for (let f = 5; f < fields.length; f += 1) names.push(key(fields[f]));
      return key(fields[1]);
    }).concat(names);
    postMessage({ type: 'state', state: { ready: true } });
    return;
  }
  const search = key(data.text);
  let found = 0;
  for (let i = 0; i < keys.length; i += 1) if (keys[i].includes(search)) found += 1;
  postMessage({ type: 'result', id: data.id, taxa: found });
};`;

/** Runs in the page: loads both workers, then times the queries round by round. */
async function inPage({ workerUrl, ceilingSource, queries, rounds, language }) {
  const answers = new Map();
  const listen = (worker) =>
    worker.addEventListener('message', ({ data }) => {
      if (data.type === 'result') answers.get(data.id)?.(data.taxa);
      if (data.type === 'state' && data.state.ready) answers.get('ready')?.(data.state);
    });
  const ready = () => new Promise((resolve) => answers.set('ready', resolve));
  let nextId = 1;
  const ask = (worker, text) =>
    new Promise((resolve) => {
      const id = nextId++;
      answers.set(id, (taxa) => {
        answers.delete(id);
        resolve(taxa);
      });
      worker.postMessage({ type: 'search', id, text, limit: 20, region: 0 });
    });

  let started = performance.now();
  const pack = new Worker(workerUrl, { type: 'module' });
  listen(pack);
  const packReady = ready();
  pack.postMessage({ type: 'load', language });
  const state = await packReady;
  const loadMs = performance.now() - started;

  const ceiling = new Worker(
    URL.createObjectURL(new Blob([ceilingSource], { type: 'text/javascript' })),
  );
  listen(ceiling);
  const text = await (await fetch(`/api/taxa/pack?lang=${language}`)).text();
  const ceilingReady = ready();
  ceiling.postMessage({ type: 'load', text });
  await ceilingReady;

  const time = async (worker) => {
    const times = [];
    for (const query of queries) {
      started = performance.now();
      await ask(worker, query);
      times.push(performance.now() - started);
    }
    return times;
  };
  await time(pack); // warm-up: the JIT, both workers
  await time(ceiling);
  const sample = await ask(pack, 'barn o');
  const results = { pack: [], ceiling: [] };
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? ['pack', 'ceiling'] : ['ceiling', 'pack'];
    for (const name of order) results[name].push(await time(name === 'pack' ? pack : ceiling));
  }
  pack.terminate();
  ceiling.terminate();
  return { state, loadMs, results, sample: sample.slice(0, 3).map((t) => t.scientificName) };
}

if (!existsSync(join(root, 'dist/server/main.js'))) {
  console.error('dist/server/main.js is missing: run npm run build first');
  process.exit(1);
}
const { workerUrl } = await buildTaxaHarness();
const work = mkdtempSync(join(tmpdir(), 'sightbook-bench-taxa-'));
let server;
let browser;
try {
  const database = await openDatabase({ embeddedDatabase: join(work, 'db') });
  let started = performance.now();
  const taxa = await seedBackbone(database.db);
  console.log(`seeded ${taxa} taxa in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await database.close();

  server = await startServerProcess(
    [...SERVER_NODE_FLAGS, 'dist/server/main.js'],
    { DATA_DIR: work, DATABASE_URL: undefined, LOG_LEVEL: 'warn' },
    { cwd: root },
  );
  browser = await launchBrowser();
  // the ceiling worker comes from a blob: URL, which the app's CSP (worker-src 'self') refuses
  const context = await browser.newContext({ baseURL: server.url, bypassCSP: true });
  const register = await context.request.post('/api/auth/register', {
    data: { email: `bench-${Date.now()}@example.org`, password: 'bench password 1' },
  });
  if (register.status() !== 201) throw new Error(`sign-up answered ${register.status()}`);
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const stats = (times) => ({
    median: median(times),
    p95: quantile(times, 0.95),
    max: Math.max(...times),
  });
  const summary = [];
  for (const language of LANGUAGES) {
    const packUrl = `${server.url}/api/taxa/pack?lang=${language}`;
    const cold = await fetchRaw(packUrl, cookie, 'gzip');
    const warm = await fetchRaw(packUrl, cookie, 'gzip');
    const raw = await fetchRaw(packUrl, cookie, 'identity');

    const page = await context.newPage();
    await page.goto('/');
    const run = await page.evaluate(inPage, {
      workerUrl,
      ceilingSource: CEILING_WORKER,
      queries: QUERIES,
      rounds: ROUNDS,
      language,
    });
    await page.close();

    console.log(
      `\npack (${language}): ${run.state.taxa} taxa, ${MB(raw.bytes)} raw, ${MB(cold.bytes)} gzip`,
    );
    console.log(`server: first request ${ms(cold.ms)} (builds the pack), then ${ms(warm.ms)}`);
    console.log(
      `worker: fetch + index ${ms(run.loadMs)}, of which reading and keying ${run.state.indexMs} ms`,
    );
    console.log(`"barn o" → ${run.sample.join(', ')}`);
    const rows = {};
    for (const name of ['pack', 'ceiling']) {
      const perRound = run.results[name].map(stats);
      rows[name] = {
        median: median(perRound.map((s) => s.median)),
        p95: median(perRound.map((s) => s.p95)),
        max: median(perRound.map((s) => s.max)),
      };
    }
    console.log(
      `${QUERIES.length} queries × ${ROUNDS} rounds, alternated; medians of the rounds (limit 20):`,
    );
    console.table(
      Object.fromEntries(
        ['median', 'p95', 'max'].map((figure) => [
          figure,
          {
            pack: ms(rows.pack[figure]),
            'ceiling (includes only)': ms(rows.ceiling[figure]),
            ratio: `${(rows.pack[figure] / rows.ceiling[figure]).toFixed(2)}×`,
          },
        ]),
      ),
    );
    summary.push({
      language,
      taxa: run.state.taxa,
      gzip: MB(cold.bytes),
      'index (ms)': run.state.indexMs,
      'p95 (ms)': rows.pack.p95.toFixed(2),
      'ceiling p95 (ms)': rows.ceiling.p95.toFixed(2),
    });
  }
  console.log('\nby language:');
  console.table(summary);
  const worst = Math.max(...summary.map((row) => Number(row['p95 (ms)'])));
  console.log(`goal p95 ≤ 30 ms: ${worst <= 30 ? 'met' : 'NOT met'} (worst ${worst} ms)`);
} finally {
  await browser?.close();
  if (server) await stopServerProcess(server.child);
  rmSync(work, { recursive: true, force: true });
}
