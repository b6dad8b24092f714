import { z } from 'zod';
import { coordinateParam, optionalQuery, queryDay, queryParam } from './query-params.js';
import { TAXON_GROUPS } from './taxon-groups.js';

// The species backbone (issue 20): taxa with their names, searched by the species pickers and
// linked from logs. Shared by the server's search and the web app's offline pack.

export const TAXA_LIMITS = { defaultResults: 20, maxResults: 50, query: 200 } as const;

export const taxonSchema = z.object({
  id: z.string().describe('Stable across rebuilds: the source and its id, e.g. gbif:2490719'),
  scientificName: z.string(),
  commonName: z.string().nullable().describe("In the reader's language when known, else English"),
  rank: z.string(),
  kingdom: z.string().nullable(),
});
export type Taxon = z.infer<typeof taxonSchema>;

/** A search result: a taxon and what kind of organism it is (common/taxon-groups.ts). */
export const taxonHitSchema = taxonSchema.extend({
  group: z
    .enum(TAXON_GROUPS)
    .nullable()
    .describe('Bird, mammal, plant …: from its classification; null when unknown'),
  likely: z
    .boolean()
    .optional()
    .describe(
      'Recorded on this instance within 100 km of the asked place in its season (the week ' +
        'of the date ±2): present only then, and only when a place and date were asked',
    ),
});
export type TaxonHit = z.infer<typeof taxonHitSchema>;

export const taxaQuerySchema = z
  .object({
    q: queryParam(
      z
        .string({ error: 'Search text is required' })
        .trim()
        .min(1, 'Search text is required')
        .max(TAXA_LIMITS.query, 'Search text is too long'),
    ),
    limit: queryParam(
      z.coerce
        .number({ error: 'Limit must be a number' })
        .int('Limit must be a whole number')
        .min(1, 'Limit must be at least 1')
        .max(TAXA_LIMITS.maxResults, `Limit must be at most ${TAXA_LIMITS.maxResults}`)
        .default(TAXA_LIMITS.defaultResults),
    ),
    zone: optionalQuery(
      z
        .string()
        .max(64, 'Zone must be a time zone such as Europe/Paris')
        .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, 'Zone must be a time zone such as Europe/Paris')
        .describe(
          "The place's time zone (IANA, e.g. Europe/Paris): taxa living in its region come first",
        ),
    ),
    lat: optionalQuery(
      coordinateParam('Latitude').describe(
        'With lon and date: taxa recorded near the place in the season come first',
      ),
    ),
    lon: optionalQuery(coordinateParam('Longitude')),
    date: queryDay('Date').describe("The record's local date (YYYY-MM-DD), with lat and lon"),
  })
  .refine(
    ({ lat, lon, date }) =>
      [lat, lon, date].every((v) => v === undefined) ||
      [lat, lon, date].every((v) => v !== undefined),
    { message: 'Latitude, longitude and date go together', path: ['lat'] },
  );
export type TaxaQuery = z.infer<typeof taxaQuerySchema>;

// The name keys and match tiers of the searches, in a module without zod for the web app's
// species pack worker.
export { englishNameCase, matchTier, nameKey, WORD_SEPARATORS } from './name-key.js';

/** Tags of one language: browsers send `no` for Norwegian, the names are filed under `nb`. */
const SAME_LANGUAGE: Record<string, string> = { no: 'nb' };

/**
 * The primary subtag of a language tag in lower case (`pt` of `pt-BR`; `nb` for `no`), or
 * undefined when the text is not one: the language the backbone's names are filed under.
 */
export function primaryLanguage(tag: string | undefined | null): string | undefined {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (!/^[a-z]{2,3}$/.test(primary)) return undefined;
  return SAME_LANGUAGE[primary] ?? primary;
}

/** The reader's language: the first of Accept-Language, as its primary tag (`de` of `de-CH`). */
export function readerLanguage(acceptLanguage: string | undefined): string {
  return primaryLanguage(acceptLanguage?.split(',')[0]?.split(';')[0]) ?? 'en';
}

export const taxaPackQuerySchema = z.object({
  lang: optionalQuery(
    z
      .string()
      .max(35, 'Language must be a language tag such as fr or pt-BR')
      .refine(
        (tag) => primaryLanguage(tag) !== undefined,
        'Language must be a language tag such as fr or pt-BR',
      )
      .describe(
        "The names' language (a BCP 47 tag: its primary subtag counts); else Accept-Language",
      ),
  ),
});
