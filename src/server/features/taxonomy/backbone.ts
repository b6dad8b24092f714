import { Worker } from 'node:worker_threads';
import type { Db } from '../../db/client.js';
import { COMMON_SPECIES_SOURCE, commonSpeciesVersion } from './common-species.js';
import { BIRDS_SOURCE, birdTaxa, birdsVersion, readBirds } from './birds.js';
import { loadedVersion, recordSource } from './queries.js';
import { EBIRD_SOURCE } from './ebird.js';
import { OTHER_NAMES_SOURCE, otherNamesVersion, seedOtherNames } from './other-names.js';
import { holdsTaxa, readSnapshot, snapshotMismatch, writeSnapshot } from './snapshot.js';
import { mergeByEnglishName, settleSynonyms, upsertTaxa, type TaxonInput } from './taxon-writes.js';

// Seeds the species backbone on an instance's first start (and after an upgrade of a source or
// its conversion): the common-species package, decoded in a worker, then the birds; written in
// batches, recorded in taxon_sources so that later starts skip them. A new instance writes the
// same rows from the shipped snapshot instead, when it is current (snapshot.ts).

const entry = new URL(
  import.meta.url.endsWith('.ts') ? './common-species-worker.ts' : './common-species-worker.js',
  import.meta.url,
);
const execArgv = import.meta.url.endsWith('.ts') ? ['--import', 'tsx'] : [];

function decodeInWorker(): Promise<TaxonInput[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(entry, { execArgv });
    worker.once('message', (message: { taxa?: TaxonInput[]; error?: string }) => {
      void worker.terminate();
      if (message.taxa) resolve(message.taxa);
      else reject(new Error(message.error ?? 'common-species worker failed'));
    });
    worker.once('error', reject);
  });
}

/**
 * Loads what the backbone lacks of the seed, the common-species package, the birds, then the
 * other groups' names in other languages, unless those versions are loaded already; the number
 * of taxa written.
 */
export async function seedBackbone(db: Db): Promise<number> {
  const written = await seedFromSnapshot(db);
  if (written > 0) return written;
  const common = await seedCommonSpecies(db);
  // a new common-species version writes its birds again: eBird's must prevail over them again
  const birds = await seedBirds(db, { again: common > 0 });
  await seedOtherNames(db, undefined, { again: common > 0 });
  return common + birds;
}

/**
 * A new instance's backbone from the shipped snapshot (snapshot.ts), when it is current and the
 * store holds no taxa; the number of taxa written, 0 when the seed has to run instead.
 */
async function seedFromSnapshot(db: Db): Promise<number> {
  if (await holdsTaxa(db)) return 0; // every start but the first: no 5 MB to read
  const snapshot = readSnapshot();
  if (!snapshot) return 0;
  const versions = {
    [COMMON_SPECIES_SOURCE]: commonSpeciesVersion(),
    [BIRDS_SOURCE]: birdsVersion(readBirds()),
    [OTHER_NAMES_SOURCE]: otherNamesVersion(),
  };
  if (await snapshotMismatch(db, snapshot, versions)) return 0;
  return writeSnapshot(db, snapshot);
}

/** The common-species package (issue 20): about 80,000 species with English names. */
export async function seedCommonSpecies(db: Db): Promise<number> {
  const version = commonSpeciesVersion();
  if ((await loadedVersion(db, COMMON_SPECIES_SOURCE)) === version) return 0;
  const taxa = await decodeInWorker();
  const written = await upsertTaxa(db, taxa);
  await settleSynonyms(db);
  await recordSource(db, COMMON_SPECIES_SOURCE, version, written);
  return written;
}

/** The birds (issue 33), eBird's taxa over the seed's: birds.ts. */
export async function seedBirds(
  db: Db,
  { again = false, file }: { again?: boolean; file?: URL | string } = {},
): Promise<number> {
  const birds = readBirds(file);
  const version = birdsVersion(birds);
  if (!again && (await loadedVersion(db, BIRDS_SOURCE)) === version) return 0;
  const written = await upsertTaxa(db, birdTaxa(birds), { prevail: true });
  await mergeByEnglishName(db, EBIRD_SOURCE);
  await settleSynonyms(db);
  await recordSource(db, BIRDS_SOURCE, version, written);
  return written;
}
