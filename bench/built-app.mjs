// Shared by the benchmarks that start the built server.
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/** Stops the benchmark when dist/ has not been built. */
export function requireBuild() {
  if (!existsSync('dist/server/main.js')) {
    console.error('dist/server/main.js is missing: run npm run build first');
    process.exit(1);
  }
}

/** A TCP port free on 127.0.0.1 right now. */
export const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
