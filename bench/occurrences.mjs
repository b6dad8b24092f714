#!/usr/bin/env node
// Issue 36: what the occurrence model costs. (1) The nightly build on BENCH_ROWS logs (default
// 1,000,000, 500 users, 800 species, one region): its time and peak memory, beside the ceiling
// of one SQL GROUP BY of the same rows into a table (the database counting a grid without H3,
// privacy or staging); BENCH_ROWS=0 leaves it out. (2) With BENCH_REFERENCE (zip paths joined
// by ':'), real GBIF downloads: each one's import (rows read and kept, cells, time, peak memory),
// then the build on them. BENCH_REFERENCE_COPIES=N imports each with its core's rows written N
// times over (the same real rows, so the same cells with N times the records: a size, not new
// data). (3) What the flag check adds to POST /api/logs: the median of the check alone
// (unusualOf, one statement) beside the median of the whole create, alternated (SAMPLES=0: none).
// Peak memory is this process's resident set: PGlite's database with it, not PostgreSQL's server;
// BENCH_STORES=postgresql leaves PGlite out (it runs first, and its memory stays).
// Usage: node --import tsx bench/occurrences.mjs   (PGlite; PostgreSQL:
//   node scripts/with-postgres.mjs node --import tsx bench/occurrences.mjs)
// Prints figures and ratios; asserts nothing.
//
// The real downloads measured (none is committed: build the zips so, then name them):
// - ISU Birds: GitHub ChristianCouch1/Brids-project-for-4 at affae1f67de4c344269ed68823c4230d267cc5d8
//   holds a GBIF Darwin Core Archive download unpacked: occurrence.txt, 3,253 rows of the Iowa
//   State University bird specimens (CC0; 2,524 with coordinates, 334 species, 1848-2011),
//   verbatim.txt, multimedia.txt, rights.txt, and a meta.xml whose 247 columns match
//   occurrence.txt's header. Its metadata.xml and dataset/*.xml are another download's (DMNH
//   Birds, 10.15468/dl.27u26t): leave them out, and the set is keyed by the file's SHA-256.
//     git clone <that repository> birds && cd birds && git checkout affae1f67de4 &&
//     zip -X /tmp/isu-birds.zip meta.xml occurrence.txt verbatim.txt multimedia.txt rights.txt
// - Amblyomma americanum: GitHub hawkbsilleee/Dataset-Image-Collector at
//   e50e96af27874adbd0292bfdafbdaa7e2561167d holds GBIF download 0022697-200613084148143
//   (10.15468/dl.4gbcs6) unpacked: 1,310 rows of the lone star tick, 1,185 with coordinates.
//     zip -X -r /tmp/amblyomma.zip meta.xml metadata.xml occurrence.txt verbatim.txt \
//       multimedia.txt rights.txt citations.txt dataset
// - rOpenSci's rgbif (GitHub ropensci/rgbif, inst/examples/) ships two downloads as they came:
//   0000066-140928181241064.zip (Darwin Core Archive, 470 rows, 145 with coordinates) and
//   0009886-250127130748423.zip (simple CSV, 91 rows, 83 with coordinates).
// BENCH_ROWS=0 BENCH_REFERENCE=/tmp/isu-birds.zip:/tmp/amblyomma.zip node --import tsx bench/occurrences.mjs
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { buildApp } from '../src/server/app.ts';
import {
  buildOccurrenceModel,
  importReferenceSet,
  unusualOf,
} from '../src/server/features/occurrences/index.ts';
import { listZipEntries, openZipEntry, readZipText } from '../src/server/zip-entries.ts';

const LOGS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const REFERENCES = (process.env.BENCH_REFERENCE ?? '').split(delimiter).filter(Boolean);
const COPIES = Number(process.env.BENCH_REFERENCE_COPIES ?? 1);
const SAMPLES = Number(process.env.SAMPLES ?? 101);
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
const seconds = (value) => `${(value / 1000).toFixed(1)} s`;
const count = (value) => value.toLocaleString('en');
/** A withPeakRss result's memory: its peak, and the resident set it started from. */
const memory = ({ peakMb, startMb }) =>
  `peak RSS ${peakMb.toFixed(0)} MB, from ${startMb.toFixed(0)} MB`;

