#!/usr/bin/env node
// Builds datasets/backbone/backbone.json.br (issue 38, P14): the species backbone as the seed
// writes it on a new embedded store (the common-species package, the birds, the other names:
// src/server/features/taxonomy/backbone.ts), for a new instance to write as it is. Run it again
// when a source, its conversion or the taxa tables change: tests/taxonomy/snapshot.test.ts says
// when the shipped file is stale.
// Usage: node --import tsx scripts/build-backbone.mjs [--out FILE]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/client.ts';
import { seedBirds, seedCommonSpecies } from '../src/server/features/taxonomy/backbone.ts';
import { seedOtherNames } from '../src/server/features/taxonomy/other-names.ts';
import { saveSnapshot } from '../src/server/features/taxonomy/snapshot.ts';

const { values } = parseArgs({
  options: { out: { type: 'string', default: 'datasets/backbone/backbone.json.br' } },
});
const dir = mkdtempSync(join(tmpdir(), 'sightbook-backbone-'));
try {
  const store = await openDatabase({ embeddedDatabase: join(dir, 'db') });
  const started = performance.now();
  // the seed's steps, not seedBackbone(): that would write the snapshot being rebuilt
  const common = await seedCommonSpecies(store.db);
  await seedBirds(store.db, { again: common > 0 });
  await seedOtherNames(store.db, undefined, { again: common > 0 });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const bytes = await saveSnapshot(store.db, values.out);
  await store.close();
  console.log(`${values.out}: ${(bytes / 1e6).toFixed(2)} MB (seeded in ${seconds} s)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
