import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { taxonSchema, WORD_SEPARATORS, type Taxon } from '../../../common/taxonomy.js';
import type { Db } from '../../db/client.js';
import { taxa, taxonNames, taxonSources } from '../../db/schema.js';

// SQL of the species backbone: the search behind the pickers, the name a taxon shows, and which
// version of each source is loaded. Writes are in taxon-writes.ts.

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

/** The LIKE pattern matching `text` literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Taxa whose scientific name or a name in `language` (or English) holds the search key, best
 * first: the whole name, then its start, a word's start, anywhere; then shorter names. Keys of
 * three characters or more are found through the trigram indexes; shorter ones only as starts
 * of scientific names and as starts of other names' words. The tiers are matchTier()'s (a word
 * starts after one of WORD_SEPARATORS), and ties fall in C collation, so that the web app's
 * offline pack (common/taxa-pack.ts) ranks the same on either store.
 */
export async function searchTaxa(
  db: Db,
  key: string,
  limit: number,
  language: string,
): Promise<Taxon[]> {
  const literal = escapeLike(key);
  const contains = key.length >= 3 ? `%${literal}%` : `${literal}%`;
  const wordStarts = (column: ReturnType<typeof sql.identifier>) =>
    sql.join(
      WORD_SEPARATORS.map((separator) => sql`${column} LIKE ${`%${separator}${literal}%`}`),
      sql` OR `,
    );
  const tier = (column: ReturnType<typeof sql.identifier>) => sql`CASE
    WHEN ${column} = ${key} THEN 0
    WHEN ${column} LIKE ${`${literal}%`} THEN 1
    WHEN ${wordStarts(column)} THEN 2
    ELSE 3 END`;
  const sci = sql.identifier('scientific_key');
  const name = sql.identifier('name_key');
  const shortWordStarts = key.length >= 3 ? sql`false` : wordStarts(name);
  const result = await db.execute(sql`
    WITH hits AS (
      SELECT id AS taxon_id, ${tier(sci)} AS tier, length(scientific_key) AS len
      FROM ${taxa} WHERE scientific_key LIKE ${contains}
      UNION ALL
      SELECT taxon_id, ${tier(name)}, length(name_key)
      FROM ${taxonNames}
      WHERE language IN (${language}, 'en') AND (name_key LIKE ${contains} OR ${shortWordStarts})
    ), best AS (
      SELECT taxon_id, min(tier) AS tier, min(len) AS len FROM hits
      GROUP BY taxon_id ORDER BY 2, 3, taxon_id COLLATE "C" LIMIT ${limit}
    )
    SELECT t.id, t.scientific_name AS "scientificName", ${shownName(sql`t.id`, language)} AS "commonName",
      t.rank, t.kingdom
    FROM best JOIN ${taxa} t ON t.id = best.taxon_id
    ORDER BY best.tier, best.len, t.scientific_name COLLATE "C", t.id COLLATE "C"`);
  return z.array(taxonSchema).parse(rowsOf(result));
}

/**
 * The name of a taxon to show (`taxonId`: its id in the enclosing query): preferred in the
 * language, else in English; null without one. The search, the lists and the pack show the same.
 */
export const shownName = (taxonId: SQL, language: string) => sql<string | null>`(
  SELECT n.name FROM ${taxonNames} n
  WHERE n.taxon_id = ${taxonId} AND n.language IN (${language}, 'en')
  ORDER BY n.language = ${language} DESC, n.preferred DESC, n.name COLLATE "C" LIMIT 1)`;

/** The version of a source loaded last, if any. */
export async function loadedVersion(db: Db, source: string): Promise<string | undefined> {
  const result = await db.execute(
    sql`SELECT version FROM ${taxonSources} WHERE source = ${source}`,
  );
  const [row] = rowsOf(result) as Array<{ version: string }>;
  return row?.version;
}

export async function recordSource(db: Db, source: string, version: string, count: number) {
  await db.execute(sql`
    INSERT INTO ${taxonSources} (source, version, taxa) VALUES (${source}, ${version}, ${count})
    ON CONFLICT (source) DO UPDATE SET version = excluded.version, taxa = excluded.taxa,
      loaded_at = now()`);
}