/** Peak resident memory while `work` runs, sampled every 50 ms. */
async function withPeakRss(work) {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  try {
    const result = await work();
    const mb = (bytes) => bytes / 1024 / 1024;
    return { result, ms: performance.now() - started, peakMb: mb(peak), startMb: mb(start) };
  } finally {
    clearInterval(timer);
  }
}

async function seed(db) {
  await db.execute(sql`INSERT INTO users (id, email)
    SELECT ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'bench' || g || '@example.org'
    FROM generate_series(1, 500) g`);
  for (let start = 0; start < LOGS; start += 100_000) {
    const rows = Math.min(100_000, LOGS - start);
    await db.execute(sql`INSERT INTO logs (user_id, species_common, species_scientific, count,
        observed_at, latitude, longitude, location_privacy)
      SELECT ('00000000-0000-4000-8000-' || lpad((1 + g % 500)::text, 12, '0'))::uuid,
        'Species ' || s, 'Genus' || (s / 10) || ' species' || s, 1 + (g % 7),
        timestamp '2015-01-01' + (g % 4000) * interval '1 day' + (g % 13) * interval '1 hour',
        40 + random() * 8, -80 + random() * 10, (CASE WHEN g % 20 = 0 THEN 1 WHEN g % 50 = 1 THEN 2 ELSE 0 END)
      FROM generate_series(${start}::int, ${start + rows - 1}::int) g,
        LATERAL (SELECT (floor(power(random(), 2) * 800))::int AS s) sp`);
  }
  await db.execute(sql`ANALYZE`);
}

/** The ceiling: the database counting the same rows per species, 0.1° square and week. */
async function groupBy(db) {
  await db.execute(sql`DROP TABLE IF EXISTS bench_grid`);
  await db.execute(sql`CREATE UNLOGGED TABLE bench_grid AS
    SELECT species_unit, floor(latitude * 10)::int AS y, floor(longitude * 10)::int AS x,
      least(52, (extract(doy FROM observed_at)::int - 1) / 7 + 1) AS week,
      count(*) AS records, max(count) AS max_count
    FROM logs WHERE species_unit IS NOT NULL AND latitude IS NOT NULL
    GROUP BY 1, 2, 3, 4`);
}

/**
 * A copy of the download `file` in `dir` whose core (the Occurrence file meta.xml names, else the
 * simple CSV) holds its data rows `copies` times; the other entries copied as they are.
 */
async function replicated(file, copies, dir) {
  const zip = await new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  );
  try {
    const entries = await listZipEntries(zip);
    const meta = entries.get('meta.xml');
    const core = meta
      ? /<core[^>]*>[\s\S]*?<location>([^<]+)<\/location>/.exec(await readZipText(zip, meta))?.[1]
      : [...entries.keys()].find((name) => /\.csv$/i.test(name));
    if (!core || !entries.has(core)) throw new Error(`${file}: no core to replicate`);
    const copiesOfCore = async function* () {
      for (let copy = 0; copy < copies; copy++) {
        let header = copy > 0; // the header line once
        let last = 10;
        for await (const chunk of await openZipEntry(zip, entries.get(core))) {
          let data = chunk;
          if (header) {
            const end = data.indexOf(10);
            if (end < 0) continue;
            data = data.subarray(end + 1);
            header = false;
          }
          if (data.length === 0) continue;
          last = data[data.length - 1];
          yield data;
        }
        if (last !== 10) yield Buffer.from('\n');
      }
    };
    const out = new yazl.ZipFile();
    for (const [name, entry] of entries) {
      const stream = name === core ? Readable.from(copiesOfCore()) : await openZipEntry(zip, entry);
      out.addReadStream(stream, name);
    }
    out.end();
    const path = join(dir, `${copies}x-${basename(file)}`);
    await pipeline(out.outputStream, createWriteStream(path));
    return path;
  } finally {
    zip.close();
  }
}

