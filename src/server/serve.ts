import closeWithGrace from 'close-with-grace';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirInUseError } from './db/data-dir-lock.js';

// Starts Sightbook (through main.ts): loadConfig() → buildApp() → listen(), and closes cleanly on
// SIGTERM/SIGINT.

// Everything the server writes (database, session secret, photos) is its owner's alone
// (issue #19); src/server/private-files.ts covers what the umask does not.
process.umask(0o077);

// The compiled server sits in dist/server beside the built web app in dist/web. Run from the
// sources (npm run dev) there is no built app beside it: Vite serves the pages then.
const builtWeb = fileURLToPath(new URL('../web/', import.meta.url));
const webRoot = existsSync(`${builtWeb}index.html`) ? builtWeb : undefined;

let config;
try {
  config = loadConfig(process.env, webRoot);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

// On a terminal, logs a person reads; anywhere else (a container, a pipe, a file), JSON lines.
const logStream = process.stdout.isTTY
  ? (await import('pino-pretty')).default({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' })
  : undefined;

let app;
try {
  app = await buildApp(config, { logStream });
} catch (error) {
  if (!(error instanceof DataDirInUseError)) throw error;
  console.error(error.message); // another server already serves this data directory
  process.exit(1);
}

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close(); // stops accepting, lets requests in flight finish, closes the database
});

await app.listen({ port: config.port, host: config.host });
