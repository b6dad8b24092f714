import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';

// The backbone a new instance starts with, as the seed writes it (backbone.ts): its rows,
// made once by scripts/build-backbone.mjs and shipped in datasets/backbone. A first start
// writes them as they are instead of decoding the sources and merging them again (issue 38,
// P14: 64 s of seeding against 13 s of COPY). Used only when it is current: the store holds no
// taxon, the sources' versions are the ones this code would load, and the tables' columns are
// the snapshot's. Otherwise the seed runs as before.

export const SNAPSHOT_FILE = new URL(
  '../../../../datasets/backbone/backbone.json.br',
  import.meta.url,
);
/** The tables of the backbone, in the order they are written (names point at taxa). */
const TABLES = ['taxa', 'taxon_names'] as const;
/** Rows a statement: a chunk is about a tenth of a second, and requests run between them. */
const CHUNK_ROWS = 4000;

const snapshotSchema = z.object({
  /** taxon_sources' rows: what the snapshot holds, and of which version. */
  sources: z.array(z.object({ source: z.string(), version: z.string(), taxa: z.int() })),
  /** Each table's columns, in order, and its rows in chunks: JSON arrays of row objects. */
  tables: z.object({
    taxa: z.object({ columns: z.array(z.string()), chunks: z.array(z.string()) }),
    taxon_names: z.object({ columns: z.array(z.string()), chunks: z.array(z.string()) }),
  }),
});
export type BackboneSnapshot = z.infer<typeof snapshotSchema>;

export function readSnapshot(file: URL | string = SNAPSHOT_FILE): BackboneSnapshot | undefined {
  if (!existsSync(file)) return undefined;
  return snapshotSchema.parse(JSON.parse(brotliDecompressSync(readFileSync(file)).toString()));
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The table's columns as the store has them, in order (generated ones left out). */
async function columnsOf(db: Db, table: string): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
      SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ${table} AND is_generated = 'NEVER'
      ORDER BY ordinal_position`),
  );
  return rows.map((row) => row.name);
}

/**
 * Why the snapshot cannot be written into this store, or undefined when it can: `versions` are
 * the sources' versions the seed would load now.
 */
export async function snapshotMismatch(
  db: Db,
  snapshot: BackboneSnapshot,
  versions: Record<string, string>,
): Promise<string | undefined> {
  for (const [source, version] of Object.entries(versions)) {
    const held = snapshot.sources.find((row) => row.source === source)?.version;
    if (held !== version) return `${source} is ${held ?? 'missing'} in it, not ${version}`;
  }
  for (const table of TABLES) {
    const columns = (await columnsOf(db, table)).join(', ');
    if (columns !== snapshot.tables[table].columns.join(', ')) return `${table} has other columns`;
  }
  return (await holdsTaxa(db)) ? 'the store holds taxa already' : undefined;
}

/** Whether the store holds any taxon: only a store that holds none takes the snapshot. */
export async function holdsTaxa(db: Db): Promise<boolean> {
  const [held] = rowsOf<{ any: boolean }>(
    await db.execute(sql`SELECT EXISTS (SELECT 1 FROM taxa) AS any`),
  );
  return held?.any ?? false;
}

/** Lets the requests waiting on the event loop (and on the embedded store) go first. */
const otherTurns = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Writes the snapshot's rows, chunk by chunk, then its sources. A start stopped midway leaves
 * taxa without their sources recorded: the next start's seed writes them over (its writes are
 * upserts) and records them.
 */
export async function writeSnapshot(db: Db, snapshot: BackboneSnapshot): Promise<number> {
  for (const table of TABLES) {
    const { columns, chunks } = snapshot.tables[table];
    const list = sql.raw(columns.map((column) => `"${column}"`).join(', '));
    for (const chunk of chunks) {
      await db.execute(sql`
        INSERT INTO ${sql.identifier(table)} (${list})
        SELECT ${list} FROM json_populate_recordset(NULL::${sql.identifier(table)}, ${chunk}::json)`);
      await otherTurns();
    }
  }
  for (const { source, version, taxa } of snapshot.sources) {
    await db.execute(sql`
      INSERT INTO taxon_sources (source, version, taxa) VALUES (${source}, ${version}, ${taxa})
      ON CONFLICT (source) DO UPDATE SET version = excluded.version, taxa = excluded.taxa,
        loaded_at = now()`);
  }
  return snapshot.sources.reduce((sum, row) => sum + row.taxa, 0);
}

/** The store's backbone as a snapshot file (scripts/build-backbone.mjs); its size in bytes. */
export async function saveSnapshot(db: Db, file: URL | string): Promise<number> {
  const tables = {} as BackboneSnapshot['tables'];
  for (const table of TABLES) {
    const columns = await columnsOf(db, table);
    const order = table === 'taxa' ? sql`id` : sql`taxon_id, language, name_key`;
    const rows = rowsOf<{ row: string }>(
      await db.execute(
        sql`SELECT row_to_json(t)::text AS row FROM ${sql.identifier(table)} t ORDER BY ${order}`,
      ),
    );
    const chunks: string[] = [];
    for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
      chunks.push(
        `[${rows
          .slice(start, start + CHUNK_ROWS)
          .map((row) => row.row)
          .join(',')}]`,
      );
    }
    tables[table] = { columns, chunks };
  }
  const sources = rowsOf<BackboneSnapshot['sources'][number]>(
    await db.execute(sql`SELECT source, version, taxa FROM taxon_sources ORDER BY source`),
  );
  const bytes = brotliCompressSync(JSON.stringify({ sources, tables }), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24 },
  });
  writeFileSync(file, bytes);
  return bytes.length;
}
