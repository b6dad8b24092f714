import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const include = ['tests/**/*.test.ts', 'src/**/*.test.ts'];

/**
 * On PostgreSQL only (`npm run test:pg`, TEST_STORES=postgres), the files without a database
 * suite (neither `stores` of tests/support/helpers.ts nor TEST_DATABASE_URL) are left out: `npm test` ran them already and
 * they would run the same way again.
 */
const storeFreeFiles = () =>
  include
    .flatMap((pattern) => globSync(pattern))
    .filter((file) => !/\bstores\b|TEST_DATABASE_URL/.test(readFileSync(file, 'utf8')));

export default defineConfig({
  // web modules import each other as '@/…', as in vite.config.ts
  resolve: { alias: { '@': fileURLToPath(new URL('./src/web', import.meta.url)) } },
  test: {
    include,
    exclude: [
      '**/node_modules/**',
      ...(process.env.TEST_STORES === 'postgres' ? storeFreeFiles() : []),
    ],
    // a PostgreSQL database of each file's own (TEST_DATABASE_URL)
    // and a data directory of each file's own
    setupFiles: ['tests/support/own-database.ts', 'tests/support/file-data-dir.ts'],
    // migrated databases the tests' stores start from
    globalSetup: ['tests/support/database-templates.ts'],
    // Vitest's default, one worker fewer than cores, ran one file at a time on a 2-core machine
    // (CI's): a PGlite file keeps one core busy, so two files share two cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A worker runs its files one after another in one module graph instead of loading the server's
    // modules again for each (a third of the suite's time). Files restore what they change (globals,
    // timers, process.env), and each has its own database and data directory (the setup files).
    isolate: false,
    // PGlite takes seconds to create a database: one app per file, generous hooks.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
