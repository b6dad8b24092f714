import { createRequire } from 'node:module';
import { englishNameCase, nameKey } from '../../../common/taxonomy.js';
import type { TaxonInput } from './taxon-writes.js';

// The backbone a new instance starts with: the `common-species` package (CC BY 4.0, from GBIF
// occurrence data), 80,149 species with English names and GBIF ids. Decoding it takes about
// 9 s of CPU, so it runs once, in a worker (backbone.ts), and the database keeps the result.

const require = createRequire(import.meta.url);

export const COMMON_SPECIES_SOURCE = 'common-species';
/** Bumped when the conversion below changes, so that instances load the backbone again. */
const CONVERSION = 4;
export const commonSpeciesVersion = () =>
  `${(require('common-species/package.json') as { version: string }).version}+${CONVERSION}`;

interface CommonSpeciesRow {
  taxonomy: {
    id: string;
    kingdom: string;
    phylum: string;
    class_: string;
    order: string;
    family: string;
    genus: string;
    species: string;
  };
  common_name: string;
}

/** Decodes the package's data (slow: call it off the main thread). */
export function decodeCommonSpecies(): Promise<CommonSpeciesRow[]> {
  const { loadSpeciesData } = require('common-species') as {
    loadSpeciesData(callback: (rows: CommonSpeciesRow[] | undefined) => void): void;
  };
  return new Promise((resolve, reject) =>
    loadSpeciesData((rows) =>
      rows ? resolve(rows) : reject(new Error('common-species: no data')),
    ),
  );
}

const orNull = (value: string | undefined) => (value && value !== '_' ? value.trim() : null);

/**
 * The package's rows as taxa. The package lists a few species twice under two GBIF ids (477
 * scientific names, e.g. Turdus migratorius, Pterocles exustus in two spellings of its family):
 * within one kingdom, where a name is one species, the lower id is the taxon, with the other's
 * names, and the other its synonym, so a name links to one taxon. Homonyms of two kingdoms (a
 * mantis and an iris) stay two taxa.
 */
export function toTaxa(rows: CommonSpeciesRow[]): TaxonInput[] {
  const kept = new Map<string, TaxonInput>();
  const synonyms: TaxonInput[] = [];
  const sorted = [...rows].sort((a, b) => Number(a.taxonomy.id) - Number(b.taxonomy.id));
  for (const { taxonomy, common_name } of sorted) {
    const scientificName = taxonomy.species.trim();
    const scientificKey = nameKey(scientificName);
    const same = `${scientificKey}|${taxonomy.kingdom}`;
    const given = orNull(common_name);
    const name = given && englishNameCase(given);
    const names = name ? [{ language: 'en', name, preferred: true, nameKey: nameKey(name) }] : [];
    const taxon: TaxonInput = {
      id: `gbif:${taxonomy.id}`,
      scientificName,
      rank: scientificName.split(/\s+/).length > 2 ? 'subspecies' : 'species',
      kingdom: orNull(taxonomy.kingdom),
      phylum: orNull(taxonomy.phylum),
      class: orNull(taxonomy.class_),
      order: orNull(taxonomy.order),
      family: orNull(taxonomy.family),
      genus: orNull(taxonomy.genus),
      source: COMMON_SPECIES_SOURCE,
      sourceId: taxonomy.id,
      acceptedId: null,
      scientificKey,
      names,
    };
    const earlier = kept.get(same);
    if (!earlier) {
      kept.set(same, taxon);
      continue;
    }
    for (const extra of names) {
      if (!earlier.names.some((known) => known.nameKey === extra.nameKey)) {
        earlier.names.push({ ...extra, preferred: false });
      }
    }
    synonyms.push({ ...taxon, acceptedId: earlier.id, names: [] });
  }
  return [...kept.values(), ...synonyms, ...higherTaxa(kept.values())];
}

const RANKS = ['kingdom', 'phylum', 'class', 'order', 'family', 'genus'] as const;

/**
 * The kingdoms, phyla, classes, orders, families and genera of the species (issue 33), so that a
 * log of "Fraxinus", "Aves" or "Fungi" links and lists can group by family: one taxon a name
 * and rank in a kingdom (`seed:Plantae/genus/Fraxinus`), classified as its first species is.
 * eBird's birds replace the birds' ones when they load.
 */
function higherTaxa(species: Iterable<TaxonInput>): TaxonInput[] {
  const higher = new Map<string, TaxonInput>();
  for (const taxon of species) {
    RANKS.forEach((rank, depth) => {
      const scientificName = taxon[rank];
      if (!scientificName || !taxon.kingdom) return;
      const sourceId = `${taxon.kingdom}/${rank}/${scientificName}`;
      // one taxon a name in a kingdom: Parachela, an order of tardigrades, is a fish genus too
      const name = `${taxon.kingdom}/${scientificName}`;
      if (higher.has(name)) return;
      const above = (other: (typeof RANKS)[number]) =>
        RANKS.indexOf(other) <= depth ? taxon[other] : null;
      higher.set(name, {
        id: `seed:${sourceId}`,
        scientificName,
        rank,
        kingdom: taxon.kingdom,
        phylum: above('phylum'),
        class: above('class'),
        order: above('order'),
        family: above('family'),
        genus: above('genus'),
        source: COMMON_SPECIES_SOURCE,
        sourceId,
        acceptedId: null,
        scientificKey: nameKey(scientificName),
        names: [],
      });
    });
  }
  return [...higher.values()];
}
