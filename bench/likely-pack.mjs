#!/usr/bin/env node
// The "likely here" pack of issue 36, step 2 (common/likely-pack.ts), in Node:
//   1. a synthetic occurrence model for one region: BENCH_SPECIES species (default 1,000, the
//      default backbone's birds) over BENCH_CELLS of its resolution-3 cells (default 300), each
//      species in a random third of the cells, in a random season of 4–20 weeks;
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
import { sql } from 'drizzle-orm';
import { cellToChildren, gridDisk, latLngToCell } from 'h3-js';
import { likelyUnits, readLikelyPack } from '../src/common/likely-pack.ts';
import { readTaxaPack, searchTaxaPack } from '../src/common/taxa-pack.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { LikelyPacks } from '../src/server/features/occurrences/likely.ts';
import { cellNumber } from '../src/server/features/occurrences/cells.ts';
import { seedBackbone } from '../src/server/features/taxonomy/index.ts';
import { TaxaPacks } from '../src/server/features/taxonomy/pack.ts';

const SPECIES = Number(process.env.BENCH_SPECIES ?? 1000);
const CELLS = Number(process.env.BENCH_CELLS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PLACE = { latitude: 42.44, longitude: -76.5, date: '2026-05-10' };
const NAMES = [
  'American robin',
  'Barn owl',
  'Blue jay',
  'Northern cardinal',
  'Mallard',
  'Red-tailed hawk',
  'Song sparrow',
  'Black-capped chickadee',
  'Downy woodpecker',
  'Great blue heron',
  'Canada goose',
  'Wood thrush',
  'Turdus migratorius',
  'Cyanocitta cristata',
  'Cardinalis cardinalis',
  'Anas platyrhynchos',
  'Buteo jamaicensis',
  'Melospiza melodia',
  'Poecile atricapillus',
  'Dryobates pubescens',
  'Ardea herodias',
  'Branta canadensis',
  'Hylocichla mustelina',
  'Red fox',
  'Monarch',
];
const QUERIES = NAMES.flatMap((name) => [1, 2, 3, 4, 5, 6, 7, 8].map((n) => name.slice(0, n)));

const quantile = (values, q) =>
  values.toSorted((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)];
const median = (values) => quantile(values, 0.5);
const ms = (value) => `${value.toFixed(2)} ms`;
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const rowsOf = (result) => result.rows;

// a seeded generator: the same model each run
let seed = 36;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

const work = mkdtempSync(join(tmpdir(), 'sightbook-bench-likely-'));
const database = await openDatabase({ embeddedDatabase: join(work, 'db') });
try {
  const { db } = database;
  let started = performance.now();
  const taxa = await seedBackbone(db);
  console.log(`seeded ${taxa} taxa in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const units = rowsOf(
    await db.execute(sql`SELECT DISTINCT 'sci:' || species_binomial(scientific_name) AS unit
      FROM taxa WHERE rank = 'species' AND class = 'Aves' AND species_binomial(scientific_name) IS NOT NULL
      ORDER BY 1 LIMIT ${SPECIES}`),
  ).map((row) => row.unit);
  const region = latLngToCell(PLACE.latitude, PLACE.longitude, 1);
  const children = gridDisk(region, 1).flatMap((cell) => cellToChildren(cell, 3));
  // the place's own cell first: the model has records near it
  const home = latLngToCell(PLACE.latitude, PLACE.longitude, 3);
  const cells = [home, ...children.filter((cell) => cell !== home)].slice(0, CELLS).map(cellNumber);
  const rows = [];
  for (const unit of units) {
    const length = 4 + Math.floor(random() * 17);
    const first = 1 + Math.floor(random() * 52);
    for (const cell of cells) {
      if (random() > 1 / 3) continue;
      for (let n = 0; n < length; n += 1) {
        if (random() < 0.5)
          rows.push({
            u: unit,
            c: cell,
            w: ((first + n - 1) % 52) + 1,
            r: 1 + Math.floor(random() * 9),
          });
      }
    }
  }
  for (let at = 0; at < rows.length; at += 50_000) {
    await db.execute(sql`INSERT INTO occurrence_cells (species_unit, cell, week, records)
      SELECT u, c, w, r FROM jsonb_to_recordset(${JSON.stringify(rows.slice(at, at + 50_000))}::jsonb)
        AS r(u text, c bigint, w smallint, r int)`);
  }
  await db.execute(sql`INSERT INTO occurrence_builds (logs, reference_records, cells, ms)
    VALUES (${rows.length}, 0, ${rows.length}, 0)`);
  console.log(
    `model: ${units.length} species over ${cells.length} resolution-3 cells, ${rows.length} rows (species, cell, week)`,
  );

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
