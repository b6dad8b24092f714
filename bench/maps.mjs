#!/usr/bin/env node
// Benchmarks of issue 8 (where it was seen), against the built server (npm run build first):
//   1. GET /api/logs/geo for a user with 100,000 logs with coordinates: response time and size;
//   2. /map's first render with 10,000 markers in Chromium: time from navigation to markers shown.
// Usage: node --import tsx bench/maps.mjs   (PGlite; with TEST_DATABASE_URL set, PostgreSQL too:
//   node scripts/with-postgres.mjs node --import tsx bench/maps.mjs)
// Tiles come from a local tile server. Prints figures and a table; asserts nothing.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, get } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { openDatabase } from '../src/server/db/client.ts';
import {
  SERVER_NODE_FLAGS,
  startServerProcess,
  stopServerProcess,
} from '../tests/support/server-processes.ts';
import { launchBrowser } from '../e2e/browser.ts';

const HEAVY = { id: '00000000-0000-4000-8000-00000000a001', logs: 100_000 };
const MAPPER = { id: '00000000-0000-4000-8000-00000000a002', logs: 10_000 };
const API_SAMPLES = 7;
const PAGE_SAMPLES = 5;
const SECRET = 'bench-session-secret-that-is-long-enough';
const root = new URL('..', import.meta.url).pathname;
const table = [];
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(0)} ms`;
const MB = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;

/** Logs with points spread over Europe, Zipf-ish species, over six years. */
async function seed(db, user) {
  await db.execute(sql`INSERT INTO users (id, email, first_name)
    VALUES (${user.id}::uuid, ${`bench-${user.id}@example.org`}, 'Bench')`);
  await db.execute(sql`INSERT INTO logs (user_id, species_common, count, observed_at, place_name, latitude, longitude)
    SELECT ${user.id}::uuid, 'Species ' || least(300, floor(exp(random() * ln(301)))::int),
           1 + floor(random() ^ 4 * 40)::int, now() - random() * interval '6 years',
           'Place ' || (g % 700), 35 + random() * 25, -10 + random() * 35
    FROM generate_series(1, ${user.logs}::int) g`);
}

/** A session as the server signs it: the cookie holds the token, the table its hash. */
async function sessionCookie(db, userId) {
  const token = randomBytes(32).toString('base64url');
  const sid = createHash('sha256').update(token).digest('hex');
  const signature = createHmac('sha256', SECRET).update(token).digest('base64').replace(/=/g, '');
  await db.execute(sql`INSERT INTO sessions (sid, sess, expire)
    VALUES (${sid}, json_build_object('userId', ${userId}::text), now() + interval '1 day')`);
  return `${token}.${signature}`;
}

async function startTileServer() {
  const tile = await sharp({
    create: { width: 256, height: 256, channels: 3, background: { r: 170, g: 211, b: 223 } },
  })
    .png()
    .toBuffer();
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png' });
    response.end(tile);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${server.address().port}/tiles/{z}/{x}/{y}.png` };
}

/** The bytes of a reply as sent, before any decompression. */
function wireBytes(url, headers) {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      let total = 0;
      response.on('data', (chunk) => (total += chunk.length));
      response.on('end', () => resolve(total));
    }).on('error', reject);
  });
}

async function measureApi(store, baseUrl, sid) {
  const headers = { cookie: `sid=${encodeURIComponent(sid)}` };
  const url = `${baseUrl}/api/logs/geo?limit=100000`;
  const times = [];
  let bytes = 0;
  let features = 0;
  for (let i = 0; i < API_SAMPLES + 1; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.text();
    const elapsed = performance.now() - started;
    if (!res.ok) throw new Error(`geo answered ${res.status}: ${body.slice(0, 200)}`);
    if (i > 0) times.push(elapsed); // the first warms the caches
    bytes = Buffer.byteLength(body);
    features = JSON.parse(body).features.length;
  }
  const wire = await wireBytes(url, { ...headers, 'accept-encoding': 'gzip' });
  console.log(
    `${store}: /api/logs/geo, ${features.toLocaleString('en')} features: median ${ms(median(times))} ` +
      `(min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))}), ${MB(bytes)} of JSON, ` +
      `${MB(wire)} on the wire with gzip`,
  );
  table.push({ store, figure: 'GET /api/logs/geo, 100,000 points', value: ms(median(times)) });
  table.push({
    store,
    figure: 'response size (gzip on the wire)',
    value: `${MB(bytes)} (${MB(wire)})`,
  });
}

