import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { TestProject } from 'vitest/node';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../tests/support/server-processes.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** MAP_TILE_URL of the server under test: a local tile server */
    tileUrl: string;
  }
}

const root = new URL('..', import.meta.url).pathname;

/** A tile server on its own origin, answering every tile with one plain PNG: no internet needed. */
async function startTileServer(): Promise<{ server: Server; tileUrl: string }> {
  const tile = await sharp({
    create: { width: 256, height: 256, channels: 3, background: { r: 170, g: 211, b: 223 } },
  })
    .png()
    .toBuffer();
  const server = createServer((request, response) => {
    const ok = /^\/tiles\/\d+\/-?\d+\/-?\d+\.png$/.test(request.url ?? '');
    response.writeHead(ok ? 200 : 404, { 'content-type': ok ? 'image/png' : 'text/plain' });
    response.end(ok ? tile : 'not a tile');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, tileUrl: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png` };
}

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
  const tiles = await startTileServer();
  const env: NodeJS.ProcessEnv = {
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    AUTH_RATE_LIMIT: '100000', // every test signs up from 127.0.0.1
    MAP_TILE_URL: tiles.tileUrl,
    MAP_ATTRIBUTION: 'Test tiles',
  };
  let server: ServerProcess;
  try {
    server = await startServerProcess(['dist/server/main.js'], env, { cwd: root });
  } catch (error) {
    tiles.server.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const baseURL = server.url;
  project.provide('baseURL', baseURL);
  project.provide('tileUrl', tiles.tileUrl);

  return async () => {
    await stopServerProcess(server.child);
    tiles.server.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
