import { z } from 'zod';
import { parseIsoDateTime } from '../dates.js';
import { GEO_DEFAULT_LIMIT, GEO_MAX_LIMIT } from './points-url.js';
import { countKinds } from '../logs/count.js';
import { logFiltersSchema } from '../logs/schemas.js';
import { optionalQuery, queryParam, queryTimeZone } from '../query-params.js';

// Where sightings were seen: the map's GeoJSON (RFC 7946) and the rounding of shared pages.

/** Shared pages of logs without showExactLocation show coordinates to this many decimals (0.01°, about 1 km). */
export const SHARED_COORDINATE_DECIMALS = 2;
/** The map's coordinates: 6 decimals is about 0.1 m, far finer than any map shows. */
export const MAP_COORDINATE_DECIMALS = 6;

export const roundCoordinate = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

export { GEO_DEFAULT_LIMIT, GEO_MAX_LIMIT };

// '2026-05-01T06:30:00.000000Z,2026-05-02T09:00:00.123456Z,<log id>': the last feature's
// observed time, created time and id, the order of the index the map's pages read.
const INSTANT = String.raw`(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)`;
const CURSOR = new RegExp(
  `^${INSTANT},${INSTANT},([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`,
);

export interface GeoCursor {
  observedAt: string;
  createdAt: string;
  id: string;
}

export const formatGeoCursor = ({ observedAt, createdAt, id }: GeoCursor) =>
  `${observedAt},${createdAt},${id}`;

/** A real calendar instant of the years the API takes (the database has no year 0, no 02-30). */
const isInstantText = (text: string) => parseIsoDateTime(text) !== undefined;

function parseGeoCursor(text: string): GeoCursor | undefined {
  const match = CURSOR.exec(text);
  if (!match || !isInstantText(match[1]!) || !isInstantText(match[2]!)) return undefined;
  return { observedAt: match[1]!, createdAt: match[2]!, id: match[3]! };
}

/** The list's filters, then a page of at most `limit` features after `cursor`, newest first. */
export const geoQuerySchema = logFiltersSchema.extend({
  limit: queryParam(
    z.coerce
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(GEO_MAX_LIMIT, `Limit must be at most ${GEO_MAX_LIMIT.toLocaleString('en')}`)
      .default(GEO_DEFAULT_LIMIT),
  ).describe(
    `Features per page, newest observed first; default ${GEO_DEFAULT_LIMIT}, at most ${GEO_MAX_LIMIT}`,
  ),
  cursor: optionalQuery(
    z
      .string()
      .max(100, 'Cursor is not valid')
      .refine((text) => parseGeoCursor(text) !== undefined, 'Cursor is not valid')
      .transform((text) => parseGeoCursor(text)!),
  ).describe('The nextCursor of the previous page; absent for the first page'),
});
export type GeoQuery = z.infer<typeof geoQuerySchema>;

export const logFeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: z.object({
    type: z.literal('Point'),
    coordinates: z.tuple([z.number(), z.number()]).describe('[longitude, latitude] (RFC 7946)'),
  }),
  properties: z.object({
    id: z.uuid(),
    species: z.string(),
    count: z
      .number()
      .int()
      .nullable()
      .describe("Individuals counted; 0: evidence only; null: present, not counted (eBird's X)"),
    countKind: z
      .enum(countKinds)
      .exclude(['counted'])
      .optional()
      .describe(
        'Present for a count that is no individuals: present (X, count null) or evidence (0)',
      ),
    observedAt: z.iso.datetime(),
    // only when set, to keep 100,000 features small
    timeZone: z.string().optional().describe("The place's IANA zone, when the log has one"),
    timeKnown: z.literal(false).optional().describe('Present (false) for a date-only log'),
    coordinateUncertainty: z
      .number()
      .int()
      .optional()
      .describe('Metres the point may be off, when known'),
  }),
});
export type LogFeature = z.infer<typeof logFeatureSchema>;

export const logFeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(logFeatureSchema),
  total: z.number().int().describe('Logs with coordinates matching the filters, on every page'),
  nextCursor: z
    .string()
    .nullable()
    .describe('Pass as cursor for the next page; null on the last page'),
});
export type LogFeatureCollection = z.infer<typeof logFeatureCollectionSchema>;

/** The GeoJSON export: the list's filters; `tz` sets the day boundaries of from/to. */
export const geoJsonExportQuerySchema = logFiltersSchema.extend({ tz: queryTimeZone });
export type GeoJsonExportQuery = z.infer<typeof geoJsonExportQuerySchema>;
