import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../tests/server-processes.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

const root = new URL('..', import.meta.url).pathname;

export default async function setup(project: TestProject) {
  // Builds dist/ and serves it on a fresh data directory (PostgreSQL when TEST_DATABASE_URL is set).
  // E2E_SKIP_BUILD=1 reuses dist/ when iterating on tests alone
  if (!process.env.E2E_SKIP_BUILD) {
    // vitest sets NODE_ENV=test, which would make vite bundle React's development build
    const build = spawnSync('npm', ['run', 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status})`);
  }

  const dataDir = await mkdtemp(join(tmpdir(), 'sightbook-e2e-'));
  const env: NodeJS.ProcessEnv = {
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    AUTH_RATE_LIMIT: '100000', // every test signs up from 127.0.0.1
  };
  let server: ServerProcess;
  try {
    server = await startServerProcess(['dist/server/main.js'], env, { cwd: root });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const baseURL = server.url;
  project.provide('baseURL', baseURL);

  return async () => {
    await stopServerProcess(server.child);
    await rm(dataDir, { recursive: true, force: true });
  };
}
