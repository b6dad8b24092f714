import { nameKey } from '../../../common/taxonomy.js';
import type { TaxonInput } from './taxon-writes.js';

// eBird's taxonomy as taxa of the backbone, one a row of its list: `npm run taxa:import` of the
// eBird/Clements CSV and the bird list a new instance loads (birds.ts) map it alike, and their
// ids agree (`ebird:` and the species code).

export const EBIRD_SOURCE = 'ebird';

/** A row of eBird's list, as its CSV and the bird list give it. */
export interface EbirdRow {
  code: string;
  scientificName: string;
  english: string;
  category: string;
  order: string;
  /** The scientific name only: "Turdidae", not "Turdidae (Thrushes and Allies)". */
  family: string;
  /** The code of the species an issf, form or intergrade counts as. */
  reportAs: string;
}

/** eBird's categories: species, issf and form are taxa; spuh, slash, hybrid … are kept as such. */
export function rankOfCategory(category: string): string {
  const lower = category.toLowerCase();
  if (lower === 'issf' || lower === 'subspecies' || lower === 'group (monotypic)')
    return 'subspecies';
  return lower || 'species';
}

/** The genus a name starts with; none for "Strigiformes sp." or "Anatidae (duck sp.)". */
export function genusOf(scientificName: string): string | null {
  const first = scientificName.split(/[\s/]/)[0] ?? '';
  return /^[A-Z][a-z]+$/.test(first) && !/(idae|inae|formes)$/.test(first) ? first : null;
}

export function ebirdTaxon(row: EbirdRow, source = EBIRD_SOURCE): TaxonInput {
  const { code, scientificName, english, reportAs } = row;
  return {
    id: `${source}:${code}`,
    scientificName,
    rank: rankOfCategory(row.category),
    kingdom: 'Animalia',
    phylum: 'Chordata',
    class: 'Aves',
    order: row.order || null,
    family: row.family || null,
    genus: genusOf(scientificName),
    source,
    sourceId: code,
    acceptedId: null,
    reportAs: reportAs ? `${source}:${reportAs}` : null,
    scientificKey: nameKey(scientificName),
    names: english
      ? [{ language: 'en', name: english, preferred: true, nameKey: nameKey(english) }]
      : [],
  };
}
