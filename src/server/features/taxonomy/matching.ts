import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { nameKey } from '../../../common/taxonomy.js';
import type { Db } from '../../db/client.js';
import { taxa, taxonNames } from '../../db/schema.js';

// Which taxon a log is about, when its writer chose none: the names it was given, matched
// against the backbone case- and accent-insensitively (issue 20). A match links only when it
// names exactly one taxon; otherwise the log stays free text.

/** The names of a log, as it was written. */
export interface LoggedNames {
  scientific: string | null;
  common: string;
}

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

const matchRowSchema = z.object({ i: z.number(), taxonId: z.string().nullable() });

/** The taxon a log of the taxon "t" links to: the one that replaced it when the backbone holds it. */
const linkTarget = sql`coalesce((SELECT a.id FROM ${taxa} a WHERE a.id = t.accepted_id), t.id)`;

/** The genus of "Milvus sp." or "Milvus spp.", as its name key; undefined for other names. */
function genusOfSp(name: string | null): string | undefined {
  return /^\s*([a-z]+)\s+spp?\.?\s*$/i.exec(name ?? '')?.[1]?.toLowerCase();
}

/**
 * The taxon of each entry, in order, or null: the scientific name when it names exactly one
 * taxon, else the common name when it is a name of exactly one taxon (in any language), else the
 * common name read as a scientific name ("Tyto alba" typed as the common name), else the genus
 * of a "Milvus sp." that the backbone holds no spuh of (issue 33). A synonym links to the taxon
 * that replaced it.
 */
export async function matchTaxa(db: Db, entries: LoggedNames[]): Promise<Array<string | null>> {
  if (entries.length === 0) return [];
  const given = JSON.stringify(
    entries.map(({ scientific, common }, i) => ({
      i,
      sci: scientific ? nameKey(scientific) || null : null,
      common: nameKey(common) || null,
      genus: genusOfSp(scientific) ?? genusOfSp(common) ?? null,
    })),
  );
  const unique = (matches: string) =>
    sql.raw(`(SELECT CASE WHEN count(DISTINCT taxon_id) = 1
    THEN min(taxon_id) END FROM ${matches} m WHERE m.i = g.i)`);
  const result = await db.execute(sql`
    WITH given AS (
      SELECT * FROM json_to_recordset(${given}::json) AS g(i int, sci text, common text, genus text)
    ), by_sci AS (
      SELECT g.i, ${linkTarget} AS taxon_id FROM given g JOIN ${taxa} t ON t.scientific_key = g.sci
    ), by_common AS (
      SELECT g.i, ${linkTarget} AS taxon_id FROM given g
      JOIN ${taxonNames} n ON n.name_key = g.common JOIN ${taxa} t ON t.id = n.taxon_id
    ), by_common_sci AS (
      SELECT g.i, ${linkTarget} AS taxon_id FROM given g
      JOIN ${taxa} t ON t.scientific_key = g.common
    ), by_genus AS (
      SELECT g.i, ${linkTarget} AS taxon_id FROM given g
      JOIN ${taxa} t ON t.scientific_key = g.genus AND t.rank = 'genus'
    )
    SELECT g.i, coalesce(${unique('by_sci')}, ${unique('by_common')}, ${unique('by_common_sci')},
      ${unique('by_genus')}) AS "taxonId"
    FROM given g ORDER BY g.i`);
  const byIndex = new Map(
    z
      .array(matchRowSchema)
      .parse(rowsOf(result))
      .map(({ i, taxonId }) => [i, taxonId]),
  );
  return entries.map((_, i) => byIndex.get(i) ?? null);
}

/** Of the given ids, those the backbone holds, each with the taxon a log of it links to. */
export async function knownTaxonIds(db: Db, ids: string[]): Promise<Map<string, string>> {
  const distinct = [...new Set(ids)];
  if (distinct.length === 0) return new Map();
  const result = await db.execute(sql`
    SELECT t.id, ${linkTarget} AS "linkTo" FROM ${taxa} t
    WHERE t.id IN (SELECT json_array_elements_text(${JSON.stringify(distinct)}::json))`);
  const rows = rowsOf(result) as Array<{ id: string; linkTo: string }>;
  return new Map(rows.map(({ id, linkTo }) => [id, linkTo]));
}

/**
 * The taxon of each log to write: the one it names (`taxonId`) when the backbone holds it (or
 * the taxon that replaced it), else the one its names match. `unknown` lists the entries naming
 * a taxon the backbone lacks: an error when a person chose it, a guess to fall back from for an
 * import (iNaturalist's ids).
 */
export async function resolveTaxa(
  db: Db,
  entries: Array<LoggedNames & { taxonId: string | null }>,
): Promise<{ taxonIds: Array<string | null>; unknown: number[] }> {
  const known = await knownTaxonIds(
    db,
    entries.flatMap(({ taxonId }) => (taxonId ? [taxonId] : [])),
  );
  const chosen = entries.map(({ taxonId }) => (taxonId ? known.get(taxonId) : undefined));
  const unknown = entries.flatMap(({ taxonId }, i) => (taxonId && !chosen[i] ? [i] : []));
  const toMatch = entries.flatMap((_, i) => (chosen[i] ? [] : [i]));
  const matched = await matchTaxa(
    db,
    toMatch.map((i) => entries[i]!),
  );
  const taxonIds = chosen.map((id) => id ?? null);
  toMatch.forEach((entryIndex, i) => (taxonIds[entryIndex] = matched[i] ?? null));
  return { taxonIds, unknown };
}
