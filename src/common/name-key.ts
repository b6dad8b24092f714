// How the species searches compare names: the server's SQL (server/features/taxonomy/queries.ts)
// and the web app's offline pack (taxa-pack.ts). Re-exported by taxonomy.ts.

/**
 * A name as searches compare it: without accents, in lower case, single-spaced. "Barn Owl",
 * "barn  owl" and "Bärn owl" are one key.
 */
export function nameKey(name: string): string {
  // nearly every name is plain ASCII, which has no accents to take off (the pack's worker
  // keys 160,000 names when it starts)
  const folded = NOT_ASCII.test(name) ? name.normalize('NFD').replace(/\p{M}/gu, '') : name;
  return folded
    .toLowerCase()
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

const NOT_ASCII = /[^\p{ASCII}]/u;

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

/**
 * What starts a word inside a name key besides its start: "barn-owl", "müller's", "owl (eurasian)",
 * "snow/blue goose". The server's SQL search builds its patterns from the same list.
 */
export const WORD_SEPARATORS = [' ', '-', "'", '’', '(', '/'] as const;

const isWordStart = (key: string, at: number) =>
  at === 0 ||
  /\s/.test(key[at - 1]!) ||
  (WORD_SEPARATORS as readonly string[]).includes(key[at - 1]!);

/** Small words an English common name keeps in lower case: "Lily of the Valley". */
const SMALL_WORDS = new Set(['a', 'and', 'de', 'in', 'of', 'on', 'or', 'the', 'to']);

/**
 * An English common name as eBird, the IOC and field guides write it (issue 34: one case rule,
 * so a list says "Red Fox" as the logs do): each word capitalised, the parts after a hyphen and
 * small words not ("Red-winged Blackbird", "Bird-of-paradise"). The rest of a word is kept
 * ("McCown's Longspur").
 */
export function englishNameCase(name: string): string {
  return name
    .split(' ')
    .map((word, index) =>
      index > 0 && SMALL_WORDS.has(word.toLowerCase())
        ? word.toLowerCase()
        : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join(' ');
}
