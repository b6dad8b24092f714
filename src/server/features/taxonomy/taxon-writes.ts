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
  /** The regions of its range (bits of common/regions.ts); unknown (0) when not given. */
  regions?: number;
  scientificKey: string;
  names: Array<{ language: string; name: string; preferred: boolean; nameKey: string }>;
}

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

/**
 * A batch's taxa and names, counted together: a statement's JSON parameter and the embedded
 * store's time in one statement stay small (about a tenth of a second), and other requests run
 * between the batches of a load in the background.
 */
const BATCH_WEIGHT = 2500;

function* batchesOf(rows: TaxonInput[]): Generator<TaxonInput[]> {
  let batch: TaxonInput[] = [];
  let weight = 0;
  for (const row of rows) {
    batch.push(row);
    weight += 1 + row.names.length;
    if (weight >= BATCH_WEIGHT) {
      yield batch;
      [batch, weight] = [[], 0];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Lets the requests waiting on the event loop (and on the embedded store) go first. */
const otherTurns = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Writes the taxa and their names, replacing what the same ids held: loading a checklist twice
 * changes nothing. Rows are never deleted, so logs linked to a taxon a checklist dropped stay
 * linked. A taxon another source already holds (same scientific name, same kingdom) becomes a
 * synonym of it: one species stays one taxon whatever checklists an instance loads. With
 * `prevail` it is the other way round (eBird's taxa for birds, given whole): see prevailOver().
 * Returns how many taxa were written. Call settleSynonyms() once the load is done.
 */
export async function upsertTaxa(
  db: Db,
  rows: TaxonInput[],
  { prevail = false }: { prevail?: boolean } = {},
): Promise<number> {
  for (const batch of batchesOf(rows)) {
    await db.transaction(async (tx) => {
      await upsertTaxonRows(tx, batch);
      if (!prevail) await mergeIntoEarlierSources(tx, batch);
      await upsertNames(tx, batch);
    });
    await otherTurns();
  }
  if (prevail) await prevailOver(db, rows);
  return rows.length;
}

const keyOf = (row: TaxonInput) => `${row.scientificKey}|${(row.kingdom ?? '').toLowerCase()}`;

/**
 * Makes the load's taxa the accepted taxa of their names (issue 33: eBird's list over the
 * GBIF-based seed, one bird one taxon): every other accepted taxon of the same scientific name
 * and kingdom becomes their synonym (the seed files a few birds under Reptilia), and so does one
 * of the same class whose name is a former name the load gives (Picoides pubescens, Chen
 * caerulescens) when it leads to one taxon only. Logs linked to those follow
 * (linkLogsToBackbone); their names still find the taxon they now point at.
 */
async function prevailOver(db: Db, rows: TaxonInput[]) {
  const current = new Map(rows.filter((row) => !row.acceptedId).map((row) => [keyOf(row), row]));
  const targets = new Map<string, { row: TaxonInput; target: string | null }>();
  for (const row of current.values()) targets.set(keyOf(row), { row, target: row.id });
  for (const row of rows) {
    if (!row.acceptedId || current.has(keyOf(row))) continue;
    const known = targets.get(keyOf(row));
    // a former name of two of the load's taxa names neither
    if (known && known.target !== row.acceptedId) known.target = null;
    else targets.set(keyOf(row), { row, target: row.acceptedId });
  }
  const named = [...targets.values()].flatMap(({ row, target }) =>
    target
      ? [
          {
            key: row.scientificKey,
            kingdom: row.kingdom,
            class: row.class,
            target,
            former: row.acceptedId !== null,
          },
        ]
      : [],
  );
  for (let start = 0; start < named.length; start += 1000) {
    const chunk = JSON.stringify(named.slice(start, start + 1000));
    await db.execute(sql`
      UPDATE ${taxa} o SET accepted_id = r.target
      FROM json_to_recordset(${chunk}::json)
        AS r(key text, kingdom text, class text, target text, former boolean)
      WHERE o.scientific_key = r.key AND o.accepted_id IS NULL AND o.id <> r.target
        AND lower(coalesce(o.kingdom, '')) = lower(coalesce(r.kingdom, ''))
        AND (NOT r.former OR lower(coalesce(o.class, '')) = lower(coalesce(r.class, '')))`);
    await otherTurns();
  }
}

/**
 * Another source's accepted animal species that still stand beside the load's (issue 33: the
 * seed's Dendrocopos pubescens, Tockus nasutus under a genus of long ago) join the one species of
 * `source` whose English name, current or former, is theirs; a name two of its species bear
 * merges nothing. Only taxa of the load's classes or families: a fish is never a bird.
 */
export async function mergeByEnglishName(db: Db, source: string): Promise<void> {
  await db.execute(sql`
    WITH named AS (
      SELECT n.name_key, min(t.id) AS target
      FROM ${taxonNames} n JOIN ${taxa} t ON t.id = n.taxon_id
      WHERE t.source = ${source} AND t.rank = 'species' AND t.accepted_id IS NULL
        AND n.language = 'en'
      GROUP BY n.name_key HAVING count(DISTINCT t.id) = 1
    ), groups AS (
      SELECT DISTINCT lower(class) AS class, family FROM ${taxa} WHERE source = ${source}
    ), matched AS (
      SELECT o.id, min(named.target) AS target
      FROM ${taxa} o JOIN ${taxonNames} n ON n.taxon_id = o.id AND n.language = 'en'
        JOIN named ON named.name_key = n.name_key
      WHERE o.source <> ${source} AND o.accepted_id IS NULL AND o.rank = 'species'
        AND lower(o.kingdom) = 'animalia'
        AND (lower(o.class) IN (SELECT class FROM groups)
          OR o.family IN (SELECT family FROM groups))
      GROUP BY o.id HAVING count(DISTINCT named.target) = 1
    )
    UPDATE ${taxa} SET accepted_id = m.target FROM matched m WHERE ${taxa.id} = m.id`);
}

/**
 * A synonym of a synonym points at the taxon at the end of the chain (a GBIF synonym of a seed
 * taxon that became eBird's synonym), so that one step leads a log or a search to its taxon.
 * Run once a load is done: it reads the whole table.
 */
export async function settleSynonyms(db: Db): Promise<void> {
  // a loop of synonyms would never settle: ten steps are more than any checklist nests
  for (let step = 0; step < 10; step += 1) {
    const result = await db.execute(sql`
      WITH moved AS (
        UPDATE ${taxa} s SET accepted_id = a.accepted_id
        FROM ${taxa} a
        WHERE s.accepted_id = a.id AND a.accepted_id IS NOT NULL AND a.accepted_id <> s.id
        RETURNING 1)
      SELECT count(*)::int AS n FROM moved`);
    if ((rowsOf(result)[0] as { n: number }).n === 0) return;
  }
}

/**
 * Points each of the batch's accepted taxa at the accepted taxon of another source with the
 * same scientific name and kingdom, when there is one (the eBird taxonomy loaded over the
 * GBIF-based seed: ebird:barowl becomes a synonym of gbif:2497921). Their names stay theirs, so
 * a search finds "Barn Owl" in either spelling, and both lead to the one taxon.
 */
async function mergeIntoEarlierSources(db: Db, rows: TaxonInput[]) {
  const ids = JSON.stringify(rows.filter((row) => row.acceptedId === null).map((row) => row.id));
  // a join, not a subquery a row: the planner may hash it, whatever the (embedded store's
  // never analysed) statistics say
  await db.execute(sql`
    UPDATE ${taxa} n SET accepted_id = m.target
    FROM (
      SELECT DISTINCT ON (b.id) b.id, e.id AS target
      FROM ${taxa} b JOIN ${taxa} e ON e.scientific_key = b.scientific_key
        AND e.source <> b.source AND e.accepted_id IS NULL
        AND lower(coalesce(e.kingdom, '')) = lower(coalesce(b.kingdom, ''))
      WHERE b.id IN (SELECT json_array_elements_text(${ids}::json)) AND b.accepted_id IS NULL
      ORDER BY b.id, e.id
    ) m
    WHERE n.id = m.id`);
}

async function upsertTaxonRows(db: Db, rows: TaxonInput[]) {
  const json = JSON.stringify(rows.map(({ names: _names, ...taxon }) => taxon));
  await db.execute(sql`
    INSERT INTO ${taxa} (id, scientific_name, rank, kingdom, phylum, class, "order", family, genus,
      source, source_id, accepted_id, report_as, scientific_key, regions)
    SELECT id, "scientificName", rank, kingdom, phylum, class, "order", family, genus, source,
      "sourceId", "acceptedId", "reportAs", "scientificKey", coalesce(regions, 0)
    FROM json_to_recordset(${json}::json) AS r(id text, "scientificName" text, rank text,
      kingdom text, phylum text, class text, "order" text, family text, genus text, source text,
      "sourceId" text, "acceptedId" text, "reportAs" text, "scientificKey" text, regions int)
    ON CONFLICT (id) DO UPDATE SET scientific_name = excluded.scientific_name,
      rank = excluded.rank, kingdom = excluded.kingdom, phylum = excluded.phylum,
      class = excluded.class, "order" = excluded."order", family = excluded.family,
      genus = excluded.genus, source = excluded.source, source_id = excluded.source_id,
      accepted_id = excluded.accepted_id, report_as = excluded.report_as,
      scientific_key = excluded.scientific_key, regions = excluded.regions`);
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
  // the languages a taxon has names in: how well known it is, for the pickers' ranking
  const ids = JSON.stringify([...new Set(names.map((name) => name.taxonId))]);
  await db.execute(sql`
    UPDATE ${taxa} t SET notability = least(32767, (
      SELECT count(DISTINCT n.language) FROM ${taxonNames} n WHERE n.taxon_id = t.id))
    WHERE t.id IN (SELECT json_array_elements_text(${ids}::json))`);
  return rowsOf(result).length;
}
