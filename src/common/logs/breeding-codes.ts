// eBird's breeding and behavior codes (issue 32), as its "Breeding and Behavior Codes" article
// lists them, strongest evidence first, with their English meanings. "My eBird Data" writes a
// code and its meaning in one cell ("F Flyover", "S7 Singing Bird Present 7+ days"); a log keeps
// the code alone. CS is the label eBird's checklists long gave the fecal sac (its data say FS):
// downloads hold both.

export const breedingCategories = ['Confirmed', 'Probable', 'Possible', 'Observed'] as const;
export type BreedingCategory = (typeof breedingCategories)[number];

export interface BreedingCode {
  code: string;
  meaning: string;
  category: BreedingCategory;
}

export const BREEDING_CODES = [
  { code: 'NY', meaning: 'Nest with young', category: 'Confirmed' },
  { code: 'NE', meaning: 'Nest with eggs', category: 'Confirmed' },
  { code: 'FS', meaning: 'Carrying fecal sac', category: 'Confirmed' },
  { code: 'CS', meaning: 'Carrying fecal sac', category: 'Confirmed' },
  { code: 'FY', meaning: 'Feeding young', category: 'Confirmed' },
  { code: 'CF', meaning: 'Carrying food', category: 'Confirmed' },
  { code: 'FL', meaning: 'Recently fledged young', category: 'Confirmed' },
  { code: 'ON', meaning: 'Occupied nest', category: 'Confirmed' },
  { code: 'UN', meaning: 'Used nest', category: 'Confirmed' },
  { code: 'DD', meaning: 'Distraction display', category: 'Confirmed' },
  { code: 'NB', meaning: 'Nest building', category: 'Confirmed' },
  { code: 'CN', meaning: 'Carrying nesting material', category: 'Confirmed' },
  { code: 'PE', meaning: 'Physiological evidence', category: 'Confirmed' },
  { code: 'B', meaning: 'Woodpecker/wren nest building', category: 'Probable' },
  { code: 'A', meaning: 'Agitated behavior', category: 'Probable' },
  { code: 'N', meaning: 'Visiting probable nest site', category: 'Probable' },
  { code: 'C', meaning: 'Courtship, display, or copulation', category: 'Probable' },
  { code: 'T', meaning: 'Territorial defense', category: 'Probable' },
  { code: 'P', meaning: 'Pair in suitable habitat', category: 'Probable' },
  { code: 'M', meaning: 'Multiple (7+) singing birds', category: 'Probable' },
  { code: 'S7', meaning: 'Singing bird present 7+ days', category: 'Probable' },
  { code: 'S', meaning: 'Singing bird', category: 'Possible' },
  { code: 'H', meaning: 'In appropriate habitat', category: 'Possible' },
  { code: 'F', meaning: 'Flyover', category: 'Observed' },
] as const satisfies readonly BreedingCode[];

export type BreedingCodeValue = (typeof BREEDING_CODES)[number]['code'];
export const breedingCodeValues = BREEDING_CODES.map((entry) => entry.code) as [
  BreedingCodeValue,
  ...BreedingCodeValue[],
];

const byCode = new Map<string, BreedingCode>(BREEDING_CODES.map((entry) => [entry.code, entry]));

/** The code's entry, whatever its case; undefined for a code eBird does not have. */
export const breedingCode = (code: string): BreedingCode | undefined =>
  byCode.get(code.trim().toUpperCase());

/** How a code reads: 'FY · Feeding young'. */
export const breedingCodeLabel = (code: string) => {
  const entry = breedingCode(code);
  return entry ? `${entry.code} · ${entry.meaning}` : code;
};

/** Letters and digits only, lower case: 'Singing Male Present 7+ days' finds S7's meaning. */
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/\bmale(s?)\b/g, 'bird$1') // eBird said "singing male" until 2021
    .replace(/\bbehaviour\b/g, 'behavior')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Each meaning's code; FS before CS, the code eBird's data use for the fecal sac. */
const byMeaning = new Map<string, string>();
for (const { code, meaning } of BREEDING_CODES) {
  if (!byMeaning.has(words(meaning))) byMeaning.set(words(meaning), code);
}

/**
 * The code of a Breeding Code cell of "My eBird Data": its first word when that is a code
 * ('FY Feeding Young', 'S7', 'f flyover'), else the code whose meaning the rest of the cell is
 * ('C4 Confirmed--Carrying Food', 'Carrying Food (Confirmed)'); undefined when neither.
 */
export function readBreedingCell(cell: string): BreedingCodeValue | undefined {
  const text = cell.trim();
  if (text === '') return undefined;
  const first = text.split(/[\s:–—-]+/, 1)[0]!;
  const own = breedingCode(first);
  if (own) return own.code as BreedingCodeValue;
  const rest = words(text)
    .replace(/^c[1-4]\s+/, '') // the Basic Dataset's category (C4: Confirmed) before the words
    .replace(/\b(confirmed|probable|possible|observed)\b/g, '')
    .trim()
    .replace(/\s+/g, ' ');
  return byMeaning.get(rest) as BreedingCodeValue | undefined;
}
