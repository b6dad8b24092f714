import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { openDatabase, type Db } from './db/client.js';
import { linkLogsToBackbone } from './features/logs/index.js';
import { importChecklist, seedBirds } from './features/taxonomy/index.js';

// `npm run taxa:import -- FILE [--source NAME]`: loads a checklist into the species backbone of
// the configured database (DATABASE_URL, else the embedded store in DATA_DIR). Run it while the
// server is stopped when the store is embedded: one process holds its data directory. A bird
// list of scripts/build-birds.mjs (`*.json.br`, as datasets/birds/birds.json.br) loads as the
// first start loads the shipped one: a newer year's, or the birds of an instance started with
// SEED_TAXA=false.

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { source: { type: 'string' } },
});
const [file] = positionals;
if (!file || positionals.length > 1) {
  console.error('Usage: npm run taxa:import -- FILE [--source NAME]');
  console.error('FILE: a Darwin Core Archive (.zip) with a Taxon core, the eBird/Clements CSV,');
  console.error('      or a bird list of scripts/build-birds.mjs (.json.br)');
  process.exit(2);
}
process.umask(0o077); // a first start of the embedded store makes its files, as the server's
try {
  const database = await openDatabase(loadConfig());
  try {
    await load(database.db, file);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}

async function load(db: Db, file: string) {
  const started = Date.now();
  if (file.endsWith('.json.br')) {
    const taxa = await seedBirds(db, { file, again: true });
    console.log(`Loaded ${taxa} bird taxa from ${file} in ${seconds(started)} s`);
  } else {
    const result = await importChecklist(db, file, { source: values.source });
    console.log(
      `Loaded ${result.taxa} taxa and ${result.names} names from ${file} as "${result.source}" in ${seconds(started)} s`,
    );
  }
  const { linked, followed } = await linkLogsToBackbone(db);
  console.log(
    `Linked ${linked} logs to the taxon their names match; ${followed} followed a replaced taxon`,
  );
}

function seconds(started: number) {
  return ((Date.now() - started) / 1000).toFixed(1);
}
