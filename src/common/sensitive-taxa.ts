import { z } from 'zod';
import { hasNoNul } from './logs/text.js';

// The admin's list of sensitive taxa (issue 35, /api/admin/sensitive-taxa): a rule keeps the
// logs of a taxon and its descendants at least obscured or private for others, everywhere or
// inside an area.

export const sensitiveLevels = ['obscured', 'private'] as const;
export type SensitiveLevel = (typeof sensitiveLevels)[number];
const levelField = z.enum(sensitiveLevels, { error: 'Level must be obscured or private' });

/** A GeoJSON position: longitude first. */
const position = z
  .array(z.number({ error: 'Coordinates must be numbers' }))
  .min(2, 'A position needs a longitude and a latitude')
  .max(3, 'A position has at most 3 numbers')
  .refine(([lon, lat]) => Math.abs(lon!) <= 180 && Math.abs(lat!) <= 90, {
    message: 'A position is [longitude, latitude] within ±180 and ±90',
  });
const ring = z
  .array(position)
  .min(4, 'A ring needs at least 4 positions')
  .max(100_000, 'An area may have at most 100,000 positions a ring')
  .refine(
    (points) => points[0]![0] === points.at(-1)![0] && points[0]![1] === points.at(-1)![1],
    'A ring must end where it starts',
  );
const polygonCoordinates = z.array(ring).min(1, 'A polygon needs a ring');

const polygon = z.object({ type: z.literal('Polygon'), coordinates: polygonCoordinates });
const multiPolygon = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(polygonCoordinates).min(1, 'A MultiPolygon needs a polygon'),
});
const geometry = z.discriminatedUnion('type', [polygon, multiPolygon], {
  error: 'An area must be a GeoJSON Polygon or MultiPolygon',
});
const feature = z.object({
  type: z.literal('Feature'),
  geometry,
  properties: z.record(z.string(), z.unknown()).nullish(),
});

/** An area as GeoJSON: a Polygon, a MultiPolygon, or a Feature of one. */
export const areaSchema = z.union([geometry, feature], {
  error: 'An area must be a GeoJSON Polygon, MultiPolygon or a Feature of one',
});
export type Area = z.infer<typeof areaSchema>;

/** The area's polygons as a MultiPolygon's coordinates (what the database reads). */
export function areaPolygons(area: Area): number[][][][] {
  const shape = area.type === 'Feature' ? area.geometry : area;
  const polygons = shape.type === 'Polygon' ? [shape.coordinates] : shape.coordinates;
  return polygons.map((rings) => rings.map((points) => points.map(([lon, lat]) => [lon!, lat!])));
}

const scientificName = z
  .string({ error: 'Scientific name must be text' })
  .trim()
  .max(300, 'Scientific name must be at most 300 characters')
  .refine(hasNoNul, 'Scientific name must not contain NUL characters');

const areaNameField = z
  .string({ error: 'Area name must be text' })
  .trim()
  .max(200, 'Area name must be at most 200 characters')
  .nullish()
  .transform((value) => value || null);

/** One rule to add, or to change when the same name and area already have one. */
export const sensitiveTaxonWriteSchema = z
  .object({
    scientificName: scientificName.optional(),
    taxonId: z.string().trim().max(120, 'Unknown taxon').optional(),
    level: levelField,
    area: areaSchema.optional().describe('Where the rule holds; absent: everywhere'),
    areaName: areaNameField,
  })
  .refine((rule) => rule.scientificName || rule.taxonId, {
    message: 'Give a scientific name or a taxon id',
    path: ['scientificName'],
  });
export type SensitiveTaxonWrite = z.input<typeof sensitiveTaxonWriteSchema>;

export const sensitiveTaxonUpdateSchema = z
  .object({
    level: levelField.optional(),
    areaName: areaNameField.optional(),
  })
  .strict();

export const sensitiveTaxonSchema = z.object({
  id: z.uuid(),
  scientificName: z.string(),
  taxon: z
    .object({
      id: z.string(),
      scientificName: z.string(),
      commonName: z.string().nullable(),
      rank: z.string(),
    })
    .nullable()
    .describe('The backbone taxon of the name; null when the backbone has none'),
  level: levelField,
  area: z
    .object({
      name: z.string().nullable(),
      south: z.number(),
      west: z.number(),
      north: z.number(),
      east: z.number(),
    })
    .nullable()
    .describe('Where the rule holds (its name and bounds); null: everywhere'),
  updatedAt: z.iso.datetime(),
});
export type SensitiveTaxon = z.infer<typeof sensitiveTaxonSchema>;

export const sensitiveTaxonListSchema = z.object({ items: z.array(sensitiveTaxonSchema) });

/** The CSV an admin imports: a header row naming these columns (case and spaces ignored). */
export const SENSITIVE_CSV_COLUMNS = {
  scientificName: ['scientific_name', 'scientificname', 'name', 'taxon'],
  taxonId: ['taxon_id', 'taxonid', 'id'],
  level: ['level', 'geoprivacy'],
  area: ['area', 'geojson', 'polygon'],
  areaName: ['area_name', 'areaname', 'place'],
} as const;

export const MAX_SENSITIVE_CSV_BYTES = 10 * 1024 * 1024;

export const sensitiveImportSchema = z.object({
  csv: z
    .string({ error: 'csv must be the file’s text' })
    .min(1, 'The file is empty')
    .max(MAX_SENSITIVE_CSV_BYTES, 'The file must be at most 10 MB'),
});

export const sensitiveImportResultSchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int().describe('Rules the file holds as they already were'),
  refused: z
    .array(z.object({ line: z.number().int(), message: z.string() }))
    .describe('Rows not taken, by their line in the file'),
});
export type SensitiveImportResult = z.infer<typeof sensitiveImportResultSchema>;

export const sensitiveTaxonIdParamsSchema = z.object({ id: z.uuid('Unknown rule') });
