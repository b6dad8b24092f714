import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { z } from 'zod';
import { nameKey } from '../../../common/taxonomy.js';
import { EBIRD_SOURCE, ebirdTaxon, genusOf } from './ebird.js';
import type { TaxonInput } from './taxon-writes.js';

// The world's birds, loaded after the common-species seed (issue 33): every taxon of eBird's list
// (species, subspecies groups, spuhs, slashes, hybrids …) as `ebird:` and its species code, as
// `npm run taxa:import` of eBird's CSV has them, with names in some fifty languages, former names
// (synonym taxa, and other English names), and taxa of their genera, families and orders.
// datasets/birds/ holds the file and says where it comes from; scripts/build-birds.mjs makes it.

export const BIRDS_SOURCE = 'birds';
/** Bumped when the conversion below changes, so that instances load the birds again. */
const CONVERSION = 2;

const birdsFile = new URL('../../../../datasets/birds/birds.json.br', import.meta.url);

const namesSchema = z.array(z.union([z.string(), z.array(z.string()), z.null()]));
const birdsSchema = z.object({
  version: z.string(),
  categories: z.array(z.string()),
  orders: z.array(z.string()),
  families: z.array(z.tuple([z.string(), z.string()])),
  languages: z.array(z.string()),
  // [code, category, scientific name, English name, REPORT_AS, order, family, names?]
  taxa: z.array(
    z.tuple(
      [z.string(), z.int(), z.string(), z.string(), z.string().nullable(), z.int(), z.int()],
      namesSchema,
    ),
  ),
  // [name, code, kind]: s a former scientific name, p the protonym, e another English name
  synonyms: z.array(z.tuple([z.string(), z.string(), z.enum(['s', 'p', 'e'])])),
  // [code, regions]: the regions of a species' range (bits of common/regions.ts)
  ranges: z.array(z.tuple([z.string(), z.int().min(0).max(127)])).default([]),
});
export type BirdsFile = z.infer<typeof birdsSchema>;

/** The bird list shipped with the server (about 60 ms to read). */
export function readBirds(file: URL | string = birdsFile): BirdsFile {
  return birdsSchema.parse(JSON.parse(brotliDecompressSync(readFileSync(file)).toString('utf8')));
}

export const birdsVersion = (birds: BirdsFile) => `${birds.version}+${CONVERSION}`;

const name = (language: string, text: string, preferred: boolean) => ({
  language,
  name: text,
  preferred,
  nameKey: nameKey(text),
});

/** The list's taxa, its synonyms and its higher taxa, ready for upsertTaxa(). */
export function birdTaxa(birds: BirdsFile): TaxonInput[] {
  const byCode = new Map<string, TaxonInput>();
  for (const [
    code,
    category,
    scientificName,
    english,
    reportAs,
    order,
    family,
    names,
  ] of birds.taxa) {
    const taxon = ebirdTaxon({
      code,
      scientificName,
      english,
      category: birds.categories[category]!,
      order: birds.orders[order]!,
      family: birds.families[family]![0],
      reportAs: reportAs ?? '',
    });
    (names ?? []).forEach((given, i) => {
      const language = birds.languages[i]!;
      [given ?? []].flat().forEach((text, n) => taxon.names.push(name(language, text, n === 0)));
    });
    byCode.set(code, taxon);
  }
  // a species' regions are its subspecies groups' and forms' (REPORT_AS) too
  const regions = new Map(birds.ranges.map(([code, bits]) => [`${EBIRD_SOURCE}:${code}`, bits]));
  for (const taxon of byCode.values())
    taxon.regions = regions.get(taxon.id) ?? regions.get(taxon.reportAs ?? '') ?? 0;
  const synonyms: TaxonInput[] = [];
  for (const [text, code, kind] of birds.synonyms) {
    const taxon = byCode.get(code);
    if (!taxon) continue;
    if (kind === 'e') taxon.names.push(name('en', text, false));
    else synonyms.push(synonymOf(taxon, text));
  }
  const familyNames = new Map(birds.families);
  return [...byCode.values(), ...synonyms, ...higherTaxa(byCode.values(), familyNames)];
}

/** A former scientific name: a taxon of its own pointing at the current one, as GBIF's are. */
function synonymOf(taxon: TaxonInput, scientificName: string): TaxonInput {
  const sourceId = `${taxon.sourceId}/${scientificName.replace(/\s+/g, '_')}`;
  return {
    ...taxon,
    id: `${EBIRD_SOURCE}:${sourceId}`,
    scientificName,
    genus: genusOf(scientificName),
    sourceId,
    acceptedId: taxon.id,
    reportAs: null,
    scientificKey: nameKey(scientificName),
    names: [],
  };
}

/**
 * The genera, families and orders of the list's species, so that a log may be about a genus
 * ("Milvus", or "Milvus sp." where eBird has no spuh) and lists may group by family.
 */
function higherTaxa(taxa: Iterable<TaxonInput>, familyNames: Map<string, string>): TaxonInput[] {
  const higher = new Map<string, TaxonInput>();
  const add = (rank: 'genus' | 'family' | 'order', taxon: TaxonInput) => {
    const scientificName = taxon[rank];
    const sourceId = `${rank}/${scientificName}`;
    if (!scientificName || higher.has(sourceId)) return;
    higher.set(sourceId, {
      ...taxon,
      id: `${EBIRD_SOURCE}:${sourceId}`,
      scientificName,
      rank,
      family: rank === 'order' ? null : taxon.family,
      genus: rank === 'genus' ? scientificName : null,
      sourceId,
      reportAs: null,
      scientificKey: nameKey(scientificName),
      regions: 0,
      // eBird names its families: "Thrushes and Allies"
      names:
        rank === 'family' && familyNames.get(scientificName)
          ? [name('en', familyNames.get(scientificName)!, true)]
          : [],
    });
  };
  for (const taxon of taxa) {
    if (taxon.rank !== 'species') continue;
    for (const rank of ['genus', 'family', 'order'] as const) {
      add(rank, taxon);
      // a genus lives where its species do
      const group = higher.get(`${rank}/${taxon[rank]}`);
      if (group) group.regions = (group.regions ?? 0) | (taxon.regions ?? 0);
    }
  }
  return [...higher.values()];
}
