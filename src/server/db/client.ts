import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql, type Query, type SQLWrapper } from 'drizzle-orm';
import pg from 'pg';
import QueryStream from 'pg-query-stream';
import type { Readable } from 'node:stream';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keepTreeToOwner, privateDir } from '../private-files.js';
import { lockDataDir } from './data-dir-lock.js';
import { NamingClient } from './named-statements.js';
import * as schema from './schema.js';

/** One type for both stores; a transaction fits it too. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of one compiled query, read through a server-side cursor `batchSize` at a time. */
export type StreamRows = (query: Query, batchSize: number) => Promise<Readable>;

export interface Database {
  db: Db;
  store: 'pglite' | 'postgres';
  /** PostgreSQL only: PGlite hands over whole results, so its readers page instead. */
  streamRows?: StreamRows;
  /**
   * PostgreSQL only (PGlite serves one process): holds a shared advisory lock on (namespace,
   * key) for as long as the database stays open, and answers the other keys that instances on
   * this database hold in the namespace now.
   */
  announce?: (namespace: number, key: number) => Promise<number[]>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Any constant works; it only has to be the same for every instance migrating one database.
export const MIGRATION_LOCK = 7_406_163_411;

/** What opening the database is doing now, for the start-up log: it may take minutes. */
export type OpeningStep = (step: string) => void;

/**
 * Opens PostgreSQL when a URL is given, else the embedded store, and brings its schema up to
 * date, saying each step to `progress`. It takes as long as it takes: a first start on a busy
 * host creates the embedded store for minutes, and an instance waits while another migrates.
 */
export async function openDatabase(
  options: { databaseUrl?: string; embeddedDatabase: string; embeddedTemplate?: string },
  progress: OpeningStep = () => {},
): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, progress)
    : openPglite(options.embeddedDatabase, progress, options.embeddedTemplate);
}

// PostgreSQL's default 128 MB of shared buffers lives in PGlite's WASM memory, which never
// shrinks: 16 MB keeps a small server small, and one user's working set still fits. Its write-
// ahead log keeps up to max_wal_size (1 GB) of segments for reuse: the first start's species
// backbone left 320 MB of them beside 111 MB of tables; 64 MB checkpoints more often instead.
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['-c', 'shared_buffers=16MB', '-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB'],
];

/** The extensions the schema uses (pg_trgm: the species search, migration 0011). */
export const PGLITE_EXTENSIONS = { pg_trgm };

async function openPglite(
  dataDir: string,
  progress: OpeningStep,
  template?: string,
): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) privateDir(dirname(dataDir)); // DATA_DIR
  const unlock = inMemory ? () => {} : lockDataDir(dataDir);
  let client: PGlite | undefined;
  try {
    progress(
      inMemory || existsSync(join(dataDir, 'PG_VERSION'))
        ? 'opening the database…'
        : 'creating the database (a first start takes a while)…',
    );
    client = await PGlite.create(dataDir, {
      startParams: PGLITE_START_PARAMS,
      extensions: PGLITE_EXTENSIONS,
      // an in-memory store may start from a dump of a migrated one (tests: a second, not five)
      ...(inMemory && template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
    });
    const db = drizzlePglite(client, { schema });
    progress('migrating…');
    await migratePglite(db, { migrationsFolder });
    // PGlite's first start writes its files 0666; later ones are 0600, or follow the umask.
    if (!inMemory) keepTreeToOwner(dataDir);
    const opened = client;
    return { db, store: 'pglite', close: () => opened.close().finally(unlock) };
  } catch (error) {
    await client?.close();
    unlock();
    throw error;
  }
}

async function openPostgres(connectionString: string, progress: OpeningStep): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10, Client: NamingClient });
  // An idle client losing its server (restart, failover) must not crash the process.
  pool.on('error', () => {});
  try {
    progress('connecting to PostgreSQL…');
    // Several app instances may start at once: the advisory lock lets one migrate at a time.
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1) AS locked',
        [MIGRATION_LOCK],
      );
      if (!rows[0]?.locked) {
        progress('waiting for another instance to finish migrating…');
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      }
      progress('migrating…');
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  // a connection of its own, outside the pool: its session's locks last as long as the process
  let announcer: pg.Client | undefined;
  return {
    db: drizzlePg(pool, { schema }),
    store: 'postgres',
    streamRows: (query, batchSize) => streamRows(pool, query, batchSize),
    async announce(namespace, key) {
      if (!announcer) {
        announcer = new pg.Client({ connectionString });
        announcer.on('error', () => {}); // a lost connection only ends the announcement
        await announcer.connect();
      }
      await announcer.query('SELECT pg_advisory_lock_shared($1, $2)', [namespace, key]);
      const { rows } = await announcer.query<{ key: number }>(
        `SELECT DISTINCT objid::text::int AS key FROM pg_locks
         WHERE locktype = 'advisory' AND objsubid = 2 AND granted AND classid = $1::int::oid
           AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        [namespace],
      );
      return rows.map((row) => row.key).filter((other) => other !== key);
    },
    close: async () => {
      await announcer?.end().catch(() => {});
      await pool.end();
    },
  };
}

/** Holds a pooled client until the stream closes; destroying the stream closes the cursor. */
async function streamRows(pool: pg.Pool, query: Query, batchSize: number): Promise<Readable> {
  const client = await pool.connect();
  // A query read whole, with a subquery per row (the export's), is costly enough for the JIT
  // compiler: 60 ms of compiling before the first row of a read that takes half a second.
  await client.query('SET jit = off');
  const stream = client.query(new QueryStream(query.sql, query.params, { batchSize }));
  // After an error the connection's state is unknown: the pool drops it instead of reusing it.
  stream.once('close', () => {
    if (stream.errored) return client.release(stream.errored);
    client.query('RESET jit').then(
      () => client.release(),
      (error: Error) => client.release(error),
    );
  });
  return stream;
}

/** True once the database answers a query. */
export async function isDatabaseReady(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * `make(db)`, made once per database (app and tests may open several): for statements built
 * once and prepared by name on the server, instead of rebuilt and re-planned per request.
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) made.set(db, (value = make(db)));
    return value;
  };
}

/**
 * A timestamp as ISO 8601 UTC text, to the millisecond or (for keyset cursors) the microsecond.
 * Timestamps leave the database as text where it matters: the two drivers parse them differently.
 */
export const isoUtc = (column: SQLWrapper, fraction: 'MS' | 'US' = 'MS') =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', ${sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.${fraction}"Z"'`)})`;

/** The SQLSTATE of a driver error, which Drizzle wraps as `cause`. */
function sqlState(error: unknown): unknown {
  if (!(error instanceof Error)) return undefined;
  if ('code' in error && typeof error.code === 'string') return error.code;
  return sqlState(error.cause);
}

/** True when PostgreSQL refused a write for a duplicate key. */
export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';

/** True when PostgreSQL refused a write for a row a foreign key names that is not there. */
export const isForeignKeyViolation = (error: unknown) => sqlState(error) === '23503';

/** True when the database knows the zone: its time zone data may differ from the runtime's. */
export async function isKnownTimeZone(db: Db, tz: string): Promise<boolean> {
  if (tz === 'UTC') return true;
  try {
    await db.execute(sql`SELECT now() AT TIME ZONE ${tz}`);
    return true;
  } catch (error) {
    // 22023 invalid_parameter_value: 'time zone "…" not recognized'
    if (sqlState(error) === '22023') return false;
    throw error;
  }
}
