import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error autocannon ships no types; its result is read through LoadResult below
import autocannon from 'autocannon';
import { stores, uniqueEmail } from '../support/helpers.js';
import { LOAD_WRITE, loadMix } from '../support/load-mix.js';
import {
  SERVER_NODE_FLAGS,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../support/server-processes.js';
import { tempDir } from '../support/temp-dirs.js';

// R4: 200 connections of a read-heavy mix with writes against the real server process on
// PostgreSQL (the embedded store runs every query on one connection: it gets 20). Errors fail
// the test; latency and throughput are printed, not asserted (timings vary by machine).
// LOAD_SECONDS sets the duration: 10 by default, 60 in `npm run test:soak`.

const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);

interface LoadResult {
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  statusCodeStats: Record<string, { count: number }>;
}

describe.each(stores)('load on $store', ({ databaseUrl }) => {
  const env = {
    DATA_DIR: tempDir('load'),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
  };
  const connections = databaseUrl ? 200 : 20;
  let server: ServerProcess;
  afterAll(() => stopServerProcess(server.child));

  it(
    `serves ${connections} connections for ${SECONDS} s without an error`,
    { timeout: (SECONDS + 60) * 1000 },
    async () => {
      server = await startServerProcess(
        [...SERVER_NODE_FLAGS, '--import', 'tsx', 'src/server/main.ts'],
        env,
      );
      const registered = await fetch(`${server.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: uniqueEmail('load'), password: 'load test runner' }),
      });
      const cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0]!;
      const created = await fetch(`${server.url}/api/logs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: LOAD_WRITE,
      });
      const { id } = (await created.json()) as { id: string };

      const result = (await autocannon({
        url: server.url,
        connections,
        duration: SECONDS,
        headers: { cookie },
        requests: loadMix(id),
      })) as LoadResult;

      console.info(
        `load on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${connections} connections: ` +
          `${result.requests.total} requests in ${SECONDS} s ` +
          `(${result.requests.average.toFixed(0)} req/s), latency p50 ${result.latency.p50} ms, ` +
          `p99 ${result.latency.p99} ms, max ${result.latency.max} ms; errors ${result.errors}, ` +
          `timeouts ${result.timeouts}, non-2xx ${result.non2xx}`,
      );
      expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({
        errors: 0,
        timeouts: 0,
        non2xx: 0,
      });
      expect(result.requests.total).toBeGreaterThan(0);
    },
  );
});
