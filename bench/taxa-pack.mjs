#!/usr/bin/env node
// The offline species pack of issue 20 (docs/decisions/012-offline-taxa-pack.md), in Chromium:
//   1. the pack of the default backbone (common-species): raw and gzip size, the server's build;
//   2. the worker: time to fetch and index the pack;
//   3. 200 queries as people type them (prefixes of 1-8 characters of 13 common and 12
//      scientific names) sent to the worker and answered (the postMessage round trip), beside a
//      ceiling: a bare worker that only runs `includes` over the same name keys
//      (bench/taxa-browser.mjs). Rounds alternate the two; the figures are the medians of the
//      rounds' median, p95 and max.
//   Each language of BENCH_LANGUAGES (default "en fr de es nl") in turn: its pack, its names.
// Usage: npm run build && npm run bench:taxa   (embedded store; BENCH_ROUNDS, default 7)
// Prints figures; asserts nothing. The goal: p95 ≤ 30 ms.
import { fetchRaw, ms, openBench, printFigures, timeInPage } from './taxa-browser.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const LANGUAGES = (process.env.BENCH_LANGUAGES ?? 'en fr de es nl').split(/\s+/).filter(Boolean);
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

const MB = (bytes) => `${(bytes / 1e6).toFixed(3)} MB`;

const bench = await openBench('taxa');
try {
  const summary = [];
  for (const language of LANGUAGES) {
    const packUrl = `${bench.server.url}/api/taxa/pack?lang=${language}`;
    const cold = await fetchRaw(packUrl, bench.cookie, 'gzip');
    const warm = await fetchRaw(packUrl, bench.cookie, 'gzip');
    const raw = await fetchRaw(packUrl, bench.cookie, 'identity');

    const run = await timeInPage(bench, {
      queries: QUERIES,
      rounds: ROUNDS,
      language,
      variants: [
        { name: 'pack', region: 0 },
        { name: 'ceiling', ceiling: true, region: 0 },
      ],
      sample: 'barn o',
    });
    const { rows } = run;

    console.log(
      `\npack (${language}): ${run.state.taxa} taxa, ${MB(raw.bytes)} raw, ${MB(cold.bytes)} gzip`,
    );
    console.log(`server: first request ${ms(cold.ms)} (builds the pack), then ${ms(warm.ms)}`);
    console.log(
      `worker: fetch + index ${ms(run.loadMs)}, of which reading and keying ${run.state.indexMs} ms`,
    );
    console.log(`"barn o" → ${run.samples.pack.join(', ')}`);
    console.log(
      `${QUERIES.length} queries × ${ROUNDS} rounds, alternated; medians of the rounds (limit 20):`,
    );
    printFigures(rows, { pack: 'pack', ceiling: 'ceiling (includes only)' }, ['pack', 'ceiling']);
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
  await bench.close();
}
