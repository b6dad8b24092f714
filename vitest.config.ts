import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // web modules import each other as '@/…', as in vite.config.ts
  resolve: { alias: { '@': fileURLToPath(new URL('./src/web', import.meta.url)) } },
  test: {
    include: ['tests/**/*.test.ts', 'src/**/*.test.ts'],
    // a PostgreSQL database of each file's own (TEST_DATABASE_URL)
    setupFiles: ['tests/support/own-database.ts'],
    // migrated databases the tests' stores start from
    globalSetup: ['tests/support/database-templates.ts'],
    // Vitest's default, one worker fewer than cores, ran one file at a time on a 2-core machine
    // (CI's): a PGlite file keeps one core busy, so two files share two cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // PGlite takes seconds to create a database: one app per file, generous hooks.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
