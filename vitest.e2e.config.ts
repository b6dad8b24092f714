import { defineConfig } from 'vitest/config';

// Browser tests against the built app (e2e/global-setup.ts builds and starts it once).
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
