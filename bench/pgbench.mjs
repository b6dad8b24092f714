// The raw ceiling of the database benchmarks: the server's own SQL, captured from Drizzle while
// running the server's functions, run by pgbench from as many clients as the load has.
import { spawnSync } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../src/server/db/schema.ts';

/** The newest PostgreSQL's programs (pgbench, psql) on this machine. */
export const PGBIN = readdirSync('/usr/lib/postgresql')
  .sort((a, b) => Number(a) - Number(b))
  .map((v) => `/usr/lib/postgresql/${v}/bin`)
  .at(-1);

/**
 * The statements `run` sends, with their parameters. `run` gets a database on `pool` and a
 * function that forgets what was captured so far.
 */
export async function captureSql(pool, run) {
  const captured = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => captured.push({ query, params }) },
  });
  await run(db, () => captured.splice(0));
  return captured;
}

/**
 * A pgbench script of `statements` with their parameters, sent as parameters as the server sends
 * them (with literals, a prepared statement would get another plan than the server's): pgbench
 * reads `:name` as a variable, here set with -D (a null is written NULL); `prefix` keeps each
 * script's names apart.
 */
function pgbenchScript(statements, prefix) {
  const defines = [];
  const text = statements.map(({ query, params }, s) => {
    params.forEach((value, i) => {
      if (value === null) return; // written as NULL: a variable holds text
      const bound = value instanceof Date ? value.toISOString() : String(value);
      defines.push('-D', `${prefix}s${s}p${i + 1}=${bound}`);
    });
    return query
      .replace(/\$(\d+)/g, (_, n) => (params[n - 1] === null ? 'NULL' : `:${prefix}s${s}p${n}`))
      .replaceAll('HH24:MI:SS', 'HH24":"MI":"SS') // the same format; pgbench would read :MI
      .replace(/\s+/g, ' ');
  });
  return { text: `${text.join(';\n')};\n`, defines };
}

/**
 * pgbench running `scripts` (each `{ statements, weight }`: a transaction runs one, picked by
 * weight) from `clients` clients for `warmUp` + `seconds` seconds, measured after the warm-up,
 * as the server is: a new connection's prepared statement is planned for its values five times
 * before PostgreSQL keeps a generic plan. `prepared` plans each statement once per connection,
 * as the server does with its most frequent ones; `extended` every time.
 */
export function pgbench(url, scripts, { clients, seconds, warmUp, mode, workDir }) {
  const dir = mkdtempSync(join(workDir, 'pgbench-'));
  const files = scripts.flatMap(({ statements, weight = 1 }, i) => {
    const { text, defines } = pgbenchScript(statements, `f${i}`);
    const file = join(dir, `script-${i}.sql`);
    writeFileSync(file, text);
    return [...defines, '-f', `${file}@${weight}`];
  });
  const args = ['-n', '-c', String(clients), '-j', '2', '-T', String(warmUp + seconds)];
  const result = spawnSync(
    `${PGBIN}/pgbench`,
    [...args, '-M', mode, ...files, '--log', `--log-prefix=${join(dir, 'log')}`, url],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`pgbench ${mode} failed: ${result.stderr}`);
  // a line per transaction: client, number, latency (µs), script, end time (s, µs)
  const transactions = readdirSync(dir)
    .filter((file) => file.startsWith('log'))
    .flatMap((file) => readFileSync(join(dir, file), 'utf8').trim().split('\n'))
    .map((line) => line.split(' ').map(Number))
    .map(([, , latency, , seconds, micros]) => ({ latency, end: seconds + micros / 1e6 }));
  // reduce, not Math.min(...): a fast script logs more transactions than a call takes arguments
  const start = transactions.reduce((min, t) => Math.min(min, t.end - t.latency / 1e6), Infinity);
  const measured = transactions.filter((t) => t.end - t.latency / 1e6 >= start + warmUp);
  const end = measured.reduce((max, t) => Math.max(max, t.end), -Infinity);
  const latencies = measured.map((t) => t.latency / 1000).toSorted((a, b) => a - b);
  return {
    tps: measured.length / (end - start - warmUp),
    p50: latencies[Math.floor(latencies.length * 0.5)],
    p99: latencies[Math.floor(latencies.length * 0.99)],
  };
}

/**
 * A session of `userId` as the server signs it (the cookie holds the token, the table its
 * hash), written through `pool`: the cookie header a browser sends, and the row's sid.
 */
export async function benchSession(pool, userId, secret) {
  const token = randomBytes(32).toString('base64url');
  const sid = createHash('sha256').update(token).digest('hex');
  const signature = createHmac('sha256', secret).update(token).digest('base64').replace(/=/g, '');
  await pool.query(
    `INSERT INTO sessions (sid, sess, expire) VALUES ($1, json_build_object('userId', $2::text), now() + interval '30 days')`,
    [sid, userId],
  );
  // with the hint a browser keeps beside it: without it, every reply would set both cookies again
  return { cookie: `sid=${encodeURIComponent(`${token}.${signature}`)}; signed_in=1`, sid };
}

const TICKS = 100; // USER_HZ: /proc counts CPU time in hundredths of a second on Linux
const procTicks = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime, stime, cutime, cstime (fields 14-17; the children's once they were waited for)
  return fields.slice(11, 15).reduce((sum, value) => sum + Number(value), 0);
};
const machineTicks = () => {
  const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
  const [user, nice, system, , , irq, softirq, steal] = cpu.split(/\s+/).slice(1).map(Number);
  return user + nice + system + irq + softirq + steal;
};

/**
 * Where the cores went while `run` ran, in cores (CPU-seconds a second): the server process
 * (`serverPid`), this process with its children (the load generator: autocannon, or pgbench),
 * and the rest of the machine (PostgreSQL, and whatever else shares the box).
 */
export async function cpuShares(serverPid, run) {
  const before = {
    machine: machineTicks(),
    self: procTicks(process.pid),
    server: procTicks(serverPid),
  };
  const started = performance.now();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  const server = (procTicks(serverPid) - before.server) / TICKS / seconds;
  const client = (procTicks(process.pid) - before.self) / TICKS / seconds;
  const rest = (machineTicks() - before.machine) / TICKS / seconds - server - client;
  const shares = { server, client, rest };
  const text = `cores: server ${server.toFixed(2)}, load generator ${client.toFixed(2)}, PostgreSQL and the rest ${rest.toFixed(2)}`;
  return { result, shares, text };
}
