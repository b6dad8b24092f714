import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { logs, taxa } from '../../db/schema.js';
import { matchTaxa } from '../taxonomy/index.js';

// Keeps logs linked to the backbone when it changes: after the first seeding and after each
// `npm run taxa:import`, free-text logs whose names now match one taxon are linked, and logs of
// a taxon that became a synonym follow it to the taxon that replaced it (issue 20).

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;
const nameRowsSchema = z.array(
  z.object({ common: z.string(), scientific: z.string().nullable(), n: z.number() }),
);

/** Distinct names of unlinked logs a statement looks at: a short statement, then the others' turn. */
const NAMES_A_BATCH = 500;

export interface LinkOutcome {
  /** Logs moved from a replaced taxon to the one replacing it. */
  followed: number;
  /** Free-text logs linked to the taxon their names match. */
  linked: number;
  /** Logs whose species unit changed with their taxon's rank or REPORT_AS (issue 32). */
  recounted: number;
}

/**
 * Links what the backbone now names, for every user (or one); returns how many logs changed.
 */
export async function linkLogsToBackbone(
  db: Db,
  { userId }: { userId?: string } = {},
): Promise<LinkOutcome> {
  const whose = userId ? sql`AND ${logs.userId} = ${userId}` : sql``;
  const followed = await followReplacedTaxa(db, whose);
  let linked = 0;
  // Keyset over the distinct (common, scientific) names of unlinked logs, in batches.
  let after: { common: string; scientific: string } | undefined;
  for (;;) {
    const result = await db.execute(sql`
      SELECT ${logs.speciesCommon} AS common, ${logs.speciesScientific} AS scientific,
        count(*)::int AS n
      FROM ${logs}
      WHERE ${logs.taxonId} IS NULL ${whose}
        ${after ? sql`AND (${logs.speciesCommon} COLLATE "C", coalesce(${logs.speciesScientific}, '') COLLATE "C") > (${after.common} COLLATE "C", ${after.scientific} COLLATE "C")` : sql``}
      GROUP BY ${logs.speciesCommon}, ${logs.speciesScientific}
      ORDER BY ${logs.speciesCommon} COLLATE "C", coalesce(${logs.speciesScientific}, '') COLLATE "C"
      LIMIT ${NAMES_A_BATCH}`);
    const names = nameRowsSchema.parse(rowsOf(result));
    if (names.length === 0) break;
    const matched = await matchTaxa(db, names);
    const links = names.flatMap((name, i) =>
      matched[i] ? [{ common: name.common, scientific: name.scientific, taxonId: matched[i] }] : [],
    );
    if (links.length > 0) {
      const updated = await db.execute(sql`
        UPDATE ${logs} SET taxon_id = m."taxonId"
        FROM json_to_recordset(${JSON.stringify(links)}::json)
          AS m(common text, scientific text, "taxonId" text)
        WHERE ${logs.taxonId} IS NULL ${whose} AND ${logs.speciesCommon} = m.common
          AND ${logs.speciesScientific} IS NOT DISTINCT FROM m.scientific
        RETURNING 1`);
      linked += rowsOf(updated).length;
    }
    const last = names.at(-1)!;
    after = { common: last.common, scientific: last.scientific ?? '' };
  }
  return { followed, linked, recounted: await recountLinkedLogs(db, whose) };
}

/**
 * A checklist loaded over the backbone may change what a linked log counts as (eBird's CATEGORY
 * and REPORT_AS): the logs whose species unit (the trigger's, migration 0016) now differs.
 */
async function recountLinkedLogs(db: Db, whose: SQL): Promise<number> {
  const unit = sql`species_unit(${logs.speciesCommon}, ${logs.speciesScientific}, ${logs.taxonId})`;
  const result = await db.execute(sql`
    UPDATE ${logs} SET species_unit = ${unit}
    WHERE ${logs.taxonId} IS NOT NULL ${whose} AND ${logs.speciesUnit} IS DISTINCT FROM ${unit}
    RETURNING 1`);
  return rowsOf(result).length;
}

/** Logs of a taxon that now has an accepted one move to it. */
async function followReplacedTaxa(db: Db, whose: SQL): Promise<number> {
  const result = await db.execute(sql`
    UPDATE ${logs} SET taxon_id = t.accepted_id
    FROM ${taxa} t
    WHERE ${logs.taxonId} = t.id AND t.accepted_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM ${taxa} a WHERE a.id = t.accepted_id) ${whose}
    RETURNING 1`);
  return rowsOf(result).length;
}
