import { seasonOf, weekOfDate } from './occurrence-weeks.js';

// Issue 36, step 2: what is likely at a place and season, for the species pickers. The server's
// occurrence model (server/features/occurrences) writes, for a region (an H3 resolution-1 cell
// and its neighbours), its resolution-3 cells with records: their centres, and per species unit
// the weeks it was recorded in each and how often. GET /api/occurrences/pack serves that text;
// the web app's species worker keeps it and ranks with it offline, as GET /api/taxa does online.
//
// The text: a JSON header line (LikelyPackHeader), then a line a species unit:
//   unit \t cellIndex:weeks:records,cellIndex:weeks:records,…
// - cellIndex is the cell's place in the header's `cells`;
// - weeks is a 52-bit mask (bit w-1 set: recorded in week w), in base 36;
// - records is how many records of the unit the cell has over the year, in base 36.
// No H3 here: the browser has only the cells' centres, and distances between them (haversine).

/** Bumped when the text's layout changes: a client drops a pack of another format. */
export const LIKELY_PACK_FORMAT = 1;

export const LIKELY_RULES = {
  /** H3 resolution of a pack's region: the point's cell of this resolution and its neighbours. */
  regionResolution: 1,
  /** "Here" for the picker: the resolution-3 cells whose centre is this close to the point. */
  nearKm: 100,
} as const;

export interface LikelyPackHeader {
  format: number;
  /** The region's centre cell (H3 index, hex): the server sends this pack for points in it. */
  region: string;
  /**
   * The centre cell's centre, and how far from it the pack holds every cell within 100 km of a
   * point (km): it answers for those points as the server does.
   */
  centre: [number, number];
  reachKm: number;
  /** When the occurrence model was built (ISO), null before its first build. */
  builtAt: string | null;
  /** The centres (latitude, longitude at 4 decimals) of the region's cells with records. */
  cells: Array<[number, number]>;
}

/** Where and when a unit was recorded in one cell. */
export interface LikelyCell {
  cell: number;
  /** Bit w-1 set: recorded in week w (1–52). A number: 52 bits fit in a double exactly. */
  weeks: number;
  records: number;
}

export interface LikelyPack {
  header: LikelyPackHeader;
  units: Map<string, LikelyCell[]>;
}

export class LikelyPackError extends Error {}

/** A cell centre's coordinate as the pack writes it. */
export const roundCoordinate = (value: number) => Math.round(value * 10_000) / 10_000;

/** The mask bit of week `week` (1–52). Not `1 << n`: JS shifts are 32-bit. */
export const weekBit = (week: number) => 2 ** (week - 1);

const hasWeekIn = (weeks: number, season: number) => {
  // the masks' common bits, 26 at a time (bitwise operators take 32-bit integers)
  const low = 2 ** 26;
  return (
    ((weeks % low) & (season % low)) !== 0 ||
    (Math.floor(weeks / low) & Math.floor(season / low)) !== 0
  );
};

/** The pack's text. */
export function encodeLikelyPack(pack: LikelyPack): string {
  const lines = [...pack.units]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(
      ([unit, cells]) =>
        `${unit.replace(/[\t\n\r]/g, ' ')}\t${cells
          .map(
            ({ cell, weeks, records }) => `${cell}:${weeks.toString(36)}:${records.toString(36)}`,
          )
          .join(',')}`,
    );
  return [JSON.stringify(pack.header), ...lines].join('\n');
}

/** Reads a pack's text. Throws LikelyPackError on a foreign text or another format. */
export function readLikelyPack(text: string): LikelyPack {
  const firstBreak = text.indexOf('\n');
  let header: LikelyPackHeader;
  try {
    header = JSON.parse(firstBreak < 0 ? text : text.slice(0, firstBreak)) as LikelyPackHeader;
  } catch {
    throw new LikelyPackError('This is not a likely-here pack');
  }
  if (header?.format !== LIKELY_PACK_FORMAT) {
    throw new LikelyPackError(
      `Likely-here pack format ${header?.format} is not ${LIKELY_PACK_FORMAT}`,
    );
  }
  const units = new Map<string, LikelyCell[]>();
  if (firstBreak >= 0) {
    for (const line of text.slice(firstBreak + 1).split('\n')) {
      const tab = line.indexOf('\t');
      if (tab < 0) continue;
      const cells = line
        .slice(tab + 1)
        .split(',')
        .map((entry) => {
          const [cell = '', weeks = '', records = ''] = entry.split(':');
          return { cell: Number(cell), weeks: parseInt(weeks, 36), records: parseInt(records, 36) };
        });
      units.set(line.slice(0, tab), cells);
    }
  }
  return { header, units };
}

const EARTH_KM = 6371.0088; // h3-js's mean radius: the server's distances use it too

/** Great-circle distance between two points (haversine), in km. */
export function distanceKm(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (b[0] - a[0]) * rad;
  const dLon = (b[1] - a[1]) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a pack answers for the point: it holds every cell within 100 km of it. */
export const packCovers = (
  header: Pick<LikelyPackHeader, 'centre' | 'reachKm'>,
  latitude: number,
  longitude: number,
) => distanceKm(header.centre, [latitude, longitude]) <= header.reachKm;

/** The mask of the weeks of the date's season (its week ±2, wrapping round the year). */
export const seasonMask = (date: string) =>
  seasonOf(weekOfDate(date)).reduce((mask, week) => mask + weekBit(week), 0);

/** Whether two cell centres are "here" for the picker. */
export const isNear = (centre: [number, number], point: [number, number]) =>
  distanceKm(centre, point) <= LIKELY_RULES.nearKm;

/**
 * The species units likely at the point on the date ('YYYY-MM-DD'): recorded in a cell of the
 * pack whose centre is within 100 km, in the date's week ±2. What GET /api/taxa computes from
 * occurrence_cells (server/features/occurrences/likely.ts).
 */
export function likelyUnits(
  pack: LikelyPack,
  latitude: number,
  longitude: number,
  date: string,
): Set<string> {
  const near = pack.header.cells.map((centre) => isNear(centre, [latitude, longitude]));
  const season = seasonMask(date);
  const likely = new Set<string>();
  for (const [unit, cells] of pack.units) {
    if (cells.some(({ cell, weeks }) => near[cell] && hasWeekIn(weeks, season))) likely.add(unit);
  }
  return likely;
}

const BINOMIAL = /^\s*([^\s[(]+\s+[^\s[(]+)/;

/**
 * A scientific name's species unit, as the SQL `'sci:' || species_binomial(name)` (migration
 * 0016): its first two words in lower case ('Tyto alba [alba Group]' → 'sci:tyto alba'); null
 * for one word (a genus, a family) or a slash between species.
 */
export function unitOfScientificName(name: string): string | null {
  const binomial = BINOMIAL.exec(name)?.[1]?.toLowerCase();
  return binomial && !binomial.includes('/') ? `sci:${binomial}` : null;
}

const MONTHS = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });

/** The picker's hint under a likely species: "Seen here in May" (the month of the date). */
export function seenHereText(date: string): string {
  const [year = 2000, month = 1] = date.split('-').map(Number);
  return `Seen here in ${MONTHS.format(Date.UTC(year, month - 1, 15))}`;
}
