import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { taxa, taxonNames } from '../../db/schema.js';

// The writes of the species backbone: the bulk upsert of checklists and seeds, and the merges
// that keep one taxon per species whatever sources an instance loads.

/** A taxon as a checklist gives it, with its names. */
export interface TaxonInput {
  id: string;
  scientificName: string;
  rank: string;
  kingdom: string | null;
  phylum: string | null;
  class: string | null;
  order: string | null;
  family: string | null;
  genus: string | null;
  source: string;
  sourceId: string;
  acceptedId: string | null;
  /** eBird's REPORT_AS: the id of the species this taxon counts as. */
  reportAs?: string | null;
  scientificKey: string;
  names: Array<{ language: string; name: string; preferred: boolean; nameKey: string }>;
}

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

// A statement carries one JSON parameter of this many taxa: PostgreSQL reads it in one go.
const UPSERT_BATCH = 5000;

/**
 * Writes the taxa and their names, replacing what the same ids held: loading a checklist twice
 * changes nothing. Rows are never deleted, so logs linked to a taxon a checklist dropped stay
 * linked. A taxon another source already holds (same scientific name, same kingdom) becomes a
 * synonym of it: one species stays one taxon whatever checklists an instance loads. Returns how
 * many taxa were written.
 */
export async function upsertTaxa(db: Db, rows: TaxonInput[]): Promise<number> {
  for (let start = 0; start < rows.length; start += UPSERT_BATCH) {
    const batch = rows.slice(start, start + UPSERT_BATCH);
    await db.transaction(async (tx) => {
      await upsertTaxonRows(tx, batch);
      await mergeIntoEarlierSources(tx, batch);
      await upsertNames(tx, batch);
    });
  }
  return rows.length;
}

/**
 * Points each of the batch's accepted taxa at the accepted taxon of another source with the
 * same scientific name and kingdom, when there is one (the eBird taxonomy loaded over the
 * GBIF-based seed: ebird:barowl becomes a synonym of gbif:2497921). Their names stay theirs, so
 * a search finds "Barn Owl" in either spelling, and both lead to the one taxon.
 */
async function mergeIntoEarlierSources(db: Db, rows: TaxonInput[]) {
  const ids = JSON.stringify(rows.filter((row) => row.acceptedId === null).map((row) => row.id));
  await db.execute(sql`
    UPDATE ${taxa} n SET accepted_id = (
      SELECT e.id FROM ${taxa} e
      WHERE e.scientific_key = n.scientific_key AND e.source <> n.source
        AND e.accepted_id IS NULL AND lower(coalesce(e.kingdom, '')) = lower(coalesce(n.kingdom, ''))
      ORDER BY e.id LIMIT 1)
    WHERE n.id IN (SELECT json_array_elements_text(${ids}::json)) AND n.accepted_id IS NULL
      AND EXISTS (SELECT 1 FROM ${taxa} e
        WHERE e.scientific_key = n.scientific_key AND e.source <> n.source
          AND e.accepted_id IS NULL
          AND lower(coalesce(e.kingdom, '')) = lower(coalesce(n.kingdom, '')))`);
}

async function upsertTaxonRows(db: Db, rows: TaxonInput[]) {
  const json = JSON.stringify(rows.map(({ names: _names, ...taxon }) => taxon));
  await db.execute(sql`
    INSERT INTO ${taxa} (id, scientific_name, rank, kingdom, phylum, class, "order", family, genus,
      source, source_id, accepted_id, report_as, scientific_key)
    SELECT id, "scientificName", rank, kingdom, phylum, class, "order", family, genus, source,
      "sourceId", "acceptedId", "reportAs", "scientificKey"
    FROM json_to_recordset(${json}::json) AS r(id text, "scientificName" text, rank text,
      kingdom text, phylum text, class text, "order" text, family text, genus text, source text,
      "sourceId" text, "acceptedId" text, "reportAs" text, "scientificKey" text)
    ON CONFLICT (id) DO UPDATE SET scientific_name = excluded.scientific_name,
      rank = excluded.rank, kingdom = excluded.kingdom, phylum = excluded.phylum,
      class = excluded.class, "order" = excluded."order", family = excluded.family,
      genus = excluded.genus, source = excluded.source, source_id = excluded.source_id,
      accepted_id = excluded.accepted_id, report_as = excluded.report_as,
      scientific_key = excluded.scientific_key`);
}

/** The taxa's names become the given ones, language by language (other languages stay). */
const upsertNames = (db: Db, rows: TaxonInput[]) =>
  replaceNames(
    db,
    rows.flatMap((taxon) => taxon.names.map((name) => ({ taxonId: taxon.id, ...name }))),
    new Set(),
  );

export interface NameInput {
  taxonId: string;
  language: string;
  name: string;
  preferred: boolean;
  nameKey: string;
}

/**
 * Writes names of taxa the backbone holds (others are skipped). A taxon's names in a language
 * are replaced the first time `replaced` meets that pair; later batches of the same load add to
 * them. Returns how many names were written.
 */
export async function replaceNames(
  db: Db,
  names: NameInput[],
  replaced: Set<string>,
): Promise<number> {
  if (names.length === 0) return 0;
  const fresh = new Map<string, { taxonId: string; language: string }>();
  for (const { taxonId, language } of names) {
    const pair = `${taxonId}|${language}`;
    if (!replaced.has(pair)) fresh.set(pair, { taxonId, language });
  }
  for (const pair of fresh.keys()) replaced.add(pair);
  const given = (json: string) => sql`json_to_recordset(${json}::json) AS r("taxonId" text,
    language text, name text, preferred boolean, "nameKey" text)`;
  if (fresh.size > 0) {
    await db.execute(sql`
      DELETE FROM ${taxonNames} n USING ${given(JSON.stringify([...fresh.values()]))}
      WHERE n.taxon_id = r."taxonId" AND n.language = r.language`);
  }
  const result = await db.execute(sql`
    INSERT INTO ${taxonNames} (taxon_id, language, name, preferred, name_key)
    SELECT DISTINCT ON ("taxonId", language, "nameKey") "taxonId", language, name, preferred,
      "nameKey"
    FROM ${given(JSON.stringify(names))}
    WHERE EXISTS (SELECT 1 FROM ${taxa} t WHERE t.id = r."taxonId")
    ORDER BY "taxonId", language, "nameKey", preferred DESC
    ON CONFLICT (taxon_id, language, name_key) DO UPDATE SET name = excluded.name,
      preferred = excluded.preferred OR ${taxonNames.preferred}
    RETURNING 1`);
  return rowsOf(result).length;
}