async function measureMap(store, baseUrl, sid) {
  const browser = await launchBrowser();
  const times = [];
  const apiParts = [];
  const milestones = [];
  try {
    for (let i = 0; i < PAGE_SAMPLES + 1; i++) {
      const context = await browser.newContext({ baseURL: baseUrl });
      await context.addCookies([{ name: 'sid', value: sid, url: baseUrl }]);
      // when the page's heading, the map and the first marker enter the page, in ms since
      // navigation start
      await context.addInitScript({
        content: `window.__at = {};
        new MutationObserver((_, observer) => {
          const seen = (name, selector) =>
            window.__at[name] ??= document.querySelector(selector) ? performance.now() : undefined;
          seen('page', 'main h1');
          seen('map', '.leaflet-container');
          if (seen('markers', '.leaflet-marker-icon')) observer.disconnect();
        }).observe(document, { childList: true, subtree: true });`,
      });
      const page = await context.newPage();
      await page.goto('/map');
      await page.locator('.leaflet-marker-icon').first().waitFor({ timeout: 60_000 });
      const at = await page.evaluate('window.__at');
      const geo = await page.evaluate(
        `performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/logs/geo')).map((e) => [e.startTime, e.responseEnd, e.encodedBodySize])[0]`,
      );
      if (i > 0) apiParts.push(geo);
      const markers = await page.locator('.leaflet-marker-icon').count();
      if (i > 0) times.push(at.markers); // the first warms the server; every context starts cold
      if (i > 0) milestones.push(at);
      if (i === 1) {
        console.log(`${store}: /map shows ${markers} clusters and markers in view; its requests:`);
        const waterfall = await page.evaluate(
          `[performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')].map((e) => [e.name.replace(location.origin, ''), Math.round(e.startTime), Math.round(e.responseEnd)])`,
        );
        for (const [name, from, to] of waterfall.filter(([name]) => !name.includes('/tiles/'))) {
          console.log(`  ${String(from).padStart(5)}-${String(to).padEnd(5)} ms ${name}`);
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  console.log(
    `${store}: /map with ${MAPPER.logs.toLocaleString('en')} sightings, markers visible after: ` +
      `median ${ms(median(times))} (min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))})`,
  );
  const medianOf = (name) => ms(median(milestones.map((at) => at[name])));
  console.log(
    `${store}: medians: page heading ${medianOf('page')}, map ${medianOf('map')}, markers ${medianOf('markers')}`,
  );
  const [start, end, size] = apiParts[Math.floor(apiParts.length / 2)] ?? [0, 0, 0];
  console.log(
    `${store}: of which /api/logs/geo (10,000 points, ${MB(size)} on the wire) from ${ms(start)} to ${ms(end)}`,
  );
  table.push({
    store,
    figure: '/map first render, 10,000 markers (goal < 1 s)',
    value: ms(median(times)),
  });
}

async function run(store, databaseUrl, tiles) {
  const work = mkdtempSync(join(tmpdir(), 'sightbook-bench-maps-'));
  try {
    const database = await openDatabase({ databaseUrl, embeddedDatabase: join(work, 'db') });
    let started = performance.now();
    await seed(database.db, HEAVY);
    await seed(database.db, MAPPER);
    const heavySid = await sessionCookie(database.db, HEAVY.id);
    const mapperSid = await sessionCookie(database.db, MAPPER.id);
    await database.db.execute(sql`ANALYZE`);
    await database.close();
    console.log(`${store}: seeded 110,000 logs in ${ms(performance.now() - started)}`);

    const server = await startServerProcess(
      [...SERVER_NODE_FLAGS, 'dist/server/main.js'],
      {
        LOG_LEVEL: 'warn',
        SESSION_SECRET: SECRET,
        DATA_DIR: work,
        DATABASE_URL: databaseUrl,
        MAP_TILE_URL: tiles,
      },
      { cwd: root },
    );
    try {
      await measureApi(store, server.url, heavySid);
      await measureMap(store, server.url, mapperSid);
    } finally {
      await stopServerProcess(server.child);
    }
  } finally {
    if (databaseUrl) {
      const database = await openDatabase({ databaseUrl, embeddedDatabase: 'unused' });
      await database.db.execute(
        sql`DELETE FROM users WHERE id IN (${HEAVY.id}::uuid, ${MAPPER.id}::uuid)`,
      );
      await database.close();
    }
    rmSync(work, { recursive: true, force: true });
  }
}

const tiles = await startTileServer();
try {
  await run('pglite', undefined, tiles.url);
  if (process.env.TEST_DATABASE_URL)
    await run('postgres', process.env.TEST_DATABASE_URL, tiles.url);
} finally {
  tiles.server.close();
}
console.table(table);
