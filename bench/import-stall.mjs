// Does one user's big import stall everyone else? One user imports 50,000 rows shaped like a
// real "My eBird Data" download while other users' list requests are timed; the same requests
// without an import are the ceiling. Runs alternate (ceiling, import, ceiling, import…) and the
// medians of their percentiles are printed, with the import's as a ratio of the ceiling's.
//
//   npm run build && npm run bench:import            (embedded store)
//   node scripts/with-postgres.mjs node --import tsx bench/import-stall.mjs   (PostgreSQL)
//
// IMPORT_ROWS (50,000), RUNS (3 of each) and READERS (2 users listing at once) can be set.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/client.ts';
import { seedBackbone } from '../src/server/features/taxonomy/index.ts';
import { requireBuild, signUp, startBuiltServer } from './built-app.mjs';
import { eBirdFile } from './ebird-file.mjs';

const ROWS = Number(process.env.IMPORT_ROWS ?? 50_000);
const RUNS = Number(process.env.RUNS ?? 3);
const READERS = Number(process.env.READERS ?? 2);
const CEILING_MS = 8_000; // how long a run without an import lists

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Each reader lists its first page over and over until `until()`; every latency in ms. */
async function listWhile(base, readers, until) {
  const latencies = [];
  await Promise.all(
    readers.map(async (headers) => {
      while (!until()) {
        const start = performance.now();
        const res = await fetch(`${base}/api/logs?page=1`, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`list answered ${res.status}`);
        latencies.push(performance.now() - start);
      }
    }),
  );
  const sorted = latencies.sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
  };
}

requireBuild();
const work = mkdtempSync(join(tmpdir(), 'sightbook-import-bench-'));
// the species backbone first, as an instance has it after its first start (the import links to it)
const seeding = await openDatabase({
  databaseUrl: process.env.TEST_DATABASE_URL,
  embeddedDatabase: join(work, 'data', 'db'),
});
await seedBackbone(seeding.db);
await seeding.close();
const server = await startBuiltServer({ DATA_DIR: join(work, 'data') });
try {
  const { base } = server;
  const readers = [];
  for (let index = 0; index < READERS; index += 1) {
    const headers = await signUp(base);
    const seeded = await fetch(`${base}/api/import`, {
      method: 'POST',
      headers: { cookie: headers.cookie, 'content-type': 'text/csv' },
      body: eBirdFile(2_000, 900 + index),
    });
    if (seeded.status !== 201) throw new Error(`seeding answered ${seeded.status}`);
    readers.push({ cookie: headers.cookie });
  }
  const file = eBirdFile(ROWS, 1);
  console.log(
    `${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded store'}: ${ROWS.toLocaleString('en')} eBird rows (${(file.length / 1e6).toFixed(1)} MB), ${READERS} other users listing`,
  );

  const ceilings = [];
  const imports = [];
  for (let run = 0; run < RUNS; run += 1) {
    const stopAt = performance.now() + CEILING_MS;
    ceilings.push(await listWhile(base, readers, () => performance.now() > stopAt));

    const importer = await signUp(base);
    let done = false;
    const started = performance.now();
    const importing = fetch(`${base}/api/import?onInvalid=skip`, {
      method: 'POST',
      headers: { cookie: importer.cookie, 'content-type': 'text/csv' },
      body: file,
    }).then(async (res) => {
      const body = await res.json();
      done = true;
      if (res.status !== 201) throw new Error(`import answered ${res.status}: ${body.message}`);
      return body;
    });
    const during = await listWhile(base, readers, () => done);
    const result = await importing;
    const seconds = (performance.now() - started) / 1000;
    imports.push({ ...during, seconds, imported: result.imported });
    console.log(
      `run ${run + 1}: ceiling p99 ${ceilings[run].p99.toFixed(1)} ms; import of ${result.imported} rows in ${seconds.toFixed(1)} s, list p99 ${during.p99.toFixed(1)} ms over ${during.n} requests`,
    );
  }

  console.log('\nmedians of the runs   without import   during import   ratio');
  for (const key of ['p50', 'p95', 'p99']) {
    const ceiling = median(ceilings.map((r) => r[key]));
    const during = median(imports.map((r) => r[key]));
    console.log(
      `  ${key}                 ${ceiling.toFixed(1).padStart(8)} ms   ${during.toFixed(1).padStart(10)} ms   ${(during / ceiling).toFixed(2).padStart(5)}×`,
    );
  }
  console.log(`  import time           ${median(imports.map((r) => r.seconds)).toFixed(1)} s`);
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
