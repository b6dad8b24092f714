// Builds the web app's species search (src/web/features/taxonomy) on its own, into
// dist/web/assets/taxa-harness/, for bench/taxa-pack.mjs and e2e/taxa-offline.test.ts: the built
// server serves it under /assets/ beside the app, so its worker fetches the pack with the page's
// cookie. The app's own build bundles the module only where a picker imports it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

const root = new URL('..', import.meta.url).pathname;
const BASE = '/assets/taxa-harness/';

/** Builds the harness; the URL paths of its module (preloadTaxa, searchTaxa) and of the worker. */
export async function buildTaxaHarness() {
  const outDir = join(root, 'dist/web/assets/taxa-harness');
  await build({
    configFile: false,
    root,
    base: BASE,
    logLevel: 'warn',
    publicDir: false,
    resolve: { alias: { '@': join(root, 'src/web') } },
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      assetsDir: '',
      rollupOptions: {
        input: { taxonomy: join(root, 'src/web/features/taxonomy/index.ts') },
        preserveEntrySignatures: 'strict',
      },
    },
  });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const worker = readdirSync(outDir).find((file) => /^taxa\.worker.*\.js$/.test(file));
  if (!entry || !worker) throw new Error(`the harness build lacks its module or worker: ${outDir}`);
  return { moduleUrl: BASE + entry.file, workerUrl: BASE + worker };
}
