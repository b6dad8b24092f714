import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { openDatabase, type Db } from './db/client.js';
import { linkLogsToBackbone } from './features/logs/index.js';
import { importChecklist } from './features/taxonomy/index.js';

// `npm run taxa:import -- FILE [--source NAME]`: loads a checklist into the species backbone of
// the configured database (DATABASE_URL, else the embedded store in DATA_DIR). Run it while the
// server is stopped when the store is embedded: one process holds its data directory.

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { source: { type: 'string' } },
});
const [file] = positionals;
if (!file || positionals.length > 1) {
  console.error('Usage: npm run taxa:import -- FILE [--source NAME]');
  console.error('FILE: a Darwin Core Archive (.zip) with a Taxon core, or the eBird/Clements CSV');
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
  const result = await importChecklist(db, file, { source: values.source });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `Loaded ${result.taxa} taxa and ${result.names} names from ${file} as "${result.source}" in ${seconds} s`,
  );
  const { linked, followed } = await linkLogsToBackbone(db);
  console.log(
    `Linked ${linked} logs to the taxon their names match; ${followed} followed a replaced taxon`,
  );
}
