#!/usr/bin/env node
// Imports real downloads into a new account each, as a user would (onInvalid=skip), and prints
// what came in next to the source's own rule: rows, imported, refused by reason, warnings, the
// life list against eBird's rule read off the file's names, and what importing it again adds.
// Usage: node --import tsx bench/real-files.mjs FILE.csv…   (TEST_DATABASE_URL: on PostgreSQL)
// The files are not in the repository (public downloads: see the issue notes). Asserts nothing.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parse } from 'csv-parse/sync';
import { buildApp } from '../src/server/app.ts';
import { signUp, testConfig } from '../tests/support/helpers.ts';

/** eBird's rule read off the common names (tests/lists/ebird-rule.test.ts does the same). */
function ebirdRule(rows) {
  const species = new Set();
  for (const row of rows) {
    const common = (row['Common Name'] ?? '').trim();
    const outsideGroup = common.replace(/\s*\(.*\)$/, '');
    const countsAsNone =
      / sp\.|^\S+ sp\./.test(common) ||
      outsideGroup.includes('/') ||
      / \(hybrid\)$/.test(common) ||
      / \(Domestic type\)$/.test(common);
    if (!countsAsNone) species.add(outsideGroup.toLowerCase());
  }
  return species.size;
}

const app = await buildApp(testConfig({ databaseUrl: process.env.TEST_DATABASE_URL }));
const lines = [];
for (const path of process.argv.slice(2)) {
  const body = readFileSync(path);
  const rows = parse(body, { columns: true, bom: true, relax_column_count: true });
  const isEBird = rows.length > 0 && 'Submission ID' in rows[0];
  const user = await signUp(app, 'real');
  const send = () =>
    app.inject({
      method: 'POST',
      url: '/api/import?onInvalid=skip',
      headers: { 'content-type': 'text/csv', cookie: user.cookie },
      payload: body,
    });
  const started = performance.now();
  const first = await send();
  const seconds = (performance.now() - started) / 1000;
  const report = first.json();
  const again = (await send()).json();
  const list = (
    await app.inject({ url: '/api/lists?kind=life', headers: { cookie: user.cookie } })
  ).json();
  const stats = (
    await app.inject({ url: '/api/stats/summary', headers: { cookie: user.cookie } })
  ).json();
  const refused = (report.rejectedSummary ?? [])
    .map((group) => `${group.count} × ${group.reason}`)
    .join('; ');
  const warned = new Map();
  for (const warning of report.warnings ?? []) {
    const text =
      typeof warning === 'string' ? warning : (warning.message ?? JSON.stringify(warning));
    const key = text.replace(/^Line \d+: /, '').replace(/\d+/g, 'N');
    warned.set(key, (warned.get(key) ?? 0) + 1);
  }
  lines.push(
    [
      `## ${basename(path)} (${first.statusCode})`,
      `| rows | imported | refused | outings | life list | eBird's rule | other taxa | re-import adds | seconds |`,
      `|---|---|---|---|---|---|---|---|---|`,
      `| ${report.rows} | ${report.imported} | ${report.rows - report.imported - report.duplicates} | ${report.outings ?? 0} | ${list.total} | ${isEBird ? ebirdRule(rows) : 'n/a'} | ${list.otherTaxa} | ${again.imported} | ${seconds.toFixed(1)} |`,
      '',
      `Refused by reason: ${refused || 'none'}`,
      `Warnings: ${[...warned].map(([text, n]) => `${n} × ${text}`).join('; ') || 'none'}`,
      `Stats: ${JSON.stringify(stats)}`,
      '',
    ].join('\n'),
  );
  console.error(`${basename(path)} done`);
}
await app.close();
console.log(lines.join('\n'));
