import { z } from 'zod';

// Location privacy (issue 35): how far a log's or outing's place leaves its owner. `open` is
// the shared pages' rounding (0.01°, or the exact point when the owner allows it), `obscured`
// a stable random point in a 0.2° cell that holds the true point, `private` no point at all.
// The owner chooses; a sensitive-taxon rule, an embargo or the outing can only make it stricter.

export const locationPrivacyLevels = ['open', 'obscured', 'private'] as const;
export type LocationPrivacy = (typeof locationPrivacyLevels)[number];
export const locationPrivacySchema = z.enum(locationPrivacyLevels, {
  error: 'Location privacy must be open, obscured or private',
});

/** How strict a level is: the database stores this number (0, 1, 2), and the stricter wins. */
export const privacyRank = (level: LocationPrivacy) => locationPrivacyLevels.indexOf(level);

/** The side of an obscured cell in degrees (iNaturalist's: about 22 km at the equator). */
export const OBSCURED_CELL_DEGREES = 0.2;

/**
 * Why a place is shown as it is: the owner's choice, a sensitive-taxon rule, an embargo not yet
 * over, the log's outing (a stricter outing or another of its logs), or, on an outing, one of
 * its logs.
 */
export const locationReasons = ['owner', 'sensitive', 'embargo', 'outing', 'logs'] as const;
export type LocationReason = (typeof locationReasons)[number];

export const locationShownSchema = z
  .object({
    level: z.enum(locationPrivacyLevels),
    reason: z.enum(locationReasons).nullable().describe('Null when the place is open'),
  })
  .describe('How the place shows to anyone else, and why (the strictest rule wins)');
export type LocationShown = z.infer<typeof locationShownSchema>;

/** What an obscured place's name becomes for others: its coarse region, or nothing. */
export const obscuredPlaceChoices = ['region', 'hide'] as const;
export type ObscuredPlace = (typeof obscuredPlaceChoices)[number];

/** A cell of the grid, in degrees: south-west corner inclusive. */
export interface GeoCell {
  south: number;
  west: number;
  north: number;
  east: number;
}
export const geoCellSchema = z.object({
  south: z.number(),
  west: z.number(),
  north: z.number(),
  east: z.number(),
});

const rowsOfLatitude = Math.round(180 / OBSCURED_CELL_DEGREES);
const columnsOfLongitude = Math.round(360 / OBSCURED_CELL_DEGREES);
/** Whole cells keep their edges exact: 0.2 × 3 is 0.6000000000000001 in floating point. */
const edge = (index: number, origin: number) =>
  Number((origin + index * OBSCURED_CELL_DEGREES).toFixed(1));

/** Nanodegrees: whole numbers, in which 0.2° is exact (0.6 / 0.2 is 2.9999999999999996). */
const NANO = 1e9;
const cellIndex = (degrees: number, origin: number, count: number) =>
  Math.min(
    Math.floor(Math.round((degrees - origin) * NANO) / Math.round(OBSCURED_CELL_DEGREES * NANO)),
    count - 1,
  );

/**
 * The 0.2° cell that holds the point, its south-west edges inclusive (to the nanodegree); the
 * north pole and the antimeridian are in the last one.
 */
export function cellOf(latitude: number, longitude: number): GeoCell {
  const row = cellIndex(latitude, -90, rowsOfLatitude);
  const column = cellIndex(longitude, -180, columnsOfLongitude);
  return {
    south: edge(row, -90),
    north: edge(row + 1, -90),
    west: edge(column, -180),
    east: edge(column + 1, -180),
  };
}

// Upper bounds, so that the uncertainty covers the great-circle distances: a degree of latitude
// is 110,574 m at the equator and 111,694 m at the poles; of longitude, 111,320 m at the equator.
const METRES_PER_DEGREE_LATITUDE = 111_694;
const METRES_PER_DEGREE_LONGITUDE_AT_EQUATOR = 111_320;

