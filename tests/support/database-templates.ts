import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.js';

// Before the suite (vitest globalSetup): a migrated database for every test app to start from,
// instead of each migrating its own. PGlite: a dump of a migrated in-memory store, kept in
// node_modules/.cache between runs (the migrations' hash names it); PostgreSQL: a migrated
// template database each file's own database is copied from (tests/support/own-database.ts).
// Creating and migrating a store took 3-7 s a test app; starting from the dump takes about 1.

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory dump (tar) of a migrated store. */
    pgliteTemplate: string;
    /** The name of a migrated database on TEST_DATABASE_URL's server, or '' without one. */
    postgresTemplate: string;
  }
}

const root = new URL('../..', import.meta.url).pathname;
const migrations = join(root, 'src/server/db/migrations');

/** A hash of every migration file: a new or changed migration makes new templates. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(migrations);
  return hash.digest('hex').slice(0, 16);
}

async function pgliteTemplate(hash: string): Promise<string> {
  const dir = join(root, 'node_modules/.cache/sightbook-tests');
  const path = join(dir, `pglite-${hash}.tar`);
  if (existsSync(path)) return path;
  mkdirSync(dir, { recursive: true });
  const { db, close } = await openDatabase({ embeddedDatabase: 'memory://' });
  try {
    const dump = await (db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    const partial = `${path}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path); // whole or not at all, should two runs make it at once
  } finally {
    await close();
  }
  return path;
}

async function postgresTemplate(hash: string): Promise<string> {
  const rootUrl = process.env.TEST_DATABASE_URL;
  if (!rootUrl) return '';
  const name = `sightbook_template_${hash}`;
  const client = new pg.Client({ connectionString: rootUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rows.length > 0) return name;
    const building = `${name}_${process.pid}`;
    await client.query(`CREATE DATABASE ${building}`);
    const url = new URL(rootUrl);
    url.pathname = `/${building}`;
    const { close } = await openDatabase({ databaseUrl: url.toString(), embeddedDatabase: '' });
    await close();
    await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    return name;
  } catch (error) {
    // without the right to create databases, files share the one given (own-database.ts)
    console.warn(`No template database: ${String(error)}`);
    return '';
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const hash = migrationsHash();
  const [pglite, postgres] = await Promise.all([
    process.env.TEST_STORES === 'postgres' ? '' : pgliteTemplate(hash),
    postgresTemplate(hash),
  ]);
  project.provide('pgliteTemplate', pglite);
  project.provide('postgresTemplate', postgres);
}
