#!/usr/bin/env node
// Benchmark of issue 20's species lists: GET /api/lists for a user with 100,000 logs of 2,000
// species (Zipf-like; three in five linked to taxa, spellings varying in case; half the logs
// with a time zone), on the embedded store, plus the plan of the life list's statement.
// Issue 38's P16: the life list and the stats summary asked right after a write (which empties
// their result cache), beside the same statement run straight on the store (what psql would run
// there), alternated.
// Usage: node --import tsx bench/lists.mjs   (TEST_DATABASE_URL set: on that PostgreSQL instead)
// Prints figures; asserts nothing.
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { listSpecies, listStatement } from '../src/server/features/lists/queries.ts';
import { sumLogs } from '../src/server/features/stats/queries.ts';
import { aLog, signUp, testConfig } from '../tests/support/helpers.ts';

const LOGS = 100_000;
const SPECIES = 2_000;
const SAMPLES = 7;
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

const app = await buildApp(testConfig({ databaseUrl: process.env.TEST_DATABASE_URL }));
const user = await signUp(app, 'heavy');
// a backbone of the seeded one's size: 80,000 taxa with an English name each
await app.db
  .execute(sql`INSERT INTO taxa (id, scientific_name, rank, source, source_id, scientific_key)
  SELECT 'bench:' || r, 'Avis speciosa' || r, 'species', 'bench', r::text, 'avis speciosa' || r
  FROM generate_series(1, 80000) r`);
await app.db.execute(sql`INSERT INTO taxon_names (taxon_id, language, name, preferred, name_key)
  SELECT 'bench:' || r, 'en', 'Bird ' || r, true, 'bird ' || r FROM generate_series(1, 80000) r`);
const started = performance.now();
await app.db.execute(sql`INSERT INTO logs (user_id, species_common, species_scientific, count,
    observed_at, time_zone, place_name, taxon_id)
  SELECT ${user.id}::uuid, CASE WHEN g % 3 = 0 THEN 'BIRD ' ELSE 'Bird ' END || r,
    CASE WHEN g % 4 <> 0 THEN 'Avis speciosa' || r END, 1 + floor(random() ^ 4 * 40)::int,
    now() - random() * interval '6 years',
    CASE WHEN g % 2 = 0 THEN (ARRAY['Europe/Berlin', 'America/Los_Angeles', 'Asia/Tokyo'])[1 + g % 3] END,
    'Place ' || (g % 700), CASE WHEN r % 5 < 3 THEN 'bench:' || r END
  FROM (SELECT g, least(${SPECIES}::int, floor(exp(random() * ln(${SPECIES}::int + 1)))::int) AS r
    FROM generate_series(1, ${LOGS}::int) g) s`);
await app.db.execute(sql`ANALYZE logs, taxa, taxon_names`);
console.log(`seeded ${LOGS} logs in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const thisYear = new Date().getUTCFullYear();
for (const query of [
  'kind=life',
  `kind=year&year=${thisYear - 1}`,
  'kind=place&place=place%2042',
]) {
  const times = [];
  let body = '';
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    const res = await app.inject({ url: `/api/lists?${query}`, headers: { cookie: user.cookie } });
    times.push(performance.now() - t);
    body = res.body;
  }
  const { total } = JSON.parse(body);
  console.log(
    `GET /api/lists?${query}: median ${median(times).toFixed(0)} ms, ${total} species, ` +
      `${(body.length / 1e3).toFixed(0)} kB`,
  );
}
// P16: each answer right after a write, beside its statement alone after a write
const headers = { cookie: user.cookie };
const write = async () => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/logs',
    headers,
    payload: aLog({ speciesCommon: `Bird ${1 + Math.floor(Math.random() * SPECIES)}` }),
  });
  if (res.statusCode !== 201) throw new Error(`create answered ${res.statusCode}`);
};
const afterWrite = [
  {
    name: 'life list',
    served: () => app.inject({ url: '/api/lists?kind=life', headers }),
    statement: () => listSpecies(app.db, user.id, { kind: 'life' }, 'en'),
  },
  {
    name: 'stats summary',
    served: () => app.inject({ url: '/api/stats/summary', headers }),
    statement: () => sumLogs(app.db, user.id, {}),
  },
];
console.log(
  `\nP16 (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}), medians of ${SAMPLES} alternated, each after a write`,
);
console.log(
  '| answer | served | its statement alone | ratio | goal |\n| --- | --- | --- | --- | --- |',
);
for (const { name, served, statement } of afterWrite) {
  const servedTimes = [];
  const statementTimes = [];
  for (let i = 0; i < SAMPLES; i++) {
    await write();
    let t = performance.now();
    const res = await served();
    servedTimes.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`${name} answered ${res.statusCode}`);
    await write();
    t = performance.now();
    await statement();
    statementTimes.push(performance.now() - t);
  }
  const [a, b] = [median(servedTimes), median(statementTimes)];
  console.log(
    `| ${name} | ${a.toFixed(0)} ms | ${b.toFixed(0)} ms | ${(a / b).toFixed(2)} | ≤ 1.5 |`,
  );
}

const plan = await app.db.execute(
  sql`EXPLAIN (ANALYZE, COSTS OFF) ${listStatement(user.id, { kind: 'life' }, 'en')}`,
);
console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
await app.close();
