import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { taxonGroup } from '../../../common/taxon-groups.js';
import { taxonHitSchema, WORD_SEPARATORS, type TaxonHit } from '../../../common/taxonomy.js';
import type { Db } from '../../db/client.js';
import { taxa, taxonNames, taxonSources } from '../../db/schema.js';

// SQL of the species backbone: the search behind the pickers, the name a taxon shows, and which
// version of each source is loaded. Writes are in taxon-writes.ts.

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

/** The LIKE pattern matching `text` literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Taxa whose scientific name or a name in `language` (or English) holds the search key, best
 * first (rankOrder): the whole name; then, when the place's region is known (common/regions.ts),
 * taxa living there, then those of unknown range, then the others; a name's start or a word's
 * start before a match inside a word; the best known (names in more languages) first; then the
 * tier (start, word start, anywhere), the shorter name. A synonym's names and scientific name are
 * its accepted taxon's other names: they find that taxon, never the synonym ("Picoides
 * pubescens" finds Dryobates pubescens). Keys of three characters or more are found through the
 * trigram indexes; shorter ones only as starts of scientific names and as starts of other names'
 * words. The tiers are matchTier()'s (a word starts after one of WORD_SEPARATORS), and ties fall
 * in C collation, so that the web app's offline pack (common/taxa-pack.ts) ranks the same on
 * either store. With `likely` (the species units likely at the place and season:
 * occurrences' likelyUnitsAt), taxa of those units come right after the whole name, marked
 * `likely: true`.
 */
export async function searchTaxa(
  db: Db,
  key: string,
  limit: number,
  language: string,
  region = 0,
  likely?: string[],
): Promise<TaxonHit[]> {
  const literal = escapeLike(key);
  const contains = key.length >= 3 ? `%${literal}%` : `${literal}%`;
  const wordStarts = (column: SQL) =>
    sql.join(
      WORD_SEPARATORS.map((separator) => sql`${column} LIKE ${`%${separator}${literal}%`}`),
      sql` OR `,
    );
  const tier = (column: SQL) => sql`CASE
    WHEN ${column} = ${key} THEN 0
    WHEN ${column} LIKE ${`${literal}%`} THEN 1
    WHEN ${wordStarts(column)} THEN 2
    ELSE 3 END`;
  const sci = sql`t.scientific_key`;
  const name = sql`n.name_key`;
  const shortWordStarts = (column: SQL) => (key.length >= 3 ? sql`false` : wordStarts(column));
  // the order of common/taxa-pack.ts's rankOrder()
  const place = sql`CASE WHEN ${region} = 0 THEN 0 WHEN t.regions & ${region} <> 0 THEN 0
    WHEN t.regions = 0 THEN 1 ELSE 2 END`;
  // a unit as the pack computes it (unitOfScientificName), from one JSON parameter
  const isLikely =
    likely && likely.length > 0
      ? sql`coalesce('sci:' || species_binomial(t.scientific_name) IN (
          SELECT jsonb_array_elements_text(${JSON.stringify(likely)}::jsonb)), false)`
      : sql`false`;
  const order = sql`best.tier > 0, NOT ${isLikely}, ${place}, best.tier = 3, t.notability DESC,
    best.tier, best.len`;
  const result = await db.execute(sql`
    WITH hits AS (
      SELECT t.id AS taxon_id, ${tier(sci)} AS tier, length(t.scientific_key) AS len
      FROM ${taxa} t
      WHERE t.scientific_key LIKE ${contains}
        AND NOT EXISTS (SELECT 1 FROM ${taxa} a WHERE a.id = t.accepted_id)
      UNION ALL
      SELECT a.id, ${tier(sci)}, length(t.scientific_key)
      FROM ${taxa} t JOIN ${taxa} a ON a.id = t.accepted_id
      WHERE t.scientific_key LIKE ${contains} OR ${shortWordStarts(sci)}
      UNION ALL
      SELECT coalesce(a.id, t.id), ${tier(name)}, length(n.name_key)
      FROM ${taxonNames} n JOIN ${taxa} t ON t.id = n.taxon_id
        LEFT JOIN ${taxa} a ON a.id = t.accepted_id
      WHERE n.language IN (${language}, 'en')
        AND (n.name_key LIKE ${contains} OR ${shortWordStarts(name)})
    ), best AS (
      SELECT taxon_id, min(tier) AS tier, min(len) AS len FROM hits GROUP BY taxon_id
    ), kept AS (
      SELECT best.* FROM best JOIN ${taxa} t ON t.id = best.taxon_id
      ORDER BY ${order}, t.id COLLATE "C" LIMIT ${limit}
    )
    SELECT t.id, t.scientific_name AS "scientificName", ${shownName(sql`t.id`, language)} AS "commonName",
      t.rank, t.kingdom, t.phylum, t.class, ${isLikely} AS likely
    FROM kept best JOIN ${taxa} t ON t.id = best.taxon_id
    ORDER BY ${order}, t.scientific_name COLLATE "C", t.id COLLATE "C"`);
  const rows = rowsOf(result) as Array<
    TaxonHit & { phylum: string | null; class: string | null; likely: boolean }
  >;
  return z.array(taxonHitSchema).parse(
    rows.map(({ likely: seen, ...row }) => ({
      ...row,
      group: taxonGroup(row),
      ...(seen ? { likely: true } : {}),
    })),
  );
}

/**
 * The name of a taxon to show (`taxonId`: its id in the enclosing query, whose aliases the ones
 * here must not hide): in the language, else in English; its own before its synonyms' (the
 * seed's "Rock dove" is Rock Pigeon's now), the preferred first; null without one. The search,
 * the lists and the pack show the same.
 */
export const shownName = (taxonId: SQL, language: string) => sql<string | null>`(
  SELECT shown.name FROM ${taxonNames} shown
  WHERE shown.taxon_id IN (SELECT synonym.id FROM ${taxa} synonym
      WHERE synonym.id = ${taxonId} OR synonym.accepted_id = ${taxonId})
    AND shown.language IN (${language}, 'en')
  ORDER BY shown.language = ${language} DESC, shown.taxon_id = ${taxonId} DESC,
    shown.preferred DESC, shown.name COLLATE "C"
  LIMIT 1)`;

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
