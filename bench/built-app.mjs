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

/**
 * Starts dist/server/main.js on a free port with `env` added, and waits until /healthz answers.
 * Under scripts/with-postgres.mjs (TEST_DATABASE_URL set) it uses that PostgreSQL.
 */
export async function startBuiltServer(env) {
  const { spawn } = await import('node:child_process');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_FLAGS: more node flags for the server (--cpu-prof --cpu-prof-dir=…)
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  // the young generation's size as `npm start` sets it
  const start = ['--max-semi-space-size=32', ...flags, 'dist/server/main.js'];
  const child = spawn(process.execPath, start, {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT: '100000',
      REGISTRATION: 'open', // benchmarks sign up users of their own
      ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
      ...env,
    },
    stdio: 'ignore',
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { base, pid: child.pid, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A new account on the server at `base`: the headers of its JSON requests (cookie included). */
export async function signUp(base) {
  const register = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-${crypto.randomUUID()}@example.org`,
      password: 'bench password 1',
    }),
  });
  if (register.status !== 201) throw new Error(`sign-up answered ${register.status}`);
  const cookie = register.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, 'content-type': 'application/json' };
}

/** The server's resident memory now, in MB. */
export async function rssMb(pid) {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

/** The highest resident size of `pid` seen while `task` runs (sampled every 10 ms), and its result. */
export async function peakRssDuring(pid, task) {
  let peak = await rssMb(pid);
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, await rssMb(pid));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    const result = await task();
    return { peak, result };
  } finally {
    running = false;
    await sampler;
  }
}
