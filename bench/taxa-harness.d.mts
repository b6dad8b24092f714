// Types of taxa-harness.mjs, for e2e/taxa-offline.test.ts.
export function buildTaxaHarness(): Promise<{ moduleUrl: string; workerUrl: string }>;
