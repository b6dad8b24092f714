import { Worker } from 'node:worker_threads';
import type { Db } from '../../db/client.js';
import { COMMON_SPECIES_SOURCE, commonSpeciesVersion } from './common-species.js';
import { loadedVersion, recordSource } from './queries.js';
import { upsertTaxa, type TaxonInput } from './taxon-writes.js';

// Seeds the species backbone on an instance's first start (and after an upgrade of the package
// or its conversion): decoded in a worker, written in batches, recorded in taxon_sources so that
// later starts skip it.

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

/** Loads the backbone unless this version is loaded already; the number of taxa written. */
export async function seedBackbone(db: Db): Promise<number> {
  const version = commonSpeciesVersion();
  if ((await loadedVersion(db, COMMON_SPECIES_SOURCE)) === version) return 0;
  const taxa = await decodeInWorker();
  const written = await upsertTaxa(db, taxa);
  await recordSource(db, COMMON_SPECIES_SOURCE, version, written);
  return written;
}
