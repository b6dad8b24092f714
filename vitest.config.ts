import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'src/**/*.test.ts'],
    // PGlite takes seconds to create a database: one app per file, generous hooks.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