/**
 * The cell's diagonal in metres, at its edge nearer the equator (the widest): from any point in
 * the cell, the whole cell lies within it. Darwin Core's coordinateUncertaintyInMeters.
 */
export function cellUncertaintyMetres(cell: GeoCell): number {
  const widest = Math.min(Math.abs(cell.south), Math.abs(cell.north));
  const across = (cell.east - cell.west) * METRES_PER_DEGREE_LONGITUDE_AT_EQUATOR;
  const wide = across * Math.cos((widest * Math.PI) / 180);
  return Math.ceil(Math.hypot(wide, (cell.north - cell.south) * METRES_PER_DEGREE_LATITUDE));
}

/** The cell as Well-Known Text (Darwin Core's footprintWKT): x is the longitude. */
export const cellWkt = ({ south, west, north, east }: GeoCell) =>
  `POLYGON ((${west} ${south}, ${east} ${south}, ${east} ${north}, ${west} ${north}, ${west} ${south}))`;

/** A day as the app writes it ('Jun 1, 2027'), read in UTC: an embargo ends at a UTC day. */
const formatDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** The line the form, card, details and shared pages show; undefined for an open place. */
export function locationShownText(
  shown: LocationShown,
  embargoUntil: string | null = null,
): string | undefined {
  if (shown.level === 'open') return undefined;
  const level = shown.level === 'obscured' ? 'Location obscured' : 'Location private';
  switch (shown.reason) {
    case 'sensitive':
      return `${level}: sensitive species`;
    case 'embargo':
      return embargoUntil ? `${level} until ${formatDay(embargoUntil)}` : level;
    case 'outing':
      return `${level} with its outing`;
    case 'logs':
      return `${level} for a sensitive or protected log on it`;
    default:
      return level;
  }
}

/** The owner's choices in a write: absent on an update keeps them, on a create takes defaults. */
export const locationPrivacyWriteShape = {
  locationPrivacy: locationPrivacySchema
    .optional()
    .describe("Absent: the current level on an update, the account's default on a create"),
  locationEmbargoUntil: z.iso
    .date({ error: 'Embargo date must be a date (YYYY-MM-DD)' })
    .nullish()
    .describe('Kept private until this day (UTC), then its own level; absent keeps it'),
};

/** What the owner reads back: their choices, and how it shows to others. */
export const locationPrivacyReadShape = {
  locationPrivacy: z.enum(locationPrivacyLevels),
  locationEmbargoUntil: z.iso.date().nullable(),
  locationShown: locationShownSchema,
};

/** The place of a shared log or outing as others see it: its cell when obscured. */
export const sharedLocationShape = {
  locationShown: locationShownSchema,
  locationCell: geoCellSchema
    .nullable()
    .describe('The 0.2° cell the true point lies in, when the place is obscured'),
  locationExact: z
    .boolean()
    .describe(
      "True when the viewer sees the exact point of an obscured place: the owner's trusted " +
        'viewer or a reviewer',
    ),
};

/**
 * What a shared log or outing leaves out of its owner's: the place hierarchy its source gave
 * (a county or the source's place id would narrow a rounded or obscured point) and the owner's
 * privacy choices (how it shows is `locationShown`).
 */
export const ownerPlaceFields = {
  county: true,
  stateProvince: true,
  countryCode: true,
  locationId: true,
  locationPrivacy: true,
  locationEmbargoUntil: true,
} as const;

/** cyrb53: a stable 53-bit hash of text, as a number in [0, 1). */
function unitHash(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)) / 2 ** 53;
}

/** Obscured points carry 5 decimals (about 1 m): finer would only look precise. */
const OBSCURED_DECIMALS = 5;
const inCell = (from: number, fraction: number) => {
  const factor = 10 ** OBSCURED_DECIMALS;
  // floored, so that rounding never carries the point onto the next cell's edge
  return Math.floor((from + fraction * OBSCURED_CELL_DEGREES) * factor) / factor;
};