/** Imports each real download of BENCH_REFERENCE, then builds the model on them. */
async function referenceBench(label, app, dir) {
  for (const file of REFERENCES) {
    const path = COPIES > 1 ? await replicated(file, COPIES, dir) : file;
    const read = await withPeakRss(() => importReferenceSet(app.db, path));
    const { rows, records, cells, skipped, key } = read.result;
    const [{ species }] = (
      await app.db.execute(sql`SELECT count(DISTINCT species_unit)::int AS species
        FROM reference_occurrences WHERE set_id = (SELECT id FROM reference_sets WHERE key = ${key})`)
    ).rows;
    console.log(
      `${label}: import ${basename(file)}${COPIES > 1 ? ` written ${COPIES} times` : ''}: ` +
        `${count(rows)} rows read, ${count(records)} kept (${count(skipped.noCoordinates)} ` +
        `without coordinates, ${count(skipped.noDate)} without a day, ${count(skipped.noSpecies)} ` +
        `without a species, ${count(skipped.absent)} absent), ${count(species)} species, ` +
        `${count(cells)} cells, ${seconds(read.ms)} (${memory(read)})`,
    );
  }
  const build = await withPeakRss(() => buildOccurrenceModel(app.db, app.streamRows));
  const { logs, referenceRecords, cells } = build.result;
  console.log(
    `${label}: build on ${count(referenceRecords)} reference records and ${count(logs)} logs ` +
      `${seconds(build.ms)} (${memory(build)}, ${count(cells)} cells)`,
  );
}

async function run(label, databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-occurrences-'));
  const app = await buildApp({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    embeddedDatabase: databaseUrl ? undefined : join(dataDir, 'db'),
    databaseUrl,
    sessionSecret: 'bench-secret-that-is-at-least-32-characters-long',
    appName: 'Sightbook',
    authRateLimit: 100000,
    map: { tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', attribution: 'x' },
    logLevel: 'silent',
    allowLocalAccounts: true,
    photos: { maxPixels: 50_000_000, workers: 1, timeLimitMs: 30_000 },
    seedTaxa: false,
    registration: 'open',
    storageQuotaMb: 2048,
    uploadRateLimit: 1000,
  });
  try {
    if (LOGS > 0) await logsBench(label, app.db, app.streamRows);
    if (REFERENCES.length > 0) await referenceBench(label, app, dataDir);
    if (SAMPLES > 0) await flagCheck(label, app);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function logsBench(label, db, streamRows) {
  const seeded = await withPeakRss(() => seed(db));
  console.log(`${label}: ${count(LOGS)} logs seeded in ${seconds(seeded.ms)}`);
  const ceiling = await withPeakRss(() => groupBy(db));
  const build = await withPeakRss(() => buildOccurrenceModel(db, streamRows));
  const again = await withPeakRss(() => groupBy(db));
  const ceilingMs = Math.min(ceiling.ms, again.ms);
  console.log(
    `${label}: build ${seconds(build.ms)} (${memory(build)}, ${count(build.result.cells)} cells); ` +
      `GROUP BY ceiling ${seconds(ceilingMs)}; ratio ${(ceilingMs / build.ms).toFixed(2)}`,
  );
}

/** The flag check at entry, beside the whole create. */
async function flagCheck(label, app) {
  const register = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: 'poster@example.org', password: 'correct horse battery', firstName: 'P' },
  });
  const cookie = register.headers['set-cookie'];
  const record = (n) => ({
    speciesCommon: `Species ${n % 800}`,
    speciesScientific: `Genus${Math.floor((n % 800) / 10)} species${n % 800}`,
    count: 1 + (n % 9),
    observedAt: '2026-05-10T07:00',
    timeZone: 'America/New_York',
    latitude: 40 + (n % 80) / 10,
    longitude: -80 + (n % 100) / 10,
    photoLinks: [],
    uploadedPhotoUrls: [],
  });
  const checks = [];
  const posts = [];
  for (let n = 0; n < SAMPLES; n++) {
    const payload = record(n);
    let started = performance.now();
    await unusualOf(app.db, [{ ...payload, observedAt: new Date('2026-05-10T11:00:00Z') }]);
    checks.push(performance.now() - started);
    started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/logs',
      headers: { cookie },
      payload,
    });
    posts.push(performance.now() - started);
    if (res.statusCode !== 201) throw new Error(res.body);
  }
  console.log(
    `${label}: flag check ${ms(median(checks))} (median of ${SAMPLES}) in a POST /api/logs of ` +
      `${ms(median(posts))}: the create without it would take ${ms(median(posts) - median(checks))}`,
  );
}

const stores = (process.env.BENCH_STORES ?? 'pglite,postgresql').toLowerCase().split(',');
if (stores.includes('pglite')) await run('PGlite', undefined);
if (process.env.TEST_DATABASE_URL && stores.includes('postgresql')) {
  await run('PostgreSQL', process.env.TEST_DATABASE_URL);
}
