import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import {
  buildOccurrenceModel,
  importReferenceSet,
  type ReferenceImport,
} from './features/occurrences/index.js';

// `npm run occurrences:import -- FILE [--title TEXT] [--citation TEXT]`: loads a GBIF occurrence
// download (the Darwin Core Archive or the simple CSV zip) as a reference set of the occurrence
// model (issue 36), into the configured database (DATABASE_URL, else the embedded store in
// DATA_DIR), then builds the model again. Run it while the server is stopped when the store is
// embedded: one process holds its data directory. Importing the same download again replaces
// its set (the same DOI, else the same file).

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { title: { type: 'string' }, citation: { type: 'string' } },
});
const [file] = positionals;
if (!file || positionals.length > 1) {
  console.error('Usage: npm run occurrences:import -- FILE [--title TEXT] [--citation TEXT]');
  console.error('FILE: a GBIF occurrence download (.zip): a Darwin Core Archive or a simple CSV');
  process.exit(2);
}
process.umask(0o077); // a first start of the embedded store makes its files, as the server's
try {
  const database = await openDatabase(loadConfig());
  try {
    await load(database, file);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}

async function load({ db, streamRows }: Database, file: string) {
  const result = await importReferenceSet(db, file, values);
  console.log(summary(result).join('\n'));
  const build = await buildOccurrenceModel(db, streamRows ?? null);
  console.log(
    `Built the occurrence model: ${build.logs.toLocaleString('en')} logs and ` +
      `${build.referenceRecords.toLocaleString('en')} reference records in ` +
      `${build.cells.toLocaleString('en')} cells, ${(build.ms / 1000).toFixed(1)} s`,
  );
}

function summary(result: ReferenceImport): string[] {
  const count = (n: number) => n.toLocaleString('en');
  const { skipped } = result;
  return [
    `${result.title} (${result.status})`,
    `  DOI: ${result.doi ?? 'none'}`,
    ...(result.citation ? [`  Citation: ${result.citation}`] : []),
    `  Rows read: ${count(result.rows)}; records kept: ${count(result.records)}`,
    `  Skipped: ${count(skipped.absent)} absent, ${count(skipped.noCoordinates)} without coordinates, ` +
      `${count(skipped.noDate)} without a day, ${count(skipped.noSpecies)} without a species`,
    `  Cells: ${count(result.cells)} (species, cell and week at both resolutions)`,
    `  Took ${(result.ms / 1000).toFixed(1)} s`,
  ];
}
