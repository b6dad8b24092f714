import { z } from 'zod';
import { LOG_LIMITS, outingFilter } from './logs/schemas.js';
import { queryParam, queryTimeZone } from './query-params.js';

// Species lists of the signed-in user's logs (issue 20; ARCHITECTURE "Later contracts",
// docs/decisions/011-lists.md): the life list, a year's and a place's. Species count as eBird
// and iNaturalist count them (issue 32): subspecies and groups count as their species; spuhs,
// slashes, hybrids and domestic types are listed but count as no species.

export const listKinds = ['life', 'year', 'place'] as const;
export type ListKind = (typeof listKinds)[number];

/** first: first seen, oldest first; name: by common name; count: most individuals first. */
export const listSorts = ['first', 'name', 'count'] as const;
export type ListSort = (typeof listSorts)[number];

export const LIST_YEARS = { min: 1000, max: 9999 } as const;

/**
 * Captive and cultivated logs are on no list unless asked for (issue 32): eBird and iNaturalist
 * leave them off their life lists.
 */
export const captiveChoices = ['exclude', 'include'] as const;
export type CaptiveChoice = (typeof captiveChoices)[number];
export const captiveQuery = queryParam(
  z.enum(captiveChoices, { error: 'Captive must be exclude or include' }).default('exclude'),
).describe('include: count captive and cultivated logs too; exclude (the default): leave them off');

export const listQuerySchema = z
  .object({
    kind: queryParam(
      z.enum(listKinds, { error: 'Kind must be life, year or place' }).default('life'),
    ),
    year: queryParam(
      z.coerce
        .number({ error: 'Year must be a year (YYYY)' })
        .int('Year must be a year (YYYY)')
        .min(LIST_YEARS.min, 'Year must be a year (YYYY)')
        .max(LIST_YEARS.max, 'Year must be a year (YYYY)')
        .optional(),
    ).describe("kind=year: the year of the observations' own local dates"),
    place: queryParam(
      z
        .string()
        .trim()
        .max(LOG_LIMITS.placeName, 'Place is too long')
        .transform((place) => place || undefined)
        .optional(),
    ).describe('kind=place: the place name, matched whole, ignoring case and outer spaces'),
    tz: queryTimeZone.describe(
      'The zone whose calendar gives the year of logs that have no time zone of their own',
    ),
    sort: queryParam(
      z.enum(listSorts, { error: 'Sort must be first, name or count' }).default('first'),
    ).describe('first: first seen, oldest first; name: A to Z; count: most individuals first'),
    outingId: outingFilter,
    captive: captiveQuery,
  })
  .superRefine((query, context) => {
    if (query.kind === 'year' && query.year === undefined) {
      context.addIssue({ code: 'custom', path: ['year'], message: 'A year list needs a year' });
    }
    if (query.kind === 'place' && query.place === undefined) {
      context.addIssue({ code: 'custom', path: ['place'], message: 'A place list needs a place' });
    }
  });
export type ListQuery = z.infer<typeof listQuerySchema>;

export const listItemSchema = z.object({
  key: z
    .string()
    .describe(
      'The species: `sci:` and its binomial in lower case, else `name:` and its common name ' +
        'in lower case; for an entry that counts as no species, `other:` and its taxon or name',
    ),
  countsAsSpecies: z
    .boolean()
    .describe('False for a spuh, slash, hybrid, domestic type or higher taxon: shown, not counted'),
  taxonId: z.string().nullable(),
  commonName: z
    .string()
    .describe("The taxon's name in the reader's language, else the spelling most used in the logs"),
  scientificName: z.string().nullable(),
  firstObservedAt: z.iso.datetime(),
  firstLogId: z.uuid(),
  /** How the first log's time reads: at its place's zone, or its date alone. */
  firstTimeZone: z.string().nullable(),
  firstTimeKnown: z.boolean(),
  lastObservedAt: z.iso.datetime(),
  logs: z.number().int(),
  individuals: z.number().int(),
});
export type ListItem = z.infer<typeof listItemSchema>;

export const speciesListReplySchema = z.object({
  items: z.array(listItemSchema),
  total: z.number().int().describe('How many species the list holds (entries that count)'),
  otherTaxa: z
    .number()
    .int()
    .describe('How many entries count as no species: spuhs, slashes, hybrids, domestic types'),
});
export type SpeciesList = z.infer<typeof speciesListReplySchema>;

/** The columns of GET /api/lists.csv, in order. */
export const LIST_CSV_COLUMNS = [
  'common_name',
  'scientific_name',
  'taxon_id',
  'first_observed_at',
  'last_observed_at',
  'logs',
  'individuals',
  'first_log_id',
] as const;
