import { sql } from 'drizzle-orm';
import { OCCURRENCE_RULES, type Unusual } from '../../../common/occurrences.js';
import type { Db } from '../../db/client.js';
import { nearCells, seasonOf, weekAt } from './cells.js';

// Issue 36: the flags of a record at entry and at import, never blocking: what the occurrence
// model knows within nearKm of its point, in its season. A place the instance barely knows
// (fewer than knownPlaceRecords records of any species) flags nothing: on a new instance every
// record would be "first".

/** What a flag needs of a record: its names, point, time and count. */
export interface FlaggedRecord {
  speciesCommon: string;
  speciesScientific?: string | null;
  taxonId?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  observedAt: Date;
  timeZone?: string | null;
  count: number | null;
  captive?: boolean;
}

/** What the model says about a record's species, place and season. */
export interface PlaceFacts {
  /** Records of any species here, and in the season. */
  nearby: number;
  seasonNearby: number;
  /** Records of the species here, in the season, and the most one counted in the season. */
  records: number;
  seasonRecords: number;
  seasonMax: number | null;
}

const { knownPlaceRecords, knownSpeciesRecords, nearKm } = OCCURRENCE_RULES;

/** The flags the facts raise for a record of `count` individuals in the season `season`. */
export function decideUnusual(
  facts: PlaceFacts,
  count: number | null,
  season: number[],
): Unusual | null {
  if (facts.nearby < knownPlaceRecords) return null;
  const unusual: Unusual = {};
  if (facts.records === 0) {
    unusual.firstWithinKm = nearKm;
  } else if (
    facts.seasonRecords === 0 &&
    facts.records >= knownSpeciesRecords &&
    facts.seasonNearby >= knownPlaceRecords
  ) {
    unusual.notInWeeks = [season[0]!, season[season.length - 1]!];
  }
  if (
    count !== null &&
    facts.seasonMax !== null &&
    facts.seasonRecords >= knownSpeciesRecords &&
    count > facts.seasonMax
  ) {
    unusual.countAbove = facts.seasonMax;
  }
  return Object.keys(unusual).length > 0 ? unusual : null;
}

interface FactsRow extends PlaceFacts {
  i: number;
  unit: string | null;
}

/**
 * The flags of each record (null: none), in one statement for all of them: a create's one, an
 * import batch's many.
 */
export async function unusualOf(db: Db, records: FlaggedRecord[]): Promise<(Unusual | null)[]> {
  const flags: (Unusual | null)[] = records.map(() => null);
  const asked = records.flatMap((record, i) => {
    const { latitude, longitude } = record;
    if (latitude == null || longitude == null || record.captive) return [];
    const season = seasonOf(weekAt(record.observedAt, record.timeZone ?? null));
    const cells = nearCells(latitude, longitude);
    const names = { common: record.speciesCommon, scientific: record.speciesScientific ?? null };
    return [{ i, ...names, taxon: record.taxonId ?? null, cells, season, weeks: [0, ...season] }];
  });
  if (asked.length === 0) return flags;
  // Week 0 holds a cell's whole year: one row a cell for the year, five for the season. The
  // LIMIT tells PostgreSQL how many records there are: guessing 100, it compiled the statement
  // with JIT, 22 ms of a 24 ms check.
  const result = await db.execute(sql`
    SELECT r.i, u.unit, e.nearby, e.season_nearby AS "seasonNearby", o.records,
      o.season_records AS "seasonRecords", o.season_max AS "seasonMax"
    FROM (SELECT * FROM jsonb_to_recordset(${JSON.stringify(asked)}::jsonb) AS r(i int,
      common text, scientific text, taxon text, cells bigint[], weeks smallint[])
      LIMIT ${asked.length}) r
    CROSS JOIN LATERAL (SELECT species_unit(r.common, r.scientific, r.taxon) AS unit) u
    CROSS JOIN LATERAL (SELECT coalesce(sum(records) FILTER (WHERE week = 0), 0)::int AS nearby,
        coalesce(sum(records) FILTER (WHERE week > 0), 0)::int AS season_nearby
      FROM occurrence_effort WHERE cell = ANY(r.cells) AND week = ANY(r.weeks)) e
    CROSS JOIN LATERAL (SELECT coalesce(sum(records) FILTER (WHERE week = 0), 0)::int AS records,
        coalesce(sum(records) FILTER (WHERE week > 0), 0)::int AS season_records,
        max(max_count) FILTER (WHERE week > 0) AS season_max
      FROM occurrence_cells
      WHERE species_unit = u.unit AND cell = ANY(r.cells) AND week = ANY(r.weeks)) o`);
  const rows = (result as unknown as { rows: FactsRow[] }).rows;
  const seasons = new Map(asked.map(({ i, season }) => [i, season]));
  for (const row of rows) {
    if (row.unit === null) continue; // a spuh, a slash, a hybrid: no species to compare
    flags[row.i] = decideUnusual(row, records[row.i]!.count, seasons.get(row.i)!);
  }
  return flags;
}
