import { z } from 'zod';
import { logFiltersSchema } from '../logs/schemas.js';
import { queryParam, queryTimeZone } from '../query-params.js';

// CSV export of the signed-in user's logs (ARCHITECTURE "Export").

export const exportFormats = ['csv', 'dwc'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** The list's filters; `tz` sets the day boundaries of from/to; `dwc` is Darwin Core. */
export const exportQuerySchema = logFiltersSchema.extend({
  tz: queryTimeZone,
  format: queryParam(z.enum(exportFormats, { error: 'Format must be csv or dwc' }).default('csv')),
});
export type ExportQuery = z.infer<typeof exportQuerySchema>;

/** The columns of the CSV export, in order; the import recognises its own files by them. */
export const EXPORT_CSV_COLUMNS = [
  'id',
  'observed_at',
  'species_common',
  'species_scientific',
  'count',
  'place_name',
  'latitude',
  'longitude',
  'description',
  'notes',
  'is_public',
  'photo_urls',
  'created_at',
  'updated_at',
];

/** A spreadsheet would run text starting with these as a formula: a leading ' keeps it text. */
export const FORMULA_START = /^[=+\-@\t\r]/;
