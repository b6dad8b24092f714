import { nameKey } from '../../src/common/taxonomy.js';
import type { TaxonInput } from '../../src/server/features/taxonomy/taxon-writes.js';

/** A species of the common-species seed (`gbif:` and its id), with its English name. */
export const seedTaxon = (
  id: string,
  scientificName: string,
  english: string,
  klass = 'Aves',
): TaxonInput => ({
  id,
  scientificName,
  rank: 'species',
  kingdom: 'Animalia',
  phylum: 'Chordata',
  class: klass,
  order: null,
  family: null,
  genus: scientificName.split(' ')[0]!,
  source: 'common-species',
  sourceId: id.slice(id.indexOf(':') + 1),
  acceptedId: null,
  scientificKey: nameKey(scientificName),
  names: [{ language: 'en', name: english, preferred: true, nameKey: nameKey(english) }],
});
