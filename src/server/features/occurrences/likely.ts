import { sql } from 'drizzle-orm';
import { cellsToMultiPolygon, cellToChildren, cellToLatLng, gridDisk, latLngToCell } from 'h3-js';
import { LRUCache } from 'lru-cache';
import {
  distanceKm,
  encodeLikelyPack,
  isNear,
  LIKELY_PACK_FORMAT,
  LIKELY_RULES,
  roundCoordinate,
  weekBit,
  type LikelyCell,
} from '../../../common/likely-pack.js';
import { OCCURRENCE_RULES, seasonOf, weekOfDate } from '../../../common/occurrences.js';
import { textRepresentations, type TextRepresentations } from '../../conditional-get.js';
import type { Db } from '../../db/client.js';
import { cellNumber } from './cells.js';

// Issue 36, step 2: what is likely at a place and season, from the occurrence model's
// resolution-3 cells: the region's pack the species worker ranks with offline
// (GET /api/occurrences/pack), and the same units for GET /api/taxa's ranking online.

const { coarseResolution } = OCCURRENCE_RULES;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A cell's centre as the pack writes it (4 decimals): both sides measure from it. */
const centreOf = (index: string): [number, number] => {
  const [latitude, longitude] = cellToLatLng(index);
  return [roundCoordinate(latitude), roundCoordinate(longitude)];
};

/** The `cell = ANY(…)` of a list of cells, as one JSON parameter (not one a cell). */
const cellIn = (cells: string[]) =>
  sql`cell IN (SELECT jsonb_array_elements_text(${JSON.stringify(cells)}::jsonb)::bigint)`;

/** When the model was last built (ISO), null before its first build. */
async function builtAt(db: Db): Promise<string | null> {
  const [row] = rowsOf<{ last: Date | string | null }>(
    await db.execute(sql`SELECT max(finished_at) AS last FROM occurrence_builds`),
  );
  return row?.last ? new Date(row.last).toISOString() : null;
}

// A resolution-3 cell reaches about 70 km past its centre, and its parent is not always the
// resolution-1 cell its centre lies in (H3's children do not tile their parent exactly).
const CELL_MARGIN_KM = 80;

/**
 * How far from the region's centre a point has every resolution-3 cell within 100 km in the
 * pack, so that the pack answers for it as GET /api/taxa does: the outline's nearest vertex
 * (a little less: an edge between two vertices comes closer), less 100 km and a cell's margin.
 */
function reachOf(region: string): number {
  const centre = cellToLatLng(region);
  const [outline = []] = cellsToMultiPolygon(gridDisk(region, 1))[0] ?? [];
  const nearest = Math.min(
    ...outline.map((vertex) => distanceKm(centre, [vertex[0]!, vertex[1]!])),
  );
  return Math.max(0, Math.floor(nearest * 0.95 - LIKELY_RULES.nearKm - CELL_MARGIN_KM));
}

/**
 * The pack's text for a region: its resolution-3 cells with records (of a species unit with a
 * scientific name: the only ones a taxon hit can be), their centres, and per unit the weeks and
 * records of each. Cells in id order, units in C order: the same model gives the same text.
 */
async function buildLikelyPack(db: Db, region: string, built: string | null): Promise<string> {
  const children = gridDisk(region, 1).flatMap((cell) => cellToChildren(cell, coarseResolution));
  const rows = rowsOf<{ unit: string; cell: string; week: number; records: number }>(
    await db.execute(sql`
      SELECT species_unit AS unit, cell::text AS cell, week, records FROM occurrence_cells
      WHERE ${cellIn(children.map(cellNumber))} AND species_unit LIKE 'sci:%' AND week > 0
      ORDER BY cell, species_unit COLLATE "C", week`),
  );
  const hexOf = new Map(children.map((index) => [cellNumber(index), index]));
  const cellIndex = new Map<string, number>();
  const cells: Array<[number, number]> = [];
  const units = new Map<string, Map<number, LikelyCell>>();
  for (const row of rows) {
    let at = cellIndex.get(row.cell);
    if (at === undefined) {
      at = cells.length;
      cellIndex.set(row.cell, at);
      cells.push(centreOf(hexOf.get(row.cell)!));
    }
    let byCell = units.get(row.unit);
    if (!byCell) units.set(row.unit, (byCell = new Map()));
    const entry = byCell.get(at) ?? { cell: at, weeks: 0, records: 0 };
    entry.weeks += weekBit(Number(row.week)); // one row a unit, cell and week
    entry.records += Number(row.records);
    byCell.set(at, entry);
  }
  const [latitude, longitude] = cellToLatLng(region);
  return encodeLikelyPack({
    header: {
      format: LIKELY_PACK_FORMAT,
      region,
      centre: [roundCoordinate(latitude), roundCoordinate(longitude)],
      reachKm: reachOf(region),
      builtAt: built,
      cells,
    },
    units: new Map([...units].map(([unit, byCell]) => [unit, [...byCell.values()]])),
  });
}

/**
 * The packs of one server, kept per region until the model is built again (a build changes
 * `builtAt`): a region's pack reads up to 343 cells' rows, too many to read on every request.
 */
export class LikelyPacks {
  private readonly packs = new LRUCache<string, Promise<TextRepresentations>>({ max: 64 });

  constructor(private readonly db: Db) {}

  async get(latitude: number, longitude: number): Promise<TextRepresentations> {
    const region = latLngToCell(latitude, longitude, LIKELY_RULES.regionResolution);
    const built = await builtAt(this.db);
    const key = `${region} ${built}`;
    let pack = this.packs.get(key);
    if (!pack) {
      pack = buildLikelyPack(this.db, region, built).then(textRepresentations);
      this.packs.set(key, pack);
      // a failed build is tried again by the next request
      pack.catch(() => this.packs.get(key) === pack && this.packs.delete(key));
    }
    return pack;
  }
}

// Rings of resolution-3 cells that hold every centre within 100 km of a point: neighbouring
// centres are about 104 km apart, a point at most about 60 km from its cell's.
const NEAR_RINGS = 2;

/**
 * The species units likely at the point on the local date ('YYYY-MM-DD'): recorded in a
 * resolution-3 cell whose centre (at 4 decimals, as in the pack) is within 100 km, in the date's
 * week ±2. The set common/likely-pack.ts's likelyUnits() reads from the region's pack.
 */
export async function likelyUnitsAt(
  db: Db,
  latitude: number,
  longitude: number,
  date: string,
): Promise<string[]> {
  const cells = gridDisk(latLngToCell(latitude, longitude, coarseResolution), NEAR_RINGS)
    .filter((cell) => isNear(centreOf(cell), [latitude, longitude]))
    .map(cellNumber);
  if (cells.length === 0) return [];
  const weeks = seasonOf(weekOfDate(date));
  const rows = rowsOf<{ unit: string }>(
    await db.execute(sql`
      SELECT DISTINCT species_unit AS unit FROM occurrence_cells
      WHERE ${cellIn(cells)} AND species_unit LIKE 'sci:%'
        AND week IN (SELECT jsonb_array_elements_text(${JSON.stringify(weeks)}::jsonb)::smallint)`),
  );
  return rows.map((row) => row.unit);
}
