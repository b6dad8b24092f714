import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config.js';
import { createPrivateFile, keepTreeToOwner, privateDir } from '../private-files.js';
import { lockDataDir } from './data-dir-lock.js';
import { PGLITE_EXTENSIONS } from './client.js';

// Backup and restore of whichever store is configured: pg_dump/pg_restore for PostgreSQL,
// PGlite's own tarball of its data directory for the embedded store (the server must be
// stopped then: the data directory lock says so).

const run = promisify(execFile);

export class BackupError extends Error {}

export const defaultBackupFile = (config: Config, today = new Date()) =>
  `sightbook-backup-${today.toISOString().slice(0, 10)}.${config.databaseUrl ? 'dump' : 'tar.gz'}`;

async function tool(name: string, args: string[]) {
  try {
    await run(name, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') {
      throw new BackupError(`${name} is not installed: install the PostgreSQL client tools`);
    }
    throw new BackupError(`${name} failed: ${failure.stderr?.trim() || failure.message}`);
  }
}

export async function backupDatabase(config: Config, file: string): Promise<void> {
  // A backup holds password hashes and private logs: 0600, made before a byte goes in.
  if (config.databaseUrl) {
    createPrivateFile(file);
    await tool('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, config.databaseUrl]);
    return;
  }
  const dataDir = config.embeddedDatabase;
  if (!existsSync(dataDir)) throw new BackupError(`There is no embedded database in ${dataDir}`);
  const unlock = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS });
    try {
      const tarball = await client.dumpDataDir('gzip');
      createPrivateFile(file);
      writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
}

/** Restores into an empty store; a PostgreSQL database already holding the app needs `force`. */
export async function restoreDatabase(config: Config, file: string, { force = false } = {}) {
  if (!existsSync(file)) throw new BackupError(`No backup file ${file}`);
  if (config.databaseUrl) {
    if (!force && (await hasAppTables(config.databaseUrl))) {
      throw new BackupError(
        'The database already holds Sightbook data: restore with --force to replace it',
      );
    }
    const clean = force ? ['--clean', '--if-exists'] : [];
    await tool('pg_restore', ['--no-owner', ...clean, `--dbname=${config.databaseUrl}`, file]);
    return;
  }
  const dataDir = config.embeddedDatabase;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new BackupError(`${dataDir} already holds a database: move it away first`);
  }
  const unlock = lockDataDir(dataDir);
  try {
    const loadDataDir = new Blob([readFileSync(file)]);
    privateDir(dirname(dataDir));
    const client = await PGlite.create(dataDir, { loadDataDir, extensions: PGLITE_EXTENSIONS });
    await client.close();
    keepTreeToOwner(dataDir);
  } finally {
    unlock();
  }
}

async function hasAppTables(connectionString: string): Promise<boolean> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const result = await client.query("SELECT to_regclass('public.logs') IS NOT NULL AS present");
    return Boolean(result.rows[0]?.present);
  } finally {
    await client.end();
  }
}
