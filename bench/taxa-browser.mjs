// The species pickers' worker timed in Chromium, for bench/taxa-pack.mjs (the species pack) and
// bench/likely-browser.mjs (with the region's "likely here" pack): a built server on a seeded
// embedded store, a signed-in page, and in it the real species worker (bench/taxa-harness.mjs)
// answering typed queries by postMessage round trip, beside a ceiling worker that only runs
// `includes` over the same name keys. Rounds rotate the variants; the figures are the medians
// of the rounds' median, p95 and max.
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

const root = new URL('..', import.meta.url).pathname;

export const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
const quantile = (values, q) =>
  values.toSorted((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)];
export const ms = (value) => `${value.toFixed(2)} ms`;

/** GET with the session cookie: the bytes as sent (not decompressed), and the time taken. */
export function fetchRaw(url, cookie, encoding) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(url, { headers: { cookie, 'accept-encoding': encoding } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ bytes: body.length, body, ms: performance.now() - started });
      });
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

/**
 * Runs in the page: loads the species worker (and the ceiling when a variant asks for it), then
 * times the queries of each variant ({ name, ceiling?, region, place? }) round by round.
 */
async function inPage({ workerUrl, ceilingSource, queries, rounds, language, variants, sample }) {
  const answers = new Map();
  const listen = (worker) =>
    worker.addEventListener('message', ({ data }) => {
      if (data.type === 'result') answers.get(data.id)?.(data.taxa);
      if (data.type === 'state' && data.state.ready) answers.get('ready')?.(data.state);
    });
  const ready = () => new Promise((resolve) => answers.set('ready', resolve));
  let nextId = 1;
  const ask = (worker, text, { region, place }) =>
    new Promise((resolve) => {
      const id = nextId++;
      answers.set(id, (taxa) => {
        answers.delete(id);
        resolve(taxa);
      });
      worker.postMessage({ type: 'search', id, text, limit: 20, region, place });
    });

  let started = performance.now();
  const pack = new Worker(workerUrl, { type: 'module' });
  listen(pack);
  const packReady = ready();
  pack.postMessage({ type: 'load', language });
  const state = await packReady;
  const loadMs = performance.now() - started;

  let ceiling;
  if (variants.some((variant) => variant.ceiling)) {
    ceiling = new Worker(
      URL.createObjectURL(new Blob([ceilingSource], { type: 'text/javascript' })),
    );
    listen(ceiling);
    const text = await (await fetch(`/api/taxa/pack?lang=${language}`)).text();
    const ceilingReady = ready();
    ceiling.postMessage({ type: 'load', text });
    await ceilingReady;
  }

  const time = async (variant) => {
    const worker = variant.ceiling ? ceiling : pack;
    const times = [];
    for (const query of queries) {
      started = performance.now();
      await ask(worker, query, variant);
      times.push(performance.now() - started);
    }
    return times;
  };
  for (const variant of variants) await time(variant); // warm-up: the JIT, the workers, the packs
  const samples = {};
  for (const variant of variants.filter((v) => !v.ceiling)) {
    samples[variant.name] = (await ask(pack, sample, variant))
      .slice(0, 3)
      .map((t) => t.scientificName);
  }
  const results = Object.fromEntries(variants.map((variant) => [variant.name, []]));
  for (let round = 0; round < rounds; round += 1) {
    // each variant in each position in turn
    const order = variants.map((_, at) => variants[(at + round) % variants.length]);
    for (const variant of order) results[variant.name].push(await time(variant));
  }
  pack.terminate();
  ceiling?.terminate();
  return { state, loadMs, results, samples };
}

/**
 * A built server on a fresh embedded store holding the default backbone and what `seed(db)`
 * adds, Chromium, and a signed-in context on it. close() stops them and removes the store.
 */
export async function openBench(name, seed = async () => {}) {
  if (!existsSync(join(root, 'dist/server/main.js'))) {
    console.error('dist/server/main.js is missing: run npm run build first');
    process.exit(1);
  }
  const { workerUrl } = await buildTaxaHarness();
  const work = mkdtempSync(join(tmpdir(), `sightbook-bench-${name}-`));
  const bench = { workerUrl };
  bench.close = async () => {
    await bench.browser?.close();
    if (bench.server) await stopServerProcess(bench.server.child);
    rmSync(work, { recursive: true, force: true });
  };
  try {
    const database = await openDatabase({ embeddedDatabase: join(work, 'db') });
    const started = performance.now();
    const taxa = await seedBackbone(database.db);
    console.log(`seeded ${taxa} taxa in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await seed(database.db);
    await database.close();

    bench.server = await startServerProcess(
      [...SERVER_NODE_FLAGS, 'dist/server/main.js'],
      { DATA_DIR: work, DATABASE_URL: undefined, LOG_LEVEL: 'warn' },
      { cwd: root },
    );
    bench.browser = await launchBrowser();
    // the ceiling worker comes from a blob: URL, which the app's CSP (worker-src 'self') refuses
    bench.context = await bench.browser.newContext({ baseURL: bench.server.url, bypassCSP: true });
    const register = await bench.context.request.post('/api/auth/register', {
      data: { email: `bench-${Date.now()}@example.org`, password: 'bench password 1' },
    });
    if (register.status() !== 201) throw new Error(`sign-up answered ${register.status()}`);
    bench.cookie = (await bench.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    return bench;
  } catch (error) {
    await bench.close();
    throw error;
  }
}

/**
 * Times the variants in a new page ({ queries, rounds, language, variants, sample }): the
 * worker's state and load time, the sample query's first three per variant, and per variant
 * the medians over the rounds of its median, p95 and max.
 */
export async function timeInPage(bench, options) {
  const page = await bench.context.newPage();
  await page.goto('/');
  const run = await page.evaluate(inPage, {
    ...options,
    workerUrl: bench.workerUrl,
    ceilingSource: CEILING_WORKER,
  });
  await page.close();
  const rows = {};
  for (const [name, rounds] of Object.entries(run.results)) {
    const perRound = rounds.map((times) => ({
      median: median(times),
      p95: quantile(times, 0.95),
      max: Math.max(...times),
    }));
    rows[name] = Object.fromEntries(
      ['median', 'p95', 'max'].map((figure) => [figure, median(perRound.map((s) => s[figure]))]),
    );
  }
  return { ...run, rows };
}

/** Prints the figures of timeInPage: a column a variant ({ name: label }), and `over`/`under`. */
export function printFigures(rows, labels, [over, under]) {
  console.table(
    Object.fromEntries(
      ['median', 'p95', 'max'].map((figure) => [
        figure,
        {
          ...Object.fromEntries(
            Object.entries(labels).map(([name, label]) => [label, ms(rows[name][figure])]),
          ),
          ratio: `${(rows[over][figure] / rows[under][figure]).toFixed(2)}×`,
        },
      ]),
    ),
  );
}
