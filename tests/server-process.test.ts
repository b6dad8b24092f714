import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stores, uniqueEmail } from './helpers.js';

// The real server process over real HTTP: start, sign-up, logs, shutdown on SIGTERM, restart.

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

interface Running {
  child: ChildProcess;
  output: () => string;
  url: string;
}

async function startServer(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ok = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return { child, output: () => output, url };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy:\n${output}`);
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

describe.each(stores)('the server process on $store', ({ databaseUrl }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sightbook-process-'));
  const env = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const running: ChildProcess[] = [];
  afterAll(() => running.forEach((child) => child.kill('SIGKILL')));

  it('serves over HTTP, logs no secret, stops cleanly on SIGTERM and keeps the data', async () => {
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
    const setCookie = registered.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^sid=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
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

    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toBe(0);
    const log = first.output();
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
    const signedIn = await fetch(`${second.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(signedIn.status).toBe(200);
    const again = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    const list = await fetch(`${second.url}/api/logs`, { headers: { cookie: again } });
    expect(await list.json()).toMatchObject({ total: 1, items: [{ speciesCommon: 'Kingfisher' }] });
    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
  });
});

describe('a bad configuration', () => {
  it('stops the start with one line naming the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: 'eighty',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'sightbook-bad-')),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
    expect(await exited(child)).toBe(1);
    expect(stderr.trim()).toBe(
      'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "eighty")',
    );
  });
});
