import { z } from 'zod';
import { logFiltersSchema } from '../logs/schemas.js';
import { queryParam, queryTimeZone } from '../query-params.js';
import { dataLicenseSchema } from './licenses.js';

// Exports of the signed-in user's logs (ARCHITECTURE "Export"): our CSV, Darwin Core as CSV,
// and the Darwin Core Archive for GBIF.

export const exportFormats = ['csv', 'dwc'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** The list's filters; `tz` sets the day boundaries of from/to; `dwc` is Darwin Core. */
export const exportQuerySchema = logFiltersSchema.extend({
  tz: queryTimeZone,
  format: queryParam(z.enum(exportFormats, { error: 'Format must be csv or dwc' }).default('csv')),
});
export type ExportQuery = z.infer<typeof exportQuerySchema>;

/** `all`: every matching log, as its owner sees it; `public`: what may be published. */
export const exportScopes = ['all', 'public'] as const;
export type ExportScope = (typeof exportScopes)[number];

/**
 * What a public archive does with records whose source already publishes them to GBIF (eBird's
 * EOD, iNaturalist's research-grade observations): left out, so that GBIF does not hold them
 * twice with nothing to match them on, or kept with the source's link.
 */
export const sourcedChoices = ['exclude', 'include'] as const;
export type SourcedChoice = (typeof sourcedChoices)[number];

/** Sources that publish their records to GBIF themselves, by the host of a record's link. */
export const GBIF_PUBLISHING_SOURCES = [
  { name: 'eBird', host: 'ebird.org' },
  { name: 'iNaturalist', host: 'inaturalist.org' },
] as const;

/** The Darwin Core Archive: the list's filters, what to publish, and under which licence. */
export const dwcArchiveQuerySchema = logFiltersSchema.extend({
  tz: queryTimeZone,
  scope: queryParam(
    z.enum(exportScopes, { error: 'Scope must be all or public' }).default('all'),
  ).describe(
    'public: only public logs, as their shared pages show them (notes too, coordinates rounded unless shared exactly)',
  ),
  sourced: queryParam(
    z.enum(sourcedChoices, { error: 'Sourced must be exclude or include' }).optional(),
  ).describe(
    'With scope=public, records imported from a source that publishes to GBIF itself (eBird, ' +
      'iNaturalist): `exclude` (the default) leaves them out, `include` keeps them with their ' +
      "source record's link (dcterms:references). A whole archive (scope=all) holds them all",
  ),
  license: queryParam(dataLicenseSchema.optional()).describe(
    "The data's licence; remembered as the account's. Default: the account's licence",
  ),
});
export type DwcArchiveQuery = z.infer<typeof dwcArchiveQuerySchema>;

/** The first export's columns (issue 11). */
const FIRST_COLUMNS = [
  'id',
  'observed_at',
  'species_common',
  'species_scientific',
  'count', // the individuals, X (present, not counted) or 0 (evidence only): issue 32
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

/**
 * The columns each issue added at the end, oldest first, so that an earlier file's header is
 * a later one's beginning.
 */
const ADDED = [
  // issue 24
  ['time_zone', 'time_known', 'coordinate_uncertainty'],
  // issue 20: the log's taxon of the backbone (empty for free text)
  ['taxon_id'],
  // issue 22: the outing the log was made on (empty for none); an account archive holds them
  ['outing_id'],
  // issue 32: 'Show exact location publicly', which an account archive brings back
  ['show_exact_location'],
  // issue 32: what a record brought from its source (media_urls apart by spaces)
  [
    'county',
    'state_province',
    'country_code',
    'location_id',
    'breeding_code',
    'captive',
    'media_urls',
    'source_url',
  ],
  // issue 35: the location privacy the owner chose, and its embargo (YYYY-MM-DD)
  ['location_privacy', 'location_embargo_until'],
  // issue 37: the uploaded sound recordings (/objects/uploads/{id}, apart by spaces), which an
  // account archive holds
  ['recording_urls'],
];

/** The columns of the CSV export, in order; the import recognises its own files by them. */
export const EXPORT_CSV_COLUMNS = [...FIRST_COLUMNS, ...ADDED.flat()];

/**
 * The columns of earlier CSV exports, newest first: files written before recording_urls (issue
 * 37), before location privacy (issue 35), before the record details (issue 32), before
 * show_exact_location (issue 32), before outing_id (issue 22), before taxon_id (issue 20), and
 * before time_zone, time_known and coordinate_uncertainty (issue 24), are still ours to import.
 */
export const EARLIER_EXPORT_CSV_COLUMNS = ADDED.map((_, i) => [
  ...FIRST_COLUMNS,
  ...ADDED.slice(0, ADDED.length - 1 - i).flat(),
]);

/** A spreadsheet would run text starting with these as a formula: a leading ' keeps it text. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Free text as a CSV cell: text a spreadsheet would run as a formula gets a leading '. Only text
 * people typed goes through here: numbers, coordinates, dates and codes never do (a guarded
 * '-118.408692 is no longer a number to the program reading the file).
 */
export const spreadsheetText = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
