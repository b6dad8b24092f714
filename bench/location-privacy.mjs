#!/usr/bin/env node
// Issue 35: what location privacy costs the logs list. The database rules every log it reads
// (migration 0020); this measures a list page's SQL with and without that ruling, alternated in
// the same process: the page without it is the ceiling.
// Usage: node --import tsx bench/location-privacy.mjs   (PGlite; with TEST_DATABASE_URL set,
//   PostgreSQL too: node scripts/with-postgres.mjs node --import tsx bench/location-privacy.mjs)
// A user with 20,000 logs on 1,000 outings of 20; the page is the list's first, 50 logs; then
// what 301 sensitive taxa (20 with a 100-vertex area) cost the writes: their import's relevel of
// every log, and 1,000 logs inserted with and without them.
// Prints medians of alternated runs; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import {
  joinedOutingLevelSql,
  logLocationShownSql,
  outingLevelSql,
} from '../src/server/db/location-privacy.ts';
import { relevelLogs } from '../src/server/features/geoprivacy/rules.ts';

const USER = '00000000-0000-4000-8000-00000000b001';
const LOGS = Number(process.env.BENCH_ROWS ?? 20_000);
const SAMPLES = Number(process.env.SAMPLES ?? 31);
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

async function seed(db) {
  await db.execute(sql`INSERT INTO users (id, email) VALUES (${USER}::uuid, 'bench@example.org')`);
  await db.execute(sql`INSERT INTO outings (user_id, started_at, latitude, longitude, is_public)
    SELECT ${USER}::uuid, now() - g * interval '1 day', 42 + random(), -77 + random(), true
    FROM generate_series(1, ${LOGS / 20}::int) g`);
  await db.execute(sql`INSERT INTO logs (user_id, species_common, species_scientific, count,
      observed_at, latitude, longitude, outing_id)
    SELECT ${USER}::uuid, 'Species ' || (g % 300), 'Genus' || (g % 40) || ' species' || (g % 300),
      1, o.started_at, o.latitude, o.longitude, o.id
    FROM generate_series(0, ${LOGS - 1}::int) g
    JOIN (SELECT id, started_at, latitude, longitude, row_number() OVER (ORDER BY id) - 1 AS n
      FROM outings) o ON o.n = g / 20`);
  await db.execute(sql`ANALYZE`);
}

/** 300 rules on names no log has, 20 of them inside a 100-vertex circle around the logs. */
async function addRules(db) {
  const circle = (lat, lon) => {
    const ring = Array.from({ length: 100 }, (_, i) => {
      const a = (i / 100) * 2 * Math.PI;
      return [lon + Math.cos(a) * 0.5, lat + Math.sin(a) * 0.5];
    });
    return [[[...ring, ring[0]]]];
  };
  for (let i = 0; i < 300; i++) {
    const area = i < 20 ? circle(42.5, -76.5) : null;
    await db.execute(sql`INSERT INTO sensitive_taxa (scientific_name, name_key, level, area,
        south, west, north, east, area_key)
      VALUES (${`Rare${i} taxon`}, ${`rare${i} taxon`}, 1, ${area && JSON.stringify(area)}::jsonb,
        ${area && 42}, ${area && -77}, ${area && 43}, ${area && -76}, ${area ? String(i) : ''})`);
  }
  // and one that covers a tenth of the logs, so that the rules are read, not only probed
  await db.execute(sql`INSERT INTO sensitive_taxa (scientific_name, name_key, level, area_key)
    VALUES ('Genus7', 'genus7', 1, '')`);
}

const column = (name) => sql.raw(`p.${name}`);
const shown = (withPrivacy) =>
  withPrivacy
    ? sql`(SELECT ${logLocationShownSql(
        {
          locationPrivacy: column('location_privacy'),
          locationEmbargoUntil: column('location_embargo_until'),
          sensitiveLevel: column('sensitive_level'),
        },
        sql.raw('parts.inherited'),
      )}::text FROM (SELECT ${outingLevelSql(column('outing_id'))} AS inherited) parts)`
    : sql`''`;

