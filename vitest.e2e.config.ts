import { defineConfig } from 'vitest/config';

// Browser tests against the built app (e2e/global-setup.ts builds and starts it once).
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    // Two files at a time, also on a 2-core machine (Vitest's default there is one): a browser
    // test spends much of its time waiting on the page, the server or a timer. Every test signs
    // up its own account; a file that needs the instance to itself starts its own server.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
