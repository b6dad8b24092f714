#!/usr/bin/env node
// The "likely here" pack of issue 36, step 2 (common/likely-pack.ts), in Node:
//   1. a synthetic occurrence model for one region (bench/likely-model.mjs): BENCH_SPECIES
//      species (default 1,000, the default backbone's birds) over BENCH_CELLS of its
//      resolution-3 cells (default 300);
//   2. the region's pack as GET /api/occurrences/pack builds it: its time, raw and gzip size;
//   3. 200 typed queries (prefixes of 25 names) ranked by searchTaxaPack, the function the
//      species worker runs, with the pack (likelyUnits for the place and date, then the search)
//      beside the same queries without it: p50, p95 and their ratio over BENCH_ROUNDS rounds;
//      likelyUnits itself (once a place and date in the worker) apart.
// Usage: npm run bench:likely   (embedded store; seeds the default backbone first, ~1 min)
// Prints figures; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { likelyUnits, readLikelyPack } from '../src/common/likely-pack.ts';
import { readTaxaPack, searchTaxaPack } from '../src/common/taxa-pack.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { LikelyPacks } from '../src/server/features/occurrences/likely.ts';
import { seedBackbone } from '../src/server/features/taxonomy/index.ts';
import { TaxaPacks } from '../src/server/features/taxonomy/pack.ts';
import { modelLine, PLACE, QUERIES, seedLikelyModel } from './likely-model.mjs';

const SPECIES = Number(process.env.BENCH_SPECIES ?? 1000);
const CELLS = Number(process.env.BENCH_CELLS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const quantile = (values, q) =>
  values.toSorted((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)];
const median = (values) => quantile(values, 0.5);
const ms = (value) => `${value.toFixed(2)} ms`;
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

const work = mkdtempSync(join(tmpdir(), 'sightbook-bench-likely-'));
const database = await openDatabase({ embeddedDatabase: join(work, 'db') });
try {
  const { db } = database;
  let started = performance.now();
  const taxa = await seedBackbone(db);
  console.log(`seeded ${taxa} taxa in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const [model] = await seedLikelyModel(db, [{ place: PLACE, species: SPECIES, cells: CELLS }]);
  console.log(`model: ${modelLine(model)}`);

  started = performance.now();
  const built = await new LikelyPacks(db).get(PLACE.latitude, PLACE.longitude);
  const buildMs = performance.now() - started;
  const pack = readLikelyPack(gunzipSync(built.gzip).toString('utf8'));
  console.log(
    `pack: ${pack.units.size} units, ${pack.header.cells.length} cells; raw ${kB(built.raw.length)}, gzip ${kB(built.gzip.length)}; built in ${ms(buildMs)}`,
  );
  started = performance.now();
  const reread = readLikelyPack(built.raw.toString('utf8'));
  console.log(`read in ${ms(performance.now() - started)} (the worker does it once a region)`);

  const taxaPack = await new TaxaPacks(db).get('en');
  const index = readTaxaPack(taxaPack.raw.toString('utf8'));
  // the worker computes the place's units once a place and date (likely-store.ts), then ranks
  const unitTimes = Array.from({ length: 21 }, () => {
    const at = performance.now();
    likelyUnits(reread, PLACE.latitude, PLACE.longitude, PLACE.date);
    return performance.now() - at;
  });
  console.log(`likelyUnits for a place and date: ${ms(median(unitTimes))} (once a place)`);
  const likely = likelyUnits(reread, PLACE.latitude, PLACE.longitude, PLACE.date);
  const timed = (withPack) =>
    QUERIES.map((query) => {
      const at = performance.now();
      searchTaxaPack(index, query, 20, 0, withPack ? likely : undefined);
      return performance.now() - at;
    });
  timed(true); // warm up
  timed(false);
  const figures = { with: { p50: [], p95: [] }, without: { p50: [], p95: [] } };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, withPack] of [
      ['without', false],
      ['with', true],
    ]) {
      const times = timed(withPack);
      figures[name].p50.push(median(times));
      figures[name].p95.push(quantile(times, 0.95));
    }
  }
  const likelyCount = likely.size;
  console.log(
    `${QUERIES.length} queries, ${ROUNDS} rounds (medians of the rounds); ${likelyCount} units likely at the place on ${PLACE.date}`,
  );
  for (const name of ['without', 'with']) {
    console.log(
      `  ${name.padEnd(7)} the pack: p50 ${ms(median(figures[name].p50))}, p95 ${ms(median(figures[name].p95))}`,
    );
  }
  console.log(
    `  ratio: p50 ×${(median(figures.with.p50) / median(figures.without.p50)).toFixed(2)}, p95 ×${(median(figures.with.p95) / median(figures.without.p95)).toFixed(2)}`,
  );
} finally {
  await database.close();
  rmSync(work, { recursive: true, force: true });
}
