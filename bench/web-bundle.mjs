// Gzip size of the JavaScript each route loads, against the budgets of issue 3.
// Usage: node bench/web-bundle.mjs [--no-build]   (--no-build measures dist/web as it is)
// It builds into a directory of its own and removes it afterwards: dist/web, which the other
// benchmarks (Lighthouse, the route timings) serve with its precompressed files, stays as it is.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const ownBuild = !process.argv.includes('--no-build');
const web = ownBuild ? mkdtempSync(join(tmpdir(), 'sightbook-bundle-')) : join(root, 'dist/web');
if (ownBuild) {
  process.on('exit', () => rmSync(web, { recursive: true, force: true }));
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--logLevel', 'warn', '--outDir', web, '--emptyOutDir'],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const manifest = JSON.parse(readFileSync(join(web, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
// a module two routes load (the details card, also on the shared page) becomes a shared
// chunk, listed by its name instead of its source
const chunkKey = (source) => {
  const name = source.replace(/^.*\//, '').replace(/\.[jt]sx?$/, '');
  const key =
    Object.keys(manifest).find((key) => manifest[key].src === source) ??
    Object.keys(manifest).find((key) => !manifest[key].src && manifest[key].name === name);
  if (!key) throw new Error(`no chunk for ${source} in the manifest`);
  return key;
};

/** A chunk and everything it imports statically, as manifest keys. */
function withStaticImports(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) withStaticImports(imported, seen);
  return seen;
}

const gzipSizes = new Map();
const gzipSize = (file) => {
  if (!gzipSizes.has(file))
    gzipSizes.set(file, gzipSync(readFileSync(join(web, file)), { level: 9 }).length);
  return gzipSizes.get(file);
};

// A signed-in screen also loads the header and the global shortcuts, both lazy.
const signedIn = ['src/web/app/layout/header.tsx', 'src/web/features/shortcuts/index.ts'];
const routes = [
  { name: 'landing', lazy: [], budget: 120, measure: 'js' },
  {
    name: 'logs list',
    lazy: ['src/web/features/logs/list/logs-page.tsx', ...signedIn],
    budget: 250,
  },
  { name: 'form', lazy: ['src/web/features/logs/form/log-form-page.tsx', ...signedIn] },
  { name: 'details', lazy: ['src/web/features/logs/details/log-details-page.tsx', ...signedIn] },
  { name: 'stats', lazy: ['src/web/features/stats/stats-page.tsx', ...signedIn] },
  { name: 'lists', lazy: ['src/web/features/lists/lists-page.tsx', ...signedIn] },
  // Leaflet, supercluster and their CSS come with the map page: it always shows the map
  { name: 'map', lazy: ['src/web/features/maps/map-page.tsx', ...signedIn] },
];

const kB = (bytes) => (bytes / 1000).toFixed(1);
const rows = routes.map(({ name, lazy, budget, measure = 'total' }) => {
  const keys = new Set();
  for (const start of [entryKey, ...lazy.map(chunkKey)]) withStaticImports(start, keys);
  const js = [...keys].reduce((sum, key) => sum + gzipSize(manifest[key].file), 0);
  const css = [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))];
  const total = js + css.reduce((sum, file) => sum + gzipSize(file), 0);
  const bytes = measure === 'js' ? js : total; // budget basis: landing JS only, list in total
  return {
    route: name,
    chunks: keys.size,
    'JS kB gzip': kB(js),
    'JS+CSS kB gzip': kB(total),
    'budget on': measure,
    'budget kB': budget ?? '-',
    ratio: budget ? `${((bytes / 1000 / budget) * 100).toFixed(0)}%` : '-',
    ok: budget ? bytes / 1000 <= budget : true,
  };
});
console.table(rows);
if (rows.some((row) => !row.ok)) {
  console.error('over budget');
  process.exit(1);
}
