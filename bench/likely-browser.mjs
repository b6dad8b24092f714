#!/usr/bin/env node
// The species picker's ranking with the region's "likely here" pack (issue 36), in Chromium:
//   1. a synthetic occurrence model (bench/likely-model.mjs) for a dense region (BENCH_SPECIES
//      species, default 1,000, over BENCH_CELLS resolution-3 cells, default 300, around upstate
//      New York) and a sparse one (150 species over 40 cells, around Tucson);
//   2. each region's pack as GET /api/occurrences/pack serves it: raw and gzip size, the first
//      request's time (the server builds it), and how many units are likely at the place;
//   3. the 200 typed queries of bench/likely-pack.mjs sent to the species worker (the real one,
//      bench/taxa-browser.mjs) with the dense place and date, with the sparse one, and without
//      a place, beside the bare ceiling worker. The worker fetches each region's pack during the
//      warm-up, then ranks with it as the picker does; rounds rotate the four variants; the
//      figures are the medians of the rounds' median, p95 and max.
// Usage: npm run build && npm run bench:likely:browser   (embedded store; BENCH_ROUNDS, default 5)
// Prints figures; asserts nothing. The goal: p95 ≤ 30 ms with a pack, as without (issue 20).
import { likelyUnits, readLikelyPack } from '../src/common/likely-pack.ts';
import { regionOfZone } from '../src/common/regions.ts';
import { modelLine, PLACE, QUERIES, seedLikelyModel } from './likely-model.mjs';
import { fetchRaw, ms, openBench, printFigures, timeInPage } from './taxa-browser.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SPARSE = { latitude: 32.22, longitude: -110.97, date: PLACE.date };
const MODELS = [
  {
    name: 'dense',
    place: PLACE,
    species: Number(process.env.BENCH_SPECIES ?? 1000),
    cells: Number(process.env.BENCH_CELLS ?? 300),
  },
  { name: 'sparse', place: SPARSE, species: 150, cells: 40 },
];
// both places lie in North America: the picker sends its region with the place
const region = regionOfZone('America/New_York');
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

let counts = [];
const bench = await openBench('likely', async (db) => {
  counts = await seedLikelyModel(db, MODELS);
});
try {
  const summary = [];
  for (const [at, { name, place }] of MODELS.entries()) {
    const url = `${bench.server.url}/api/occurrences/pack?lat=${place.latitude}&lon=${place.longitude}`;
    const cold = await fetchRaw(url, bench.cookie, 'gzip');
    const raw = await fetchRaw(url, bench.cookie, 'identity');
    const pack = readLikelyPack(raw.body.toString('utf8'));
    const likely = likelyUnits(pack, place.latitude, place.longitude, place.date).size;
    console.log(`\n${name} region, model: ${modelLine(counts[at])}`);
    console.log(
      `  pack ${pack.header.region}: ${pack.units.size} units, ${pack.header.cells.length} cells; ` +
        `raw ${kB(raw.bytes)}, gzip ${kB(cold.bytes)}; first request ${ms(cold.ms)} (builds it)`,
    );
    console.log(
      `  likely at ${place.latitude}, ${place.longitude} on ${place.date}: ${likely} units`,
    );
    summary.push({
      region: name,
      units: pack.units.size,
      raw: kB(raw.bytes),
      gzip: kB(cold.bytes),
    });
  }

  const run = await timeInPage(bench, {
    queries: QUERIES,
    rounds: ROUNDS,
    language: 'en',
    variants: [
      { name: 'none', region },
      { name: 'dense', region, place: PLACE },
      { name: 'sparse', region, place: SPARSE },
      { name: 'ceiling', ceiling: true, region },
    ],
    sample: 'ca',
  });
  const { rows } = run;
  console.log(
    `\nworker: the species pack (${run.state.taxa} taxa; the server builds it first) fetched and indexed in ${ms(run.loadMs)}`,
  );
  for (const [name, first] of Object.entries(run.samples)) {
    console.log(`"ca", ${name.padEnd(6)} → ${first.join(', ')}`);
  }
  console.log(
    `${QUERIES.length} queries × ${ROUNDS} rounds, rotated; medians of the rounds (limit 20):`,
  );
  printFigures(
    rows,
    {
      none: 'no place',
      dense: 'dense pack',
      sparse: 'sparse pack',
      ceiling: 'ceiling (includes only)',
    },
    ['dense', 'none'],
  );
  console.log('(ratio: the dense pack over no place)\n\nby region:');
  for (const row of summary) row['p95 (ms)'] = rows[row.region].p95.toFixed(2);
  console.table(summary);
  const worst = Math.max(rows.dense.p95, rows.sparse.p95);
  console.log(
    `goal p95 ≤ 30 ms with a pack: ${worst <= 30 ? 'met' : 'NOT met'} (worst ${ms(worst)})`,
  );
} finally {
  await bench.close();
}
