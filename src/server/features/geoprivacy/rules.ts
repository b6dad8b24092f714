import { createHash } from 'node:crypto';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { nameKey } from '../../../common/name-key.js';
import type { sensitiveTaxonUpdateSchema } from '../../../common/sensitive-taxa.js';
import {
  areaPolygons,
  type SensitiveLevel,
  type SensitiveTaxon,
  type SensitiveTaxonWrite,
  sensitiveTaxonWriteSchema,
} from '../../../common/sensitive-taxa.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { sensitiveTaxa, taxa, type SensitiveTaxonRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { resolveTaxa, shownName } from '../taxonomy/index.js';

// The admin's sensitive taxa (issue 35): rules kept in the database, which applies them to every
// log it reads (migration 0020). A rule is its name and area: adding the same again changes it.

const LEVELS: Record<SensitiveLevel, number> = { obscured: 1, private: 2 };
const levelName = (level: number): SensitiveLevel => (level >= 2 ? 'private' : 'obscured');

type RuleWrite = z.output<typeof sensitiveTaxonWriteSchema>;
const notFound = () => new HttpError(404, 'Rule not found');

/** The rule as the API writes it, with its backbone taxon. */
async function toRules(db: Db, rows: SensitiveTaxonRow[]): Promise<SensitiveTaxon[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.taxonId ? [row.taxonId] : [])))];
  const found = ids.length
    ? await db
        .select({
          id: taxa.id,
          scientificName: taxa.scientificName,
          rank: taxa.rank,
          commonName: shownName(sql`${taxa.id}`, 'en'),
        })
        .from(taxa)
        .where(inArray(taxa.id, ids))
    : [];
  const byId = new Map(found.map((taxon) => [taxon.id, taxon]));
  return rows.map((row) => ({
    id: row.id,
    scientificName: row.scientificName,
    taxon: (row.taxonId && byId.get(row.taxonId)) || null,
    level: levelName(row.level),
    area:
      row.area && row.south !== null
        ? {
            name: row.areaName,
            south: row.south,
            west: row.west!,
            north: row.north!,
            east: row.east!,
          }
        : null,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function listRules(db: Db): Promise<SensitiveTaxon[]> {
  const rows = await db
    .select()
    .from(sensitiveTaxa)
    .orderBy(asc(sensitiveTaxa.scientificName), asc(sensitiveTaxa.areaName), asc(sensitiveTaxa.id));
  return toRules(db, rows);
}

/** The bounds of the polygons, which the database tests before the polygon itself. */
function bounds(polygons: number[][][][]) {
  const points = polygons.flatMap((rings) => rings[0] ?? []);
  const lats = points.map(([, lat]) => lat!);
  const lons = points.map(([lon]) => lon!);
  return {
    south: Math.min(...lats),
    north: Math.max(...lats),
    west: Math.min(...lons),
    east: Math.max(...lons),
  };
}

/** The columns of a rule: its taxon when the backbone knows the name or id, its area. */
async function ruleValues(db: Db, rule: RuleWrite) {
  const given = rule.scientificName ?? '';
  const {
    taxonIds: [taxonId],
    unknown,
  } = await resolveTaxa(db, [
    { scientific: given || null, common: given, taxonId: rule.taxonId ?? null },
  ]);
  if (unknown.length > 0 && !given) throw new HttpError(400, 'Unknown taxon');
  const [taxon] = taxonId
    ? await db
        .select({ scientificName: taxa.scientificName })
        .from(taxa)
        .where(eq(taxa.id, taxonId))
    : [];
  const scientificName = given || taxon?.scientificName;
  if (!scientificName) throw new HttpError(400, 'Unknown taxon');
  const polygons = rule.area ? areaPolygons(rule.area) : null;
  const areaJson = polygons && JSON.stringify(polygons);
  return {
    scientificName,
    // the backbone's name, so that its subspecies are covered; the name given otherwise
    nameKey: nameKey(taxon?.scientificName ?? scientificName),
    taxonId: taxonId ?? null,
    level: LEVELS[rule.level],
    area: polygons,
    areaName: polygons ? rule.areaName : null,
    ...(polygons ? bounds(polygons) : { south: null, north: null, west: null, east: null }),
    areaKey: areaJson ? createHash('sha256').update(areaJson).digest('hex').slice(0, 32) : '',
  };
}

/**
 * Sets again the rules' level of every log a change of rules may concern: those with a level
 * now, and those whose names or taxon the changed rules name (one pass for a whole import).
 */
export async function relevelLogs(
  db: Db,
  changed: Array<{ nameKey: string; taxonId: string | null }>,
) {
  if (changed.length === 0) return;
  const keys = changed.map((rule) => rule.nameKey);
  const ids = changed.flatMap((rule) => (rule.taxonId ? [rule.taxonId] : []));
  const keyList = sql`ARRAY[${sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  )}]::text[]`;
  const idList = ids.length
    ? sql`ARRAY[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;
  await db.execute(sql`UPDATE logs l SET sensitive_level = CASE
      WHEN EXISTS (SELECT 1 FROM sensitive_taxa)
      THEN sensitive_level(l.taxon_id, l.scientific_key, l.latitude, l.longitude) ELSE 0 END
    WHERE l.sensitive_level > 0 OR name_prefixes(l.scientific_key) && ${keyList}
      OR l.taxon_id IN (SELECT t.id FROM taxa t WHERE (name_prefixes(t.scientific_key)
          || ARRAY[lower(t.genus), lower(t.family), lower(t."order"), lower(t.class),
            lower(t.phylum), lower(t.kingdom)]) && ${keyList}
        OR ARRAY[t.id, t.accepted_id, t.report_as]::text[] && ${idList})`);
}

export type RuleOutcome = 'added' | 'updated' | 'unchanged';

/**
 * Adds a rule, or changes the one of the same taxon and area when it differs; with `relevel`
 * false the caller relevels the logs itself (an import, once at its end, in its transaction).
 */
export async function upsertRule(
  db: Db,
  input: SensitiveTaxonWrite | RuleWrite,
  relevel = true,
): Promise<{ rule: SensitiveTaxon; outcome: RuleOutcome; key: RuleKey }> {
  if (relevel) return db.transaction((tx) => upsertRule(tx, input, false).then(releveled(tx)));
  const values = await ruleValues(db, sensitiveTaxonWriteSchema.parse(input));
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  const [written] = await db
    .insert(sensitiveTaxa)
    .values(values)
    .onConflictDoUpdate({
      target: [sensitiveTaxa.nameKey, sensitiveTaxa.areaKey],
      set: {
        scientificName: values.scientificName,
        taxonId: values.taxonId,
        level: values.level,
        areaName: values.areaName,
        updatedAt: sql`now()`,
      },
      setWhere: sql`(${sensitiveTaxa.scientificName}, ${sensitiveTaxa.taxonId}, ${sensitiveTaxa.level},
        ${sensitiveTaxa.areaName}) IS DISTINCT FROM (${excluded('scientific_name')},
        ${excluded('taxon_id')}, ${excluded('level')}, ${excluded('area_name')})`,
    })
    .returning({ ...getTableColumns(sensitiveTaxa), added: sql<boolean>`xmax = 0` });
  const { added, ...inserted } = written ?? { added: false };
  const row =
    (written && (inserted as SensitiveTaxonRow)) ??
    (
      await db
        .select()
        .from(sensitiveTaxa)
        .where(
          and(eq(sensitiveTaxa.nameKey, values.nameKey), eq(sensitiveTaxa.areaKey, values.areaKey)),
        )
    )[0];
  const [rule] = await toRules(db, [row!]);
  const outcome = !written ? 'unchanged' : added ? 'added' : 'updated';
  return { rule: rule!, outcome, key: { nameKey: row!.nameKey, taxonId: row!.taxonId } };
}

/** What names a rule covers: what a change of it relevels. */
export interface RuleKey {
  nameKey: string;
  taxonId: string | null;
}

/** Relevels the logs of a written rule, and passes the write on. */
const releveled =
  (db: Db) =>
  async <T extends { key: RuleKey }>(written: T): Promise<T> => {
    await relevelLogs(db, [written.key]);
    return written;
  };

export async function updateRule(
  db: Db,
  id: string,
  update: z.output<typeof sensitiveTaxonUpdateSchema>,
): Promise<SensitiveTaxon> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(sensitiveTaxa)
      .set({
        ...(update.level && { level: LEVELS[update.level] }),
        ...(update.areaName !== undefined && { areaName: update.areaName }),
        updatedAt: sql`now()`,
      })
      .where(eq(sensitiveTaxa.id, id))
      .returning();
    if (!row) throw notFound();
    await relevelLogs(tx, [row]);
    const [rule] = await toRules(tx, [row]);
    return rule!;
  });
}

export async function deleteRule(db: Db, id: string) {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(sensitiveTaxa)
      .where(eq(sensitiveTaxa.id, id))
      .returning({ nameKey: sensitiveTaxa.nameKey, taxonId: sensitiveTaxa.taxonId });
    if (deleted.length === 0) throw notFound();
    await relevelLogs(tx, deleted);
  });
}
