import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { MIGRATION_LOCK } from '../../src/server/db/client.js';
import { bootId } from '../../src/server/db/data-dir-lock.js';
import { stores, uniqueEmail } from '../support/helpers.js';
import {
  exited,
  freePort,
  SERVER_NODE_FLAGS,
  startServerProcess,
  stopServerProcess,
} from '../support/server-processes.js';
import { tempDir } from '../support/temp-dirs.js';

const startServer = (env: NodeJS.ProcessEnv) =>
  startServerProcess(['--import', 'tsx', 'src/server/main.ts'], { LOG_LEVEL: 'info', ...env });

// The real server process over real HTTP: start, sign-up, logs, shutdown on SIGTERM, restart.

/** Each test starts a server process or two: seconds apiece on a busy 2-core host. */
const PROCESS_TEST_MS = 120_000;

/** The `msg` of each JSON log line. */
const messagesOf = (log: string) =>
  log
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => String((JSON.parse(line) as { msg?: unknown }).msg));

describe.runIf(process.env.TEST_DATABASE_URL)('a start while another instance migrates', () => {
  it(
    'waits as long as it takes, saying so, and listens only once the database is ready',
    { timeout: PROCESS_TEST_MS },
    async () => {
      const holder = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await holder.connect();
      await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const port = await freePort();
      const starting = startServerProcess(
        ['--import', 'tsx', 'src/server/main.ts'],
        {
          LOG_LEVEL: 'info',
          DATABASE_URL: process.env.TEST_DATABASE_URL,
          DATA_DIR: tempDir('waiting'),
        },
        { port },
      );
      try {
        // longer than a plugin may take to start: the server neither gives up nor listens
        await sleep(12_000);
        await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
      } finally {
        await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        await holder.end();
      }
      const server = await starting;
      try {
        const steps = messagesOf(server.output());
        expect(steps).toContain('waiting for another instance to finish migrating…');
        expect(steps.indexOf('database ready')).toBeGreaterThan(steps.indexOf('migrating…'));
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      } finally {
        expect(await stopServerProcess(server.child)).toBe(0);
      }
    },
  );
});

describe.each(stores)('the server process on $store', ({ databaseUrl }) => {
  const dataDir = tempDir('process');
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
  const running: ChildProcess[] = [];
  afterAll(() => running.forEach((child) => child.kill('SIGKILL')));

  it(
    'serves over HTTP, logs no secret, stops cleanly on SIGTERM and keeps the data',
    { timeout: PROCESS_TEST_MS },
    async () => {
      const first = await startServer(env);
      running.push(first.child);
      const email = uniqueEmail('process');
      const password = 'a very secret passphrase';

      const registered = await fetch(`${first.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      expect(registered.status).toBe(201);
      const [setCookie = '', hint] = registered.headers.getSetCookie();
      expect(setCookie).toMatch(/^sid=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
      expect(hint).toBe('signed_in=1; Max-Age=2592000; Path=/; SameSite=Lax'); // decision 018
      const cookie = setCookie.split(';')[0]!;

      const created = await fetch(`${first.url}/api/logs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          speciesCommon: 'Kingfisher',
          count: 1,
          observedAt: '2026-06-01T07:00',
        }),
      });
      expect(created.status).toBe(201);
      await fetch(`${first.url}/pwa-auth-complete?token=bridge-token-value`);

      expect(await stopServerProcess(first.child)).toBe(0);
      const log = first.output();
      // each step of opening the database, in order, before it is ready
      const steps = databaseUrl
        ? ['connecting to PostgreSQL…', 'migrating…', 'database ready']
        : ['creating the database (a first start takes a while)…', 'migrating…', 'database ready'];
      expect(messagesOf(log).filter((msg) => steps.includes(msg))).toEqual(steps);
      expect(log).toContain('"msg":"shutting down"');
      expect(log).toContain('"url":"/api/logs"');
      for (const secret of [
        password,
        cookie.slice(4),
        decodeURIComponent(cookie.slice(4)),
        'bridge-token-value',
      ]) {
        expect(log).not.toContain(secret);
      }

      const second = await startServer(env);
      running.push(second.child);
      if (!databaseUrl) expect(messagesOf(second.output())).toContain('opening the database…');
      const signedIn = await fetch(`${second.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      expect(signedIn.status).toBe(200);
      const again = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!;
      const list = await fetch(`${second.url}/api/logs`, { headers: { cookie: again } });
      expect(await list.json()).toMatchObject({
        total: 1,
        items: [{ speciesCommon: 'Kingfisher' }],
      });
      expect(await stopServerProcess(second.child)).toBe(0);
    },
  );
});

describe('a second server on the same embedded data directory', () => {
  it(
    'refuses to start, naming the process that holds it',
    { timeout: PROCESS_TEST_MS },
    async () => {
      const dataDir = tempDir('twice');
      const first = await startServer({ DATA_DIR: dataDir, DATABASE_URL: undefined });
      try {
        const second = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
          env: { ...process.env, PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stderr = '';
        second.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
        expect(await exited(second)).toBe(1);
        expect(stderr.trim()).toBe(
          `The embedded database in ${join(dataDir, 'db')} is in use by process ${first.child.pid}: stop it first (one process per data directory)`,
        );
      } finally {
        expect(await stopServerProcess(first.child)).toBe(0);
      }
    },
  );
});

describe.runIf(process.platform === 'linux')('a lock left by a crash', () => {
  it(
    'is taken over when its PID now belongs to another process (PID 1 in a container)',
    { timeout: PROCESS_TEST_MS },
    async () => {
      const dataDir = tempDir('crashed');
      // PID 1 is alive here, but it is not the process that wrote this lock: it started earlier.
      writeFileSync(
        join(dataDir, 'db.lock'),
        JSON.stringify({ pid: 1, start: '0', boot: bootId() }),
      );
      const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: undefined });
      try {
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
        expect(JSON.parse(readFileSync(join(dataDir, 'db.lock'), 'utf8')).pid).toBe(
          server.child.pid,
        );
      } finally {
        expect(await stopServerProcess(server.child)).toBe(0);
      }
    },
  );
});

describe('a bad configuration', () => {
  it(
    'stops the start with one line naming the variable',
    { timeout: PROCESS_TEST_MS },
    async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: {
          ...process.env,
          PORT: 'eighty',
          DATA_DIR: tempDir('bad'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
      expect(await exited(child)).toBe(1);
      expect(stderr.trim()).toBe(
        'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "eighty")',
      );
    },
  );
});

describe('the deployed command', () => {
  it('runs the server with the Node flags the benchmarks and the load test use', () => {
    const command = ['node', ...SERVER_NODE_FLAGS, 'dist/server/main.js'];
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(scripts.serve).toBe(command.join(' '));
    expect(scripts.start).toBe(`npm run build && ${command.join(' ')}`);
    const image = /^CMD (\[.*\])$/m.exec(readFileSync('Dockerfile', 'utf8'));
    expect(JSON.parse(image![1]!)).toEqual(command);
  });
});
