import { cellToLatLng, greatCircleDistance, gridDisk, latLngToCell, UNITS } from 'h3-js';
import { OCCURRENCE_RULES, seasonOf, weekOfDate } from '../../../common/occurrences.js';
import { localDateAt } from '../../../common/place-time.js';

// The occurrence model's places and seasons: H3 cells (h3-js) as the database keeps them
// (bigint: an index has its top bit clear), and weeks of the local date.

const { fineResolution, coarseResolution, nearKm } = OCCURRENCE_RULES;

/** An H3 index (hex text) as the decimal text of the bigint the database keeps. */
export const cellNumber = (index: string) => BigInt(`0x${index}`).toString();

/** The point's cells at both resolutions, as the database keeps them. */
export function cellsOf(latitude: number, longitude: number) {
  return {
    fine: cellNumber(latLngToCell(latitude, longitude, fineResolution)),
    coarse: cellNumber(latLngToCell(latitude, longitude, coarseResolution)),
  };
}

// Rings of fine cells that reach past nearKm from any point of the centre cell: centres of
// neighbouring resolution-5 cells are about 15 km apart.
const NEAR_RINGS = Math.ceil(nearKm / 12) + 1;

/** The near cells of recently asked fine cells: a create's or an import's points repeat. */
const nearCache = new Map<string, string[]>();
const NEAR_CACHE_SIZE = 4096;

/**
 * The fine cells whose centre is within nearKm of the centre of the point's fine cell: "here"
 * for the flags (the point's own cell always).
 */
export function nearCells(latitude: number, longitude: number): string[] {
  const centre = latLngToCell(latitude, longitude, fineResolution);
  const known = nearCache.get(centre);
  if (known) return known;
  const middle = cellToLatLng(centre);
  const near = gridDisk(centre, NEAR_RINGS)
    .filter((cell) => greatCircleDistance(cellToLatLng(cell), middle, UNITS.km) <= nearKm)
    .map(cellNumber);
  if (nearCache.size >= NEAR_CACHE_SIZE) nearCache.delete(nearCache.keys().next().value!);
  nearCache.set(centre, near);
  return near;
}

/** The week (1–52) of the local date of an instant in `zone` (UTC when unknown). */
export const weekAt = (instant: Date, zone: string | null) =>
  weekOfDate(localDateAt(instant, zone ?? 'UTC'));

export { seasonOf };
