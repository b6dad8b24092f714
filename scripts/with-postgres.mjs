#!/usr/bin/env node
// Runs a command against PostgreSQL: the one in TEST_DATABASE_URL, or else a throwaway cluster
// started here (initdb into a temp dir, a free port) and stopped when the command ends.
// Usage: node scripts/with-postgres.mjs <command> [args...]   (needs PostgreSQL's server binaries)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}

function postgresBin() {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  const found = versions
    .map((v) => join(root, v, 'bin'))
    .findLast((bin) => existsSync(join(bin, 'initdb')));
  if (found) return found;
  const pgConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (pgConfig.status === 0) return pgConfig.stdout.trim();
  console.error('PostgreSQL server binaries not found: apt-get install -y postgresql');
  process.exit(1);
}

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

function startCluster(bin, port) {
  const dir = mkdtempSync(join(tmpdir(), 'sightbook-pg-'));
  // initdb refuses to run as root: run the server as the postgres system user then.
  const asRoot = process.getuid?.() === 0;
  if (asRoot)
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres'])),
      Number(execFileSync('id', ['-g', 'postgres'])),
    );
  const run = (tool, toolArgs) =>
    execFileSync(
      asRoot ? 'runuser' : join(bin, tool),
      asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...toolArgs] : toolArgs,
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'app', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  // 300 connections: bench/load.mjs runs pgbench from 200 clients (the default allows 100).
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'server.log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`,
    'start',
  ]);
  return () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

let stop = () => {};
let url = process.env.TEST_DATABASE_URL;
if (!url) {
  const port = await freePort();
  stop = startCluster(postgresBin(), port);
  url = `postgres://app@127.0.0.1:${port}/postgres`;
  console.log(`throwaway PostgreSQL on ${url}`);
}

const child = spawn(command, args, {
  stdio: 'inherit',
  shell: process.platform === 'win32',
  env: { ...process.env, TEST_DATABASE_URL: url, TEST_STORES: 'postgres' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  stop();
  process.exit(code ?? (signal ? 1 : 0));
});
