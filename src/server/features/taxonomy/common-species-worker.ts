import { parentPort } from 'node:worker_threads';
import { decodeCommonSpecies, toTaxa } from './common-species.js';

// Decodes the common-species package off the main thread (backbone.ts) and posts the taxa.
const port = parentPort!;
decodeCommonSpecies().then(
  (rows) => port.postMessage({ taxa: toTaxa(rows) }),
  (error: unknown) => port.postMessage({ error: String(error) }),
);
