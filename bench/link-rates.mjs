#!/usr/bin/env node
// How many rows of real downloads link to a taxon (issue 33), before and after the bird list:
// imports each file into an account of its own on a backbone of the common-species seed alone
// (an instance before issue 33), then loads the birds as an upgrade does (seedBirds, then
// linkLogsToBackbone) and counts again. Prints, a file a line: rows, logs, linked before and
// after, and the names that stay free text, most logged first.
// Usage: node --import tsx bench/link-rates.mjs FILE.csv…   (TEST_DATABASE_URL: on PostgreSQL)
// The files are not in the repository (public downloads: see the issue notes). Asserts nothing.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { linkLogsToBackbone } from '../src/server/features/logs/index.ts';
import { seedBirds, seedCommonSpecies } from '../src/server/features/taxonomy/index.ts';
import { signUp, testConfig } from '../tests/support/helpers.ts';

const rowsOf = (result) => result.rows;
const app = await buildApp(testConfig({ databaseUrl: process.env.TEST_DATABASE_URL }));
let started = performance.now();
await seedCommonSpecies(app.db);
console.log(`common-species seed: ${((performance.now() - started) / 1000).toFixed(0)} s`);

const accounts = [];
for (const path of process.argv.slice(2)) {
  const user = await signUp(app, 'links');
  const reply = await app.inject({
    method: 'POST',
    url: '/api/import?onInvalid=skip',
    headers: { 'content-type': 'text/csv', cookie: user.cookie },
    payload: readFileSync(path),
  });
  const report = reply.json();
  accounts.push({ file: basename(path), user, rows: report.total ?? report.rows ?? '?' });
  process.stdout.write(`imported ${basename(path)} (${reply.statusCode})\n`);
}

async function linked(userId) {
  const [row] = rowsOf(
    await app.db.execute(sql`SELECT count(*)::int AS logs, count(taxon_id)::int AS linked
      FROM logs WHERE user_id = ${userId}`),
  );
  return row;
}
const before = [];
for (const account of accounts) before.push(await linked(account.user.id));

started = performance.now();
await seedBirds(app.db);
const links = await linkLogsToBackbone(app.db);
console.log(
  `birds and linking: ${((performance.now() - started) / 1000).toFixed(0)} s, ${JSON.stringify(links)}`,
);

const percent = (part, whole) => (whole ? `${((100 * part) / whole).toFixed(1)} %` : '-');
console.log(
  '\n| file | logs | linked before | linked after | free text after (logs: names, most logged first) |',
);
console.log('|---|---|---|---|---|');
for (const [i, account] of accounts.entries()) {
  const after = await linked(account.user.id);
  const free = rowsOf(
    await app.db.execute(sql`SELECT species_common AS common, species_scientific AS scientific,
        count(*)::int AS n
      FROM logs WHERE user_id = ${account.user.id} AND taxon_id IS NULL
      GROUP BY 1, 2 ORDER BY 3 DESC, 1 LIMIT 12`),
  );
  const names = free.map((r) => `${r.common}${r.scientific ? ` (${r.scientific})` : ''} ×${r.n}`);
  console.log(
    `| ${account.file} | ${after.logs} | ${before[i].linked} (${percent(before[i].linked, before[i].logs)}) | ` +
      `${after.linked} (${percent(after.linked, after.logs)}) | ${after.logs - after.linked}: ${names.join('; ')} |`,
  );
}
await app.close();
