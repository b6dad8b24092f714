import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

// Starting and stopping a real server process, for the process tests and the browser suite.

/**
 * The Node flags the server is deployed with (npm start, npm run serve, the Dockerfile; a test
 * holds them equal): a 32 MB young generation. The list answers ~15 % more requests a second
 * under load, and an export's peak memory stays steadier, for at most 32 MB more.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process printed so far (the last 200 kB). */
  output(): string;
}

/**
 * Spawns `node <args>` on a free port, in its own process group, and waits for /healthz.
 * A variable given as undefined is removed from the inherited environment.
 */
export async function startServerProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  {
    cwd,
    timeoutMs = 60_000,
    port: chosen,
  }: { cwd?: string; timeoutMs?: number; /** else a free one */ port?: number } = {},
): Promise<ServerProcess> {
  const port = chosen ?? (await freePort());
  // Every test process signs up from 127.0.0.1, and on a shared PostgreSQL the per-IP sign-in
  // limit is shared too: suites running within one minute would refuse each other with 429.
  const merged = {
    ...process.env,
    HOST: '127.0.0.1',
    AUTH_RATE_LIMIT: '100000',
    // about 20 s of CPU on a first start; tests/taxonomy loads the backbone itself
    SEED_TAXA: 'false',
    REGISTRATION: 'open', // suites sign up many users; the sign-up modes have their own tests
    ...env,
    PORT: String(port),
  };
  const child = spawn(process.execPath, args, {
    cwd,
    env: Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => void (log = (log + chunk.toString()).slice(-200_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const server = { child, url: `http://127.0.0.1:${port}`, output: () => log };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited before it was healthy:\n${log}`);
    }
    const healthy = await fetch(`${server.url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return server;
    await sleep(100);
  }
  await stopServerProcess(child);
  throw new Error(`GET /healthz was not 200 within ${timeoutMs} ms:\n${log}`);
}

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** SIGTERM to the process group, SIGKILL after 10 s; resolves with the exit code. */
export function stopServerProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  const done = exited(child);
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return done;
  const pid = child.pid;
  const kill = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pid, sig);
    } catch {
      // already gone
    }
  };
  kill(signal);
  const forced = setTimeout(() => kill('SIGKILL'), 10_000);
  return done.finally(() => clearTimeout(forced));
}