/** The list's first page (50, newest first), its JSON written after the LIMIT as the app's. */
const page = (withPrivacy) => sql`SELECT string_agg(p.id::text || ${shown(withPrivacy)}, ',')
  FROM (SELECT * FROM logs l WHERE l.user_id = ${USER}::uuid
    ORDER BY l.observed_at DESC, l.created_at DESC, l.id DESC LIMIT 50) p`;

/** Every log of the account, as an export reads them: its outing joined. */
const all = (withPrivacy) => sql`SELECT count(${
  withPrivacy
    ? sql`${logLocationShownSql(
        {
          locationPrivacy: column('location_privacy'),
          locationEmbargoUntil: column('location_embargo_until'),
          sensitiveLevel: column('sensitive_level'),
        },
        sql.raw('parts.inherited'),
      )}::text`
    : sql`o.id`
})
  FROM logs p LEFT JOIN outings o ON o.id = p.outing_id
    CROSS JOIN LATERAL (SELECT ${joinedOutingLevelSql('o')} AS inherited) parts
  WHERE p.user_id = ${USER}::uuid`;

async function measure(db, query, samples) {
  const times = { without: [], with: [] };
  for (let i = 0; i < samples; i++) {
    for (const way of i % 2 ? ['with', 'without'] : ['without', 'with']) {
      const start = performance.now();
      await db.execute(query(way === 'with'));
      times[way].push(performance.now() - start);
    }
  }
  return { without: median(times.without), with: median(times.with) };
}

const EXPORT_SAMPLES = 3;

async function run(store, options) {
  const database = await openDatabase(options);
  const { db } = database;
  await seed(db);
  const rows = [];
  rows.push({ store, what: 'list page', ...(await measure(db, page, SAMPLES)) });
  rows.push({ store, what: 'every log', ...(await measure(db, all, EXPORT_SAMPLES)) });
  // a rules list's import: its rules' level set again on every log they may concern
  let start = performance.now();
  await addRules(db);
  const keys = [...Array(300).keys()].map((i) => ({ nameKey: `rare${i} taxon`, taxonId: null }));
  await relevelLogs(db, [...keys, { nameKey: 'genus7', taxonId: null }]);
  const relevel = performance.now() - start;
  const [{ leveled }] = (
    await db.execute(sql`SELECT count(*)::int AS leveled FROM logs WHERE sensitive_level > 0`)
  ).rows;
  // a write's cost: 1,000 logs inserted with the 301 rules, then without any
  const insert = async () => {
    const begin = performance.now();
    await db.execute(sql`INSERT INTO logs (user_id, species_common, species_scientific, count,
        observed_at, latitude, longitude)
      SELECT ${USER}::uuid, 'Species ' || g, 'Genus' || (g % 40) || ' species' || g, 1, now(),
        42.5, -76.5 FROM generate_series(1, 1000) g`);
    return performance.now() - begin;
  };
  const withRules = await insert();
  await db.execute(sql`DELETE FROM sensitive_taxa`);
  const withoutRules = await insert();
  console.log(
    `${store}: 301 rules releveled ${LOGS.toLocaleString('en')} logs in ${relevel.toFixed(0)} ms ` +
      `(${leveled} logs sensitive); 1,000 logs inserted in ${withRules.toFixed(0)} ms with the ` +
      `rules, ${withoutRules.toFixed(0)} ms without`,
  );
  await database.close();
  return rows;
}

const dir = mkdtempSync(join(tmpdir(), 'sightbook-privacy-bench-'));
const rows = [];
try {
  rows.push(...(await run('pglite', { embeddedDatabase: join(dir, 'db') })));
  if (process.env.TEST_DATABASE_URL) {
    rows.push(...(await run('postgres', { databaseUrl: process.env.TEST_DATABASE_URL })));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `\n${LOGS.toLocaleString('en')} logs on outings of 20: the list's first page (50; medians of ` +
    `${SAMPLES}) and every log as an export reads them (medians of ${EXPORT_SAMPLES}):`,
);
console.log('| store | read | without the ruling (ceiling) | with it | ratio |');
console.log('|---|---|---|---|---|');
for (const row of rows) {
  console.log(
    `| ${row.store} | ${row.what} | ${row.without.toFixed(2)} ms | ` +
      `${row.with.toFixed(2)} ms | ${(row.without / row.with).toFixed(2)} |`,
  );
}
