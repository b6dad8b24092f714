import { z } from 'zod';
import { queryParam } from './query-params.js';

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

export const taxaQuerySchema = z.object({
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
});
export type TaxaQuery = z.infer<typeof taxaQuerySchema>;

/**
 * A name as searches compare it: without accents, in lower case, single-spaced. "Barn Owl",
 * "barn  owl" and "Bärn owl" are one key.
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

/**
 * How well a name matches a search key, best first: 0 the whole name, 1 its start, 2 the start
 * of one of its words, 3 anywhere; undefined when it does not contain the key.
 */
export function matchTier(key: string, search: string): number | undefined {
  if (key === search) return 0;
  if (key.startsWith(search)) return 1;
  const at = key.indexOf(search);
  if (at < 0) return undefined;
  for (let from = at; from >= 0; from = key.indexOf(search, from + 1)) {
    if (isWordStart(key, from)) return 2;
  }
  return 3;
}

const isWordStart = (key: string, at: number) => at === 0 || /[\s\-'’(/]/.test(key[at - 1]!);
