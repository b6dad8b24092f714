// What kind of organism a taxon is, as the species pickers label their results (issue 34), so
// that "Robinia" (a tree) is not taken for a robin: from its kingdom, phylum and class.

export const TAXON_GROUPS = [
  'bird',
  'mammal',
  'reptile',
  'amphibian',
  'fish',
  'insect',
  'arachnid',
  'mollusc',
  'animal',
  'plant',
  'fungus',
  'other',
] as const;
export type TaxonGroup = (typeof TAXON_GROUPS)[number];

export const TAXON_GROUP_LABELS: Record<TaxonGroup, string> = {
  bird: 'Bird',
  mammal: 'Mammal',
  reptile: 'Reptile',
  amphibian: 'Amphibian',
  fish: 'Fish',
  insect: 'Insect',
  arachnid: 'Spider or kin',
  mollusc: 'Mollusc',
  animal: 'Animal',
  plant: 'Plant',
  fungus: 'Fungus',
  other: 'Other',
};

const BY_CLASS: Record<string, TaxonGroup> = {
  aves: 'bird',
  mammalia: 'mammal',
  reptilia: 'reptile',
  squamata: 'reptile',
  testudines: 'reptile',
  crocodylia: 'reptile',
  amphibia: 'amphibian',
  actinopterygii: 'fish',
  chondrichthyes: 'fish',
  elasmobranchii: 'fish',
  holocephali: 'fish',
  sarcopterygii: 'fish',
  myxini: 'fish',
  petromyzonti: 'fish',
  cephalaspidomorphi: 'fish',
  insecta: 'insect',
  arachnida: 'arachnid',
};
const BY_KINGDOM: Record<string, TaxonGroup> = {
  plantae: 'plant',
  fungi: 'fungus',
  animalia: 'animal',
  metazoa: 'animal',
};

/** The group of a taxon from its classification; null when its kingdom is unknown. */
export function taxonGroup(taxon: {
  kingdom: string | null;
  phylum?: string | null;
  class?: string | null;
}): TaxonGroup | null {
  const klass = BY_CLASS[(taxon.class ?? '').toLowerCase()];
  if (klass) return klass;
  if ((taxon.phylum ?? '').toLowerCase() === 'mollusca') return 'mollusc';
  if (!taxon.kingdom) return null;
  return BY_KINGDOM[taxon.kingdom.toLowerCase()] ?? 'other';
}
