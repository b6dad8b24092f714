#!/usr/bin/env node
// Issue 36: what the occurrence model costs. (1) The nightly build on BENCH_ROWS logs (default
// 1,000,000, 500 users, 800 species, one region): its time and peak memory, beside the ceiling
// of one SQL GROUP BY of the same rows into a table (the database counting a grid without H3,
// privacy or staging). (2) What the flag check adds to POST /api/logs: the median of the check
// alone (unusualOf, one statement) beside the median of the whole create, alternated.
// Usage: node --import tsx bench/occurrences.mjs   (PGlite; PostgreSQL:
//   node scripts/with-postgres.mjs node --import tsx bench/occurrences.mjs)
// Prints figures and ratios; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { buildOccurrenceModel, unusualOf } from '../src/server/features/occurrences/index.ts';

const LOGS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SAMPLES = Number(process.env.SAMPLES ?? 101);
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

/** Peak resident memory while `work` runs, sampled every 50 ms. */
async function withPeakRss(work) {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - started, peakMb: peak / 1024 / 1024 };
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
    const seeded = await withPeakRss(() => seed(app.db));
    console.log(
      `${label}: ${LOGS.toLocaleString('en')} logs seeded in ${(seeded.ms / 1000).toFixed(1)} s`,
    );
    const ceiling = await withPeakRss(() => groupBy(app.db));
    const build = await withPeakRss(() => buildOccurrenceModel(app.db, app.streamRows));
    const again = await withPeakRss(() => groupBy(app.db));
    const ceilingMs = Math.min(ceiling.ms, again.ms);
    console.log(
      `${label}: build ${(build.ms / 1000).toFixed(1)} s (peak RSS ${build.peakMb.toFixed(0)} MB, ` +
        `${build.result.cells.toLocaleString('en')} cells); GROUP BY ceiling ` +
        `${(ceilingMs / 1000).toFixed(1)} s; ratio ${(ceilingMs / build.ms).toFixed(2)}`,
    );

    // the flag check at entry, beside the whole create
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
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await run('PGlite', undefined);
if (process.env.TEST_DATABASE_URL) await run('PostgreSQL', process.env.TEST_DATABASE_URL);
