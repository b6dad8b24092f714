import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../tests/support/server-processes.js';

// A server of a test file's own, on an embedded store in a fresh data directory: its first
// account is its admin, and its instance-wide data (the occurrence model) is the file's alone.

const root = new URL('..', import.meta.url).pathname;

export interface OwnServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts the built server; `prepare` may write to the data directory before it starts. */
export async function startOwnServer(
  name: string,
  prepare?: (dataDir: string) => Promise<void>,
): Promise<OwnServer> {
  const dataDir = await mkdtemp(join(tmpdir(), `sightbook-e2e-${name}-`));
  await prepare?.(dataDir);
  const server: ServerProcess = await startServerProcess(
    ['dist/server/main.js'],
    { DATA_DIR: dataDir, DATABASE_URL: undefined },
    { cwd: root },
  );
  return {
    url: server.url,
    dataDir,
    async stop() {
      await stopServerProcess(server.child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs a new account up in the context (the server's first one is its admin); its email. */
export async function registerIn(
  context: BrowserContext,
  firstName: string,
  lastName?: string,
): Promise<string> {
  const email = `${firstName.toLowerCase()}-${randomUUID()}@example.org`;
  const response = await context.request.post('/api/auth/register', {
    data: { email, password: 'correct horse battery', firstName, ...(lastName && { lastName }) },
  });
  expect(response.status()).toBe(201);
  return email;
}