/**
 * The public point of an obscured record: drawn from its id alone, so the same on every request
 * and in every export (no average of many answers nears the true point), and uniform in the
 * cell whatever the true point is in it (the id tells nothing of where in the cell it lies).
 */
export function obscuredPoint(id: string, cell: GeoCell): { latitude: number; longitude: number } {
  return {
    latitude: inCell(cell.south, unitHash(id, 1)),
    longitude: inCell(cell.west, unitHash(id, 2)),
  };
}

/** A place as its owner stored it, with how it shows (the database's ruling). */
export interface StoredPlace {
  id: string;
  latitude: number | null;
  longitude: number | null;
  coordinateUncertainty: number | null;
  placeName: string | null;
  showExactLocation: boolean;
  locationShown: LocationShown;
}

/** How a place was made coarser for others (Darwin Core's dataGeneralizations says it). */
export type Generalisation = 'none' | 'rounded' | 'obscured' | 'withheld';

export interface PublicPlace {
  latitude: number | null;
  longitude: number | null;
  coordinateUncertainty: number | null;
  placeName: string | null;
  cell: GeoCell | null;
  /** True when the viewer sees the exact point of an obscured place (trusted, a reviewer). */
  exact: boolean;
  generalisation: Generalisation;
}

export interface PlaceViewer {
  /** The owner's trusted viewer or a reviewer: the exact point of an obscured place. */
  trusted: boolean;
  /** What an obscured place's name becomes: the owner's choice, and the region's name. */
  obscuredPlace: ObscuredPlace;
  region: string | null;
  /** Decimals an open place is rounded to (shared pages' 0.01°). */
  openDecimals: number;
}

const roundTo = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/**
 * The place as someone other than its owner sees it. Open: rounded unless the owner allows the
 * exact point. Obscured: a stable point in the 0.2° cell, the cell's diagonal as uncertainty, the
 * place name replaced by its region or withheld (it would narrow the cell); the exact place for
 * a trusted viewer. Private: nothing.
 */
export function publicPlace(place: StoredPlace, viewer: PlaceViewer): PublicPlace {
  const { latitude, longitude } = place;
  const level = place.locationShown.level;
  if (level === 'private') {
    return {
      latitude: null,
      longitude: null,
      coordinateUncertainty: null,
      placeName: null,
      cell: null,
      exact: false,
      generalisation: latitude === null && place.placeName === null ? 'none' : 'withheld',
    };
  }
  const exact =
    (level === 'open' && place.showExactLocation) || (level === 'obscured' && viewer.trusted);
  if (exact || latitude === null || longitude === null) {
    const located = latitude !== null && longitude !== null;
    if (level === 'obscured' && !exact) {
      // no point to obscure: the name alone could say where
      const placeName = viewer.obscuredPlace === 'region' ? viewer.region : null;
      return {
        latitude: null,
        longitude: null,
        coordinateUncertainty: null,
        placeName,
        cell: null,
        exact: false,
        generalisation: place.placeName === null ? 'none' : 'withheld',
      };
    }
    return {
      latitude,
      longitude,
      coordinateUncertainty: located ? place.coordinateUncertainty : null,
      placeName: place.placeName,
      cell: null,
      exact: level === 'obscured',
      generalisation: 'none',
    };
  }
  if (level === 'open') {
    return {
      latitude: roundTo(latitude, viewer.openDecimals),
      longitude: roundTo(longitude, viewer.openDecimals),
      coordinateUncertainty: place.coordinateUncertainty,
      placeName: place.placeName,
      cell: null,
      exact: false,
      generalisation: 'rounded',
    };
  }
  const cell = cellOf(latitude, longitude);
  return {
    ...obscuredPoint(place.id, cell),
    coordinateUncertainty: cellUncertaintyMetres(cell),
    placeName: viewer.obscuredPlace === 'region' ? viewer.region : null,
    cell,
    exact: false,
    generalisation: 'obscured',
  };
}
