import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REGIONS } from '../../src/common/regions.js';
import { englishNameCase, matchTier, nameKey } from '../../src/common/taxonomy.js';
import {
  encodeTaxaPack,
  readTaxaPack,
  searchTaxaPack,
  TaxaPackError,
} from '../../src/common/taxa-pack.js';

// The name keys and tiers both searches share, and the pack's text read back as written.

describe('name keys and match tiers', () => {
  it('folds case, accents and spaces', () => {
    expect(nameKey('  Barn   Owl ')).toBe('barn owl');
    expect(nameKey('Bärn\u00a0Owl')).toBe('barn owl');
    expect(nameKey("MÜLLER'S Haaniella")).toBe("muller's haaniella");
    expect(nameKey('Merle\tnoir')).toBe('merle noir');
  });

  it('gives any text the key of the full Unicode folding', () => {
    const folding = (name: string) =>
      name
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[\s\u00a0]+/g, ' ')
        .trim();
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (name) => nameKey(name) === folding(name)),
    );
    fc.assert(fc.property(fc.string(), (name) => nameKey(name) === folding(name)));
  });

  it('ranks the whole name, its start, a word start, anywhere', () => {
    expect(matchTier('barn owl', 'barn owl')).toBe(0);
    expect(matchTier('barn owl', 'barn')).toBe(1);
    expect(matchTier('barn owl', 'owl')).toBe(2);
    expect(matchTier('barn owl (eurasian)', 'eur')).toBe(2);
    expect(matchTier('snow/blue goose', 'blue')).toBe(2);
    expect(matchTier('great horned-owl', 'owl')).toBe(2);
    expect(matchTier("muller's", 's')).toBe(2);
    expect(matchTier('barn owl', 'arn')).toBe(3);
    expect(matchTier('barn owl', 'fox')).toBeUndefined();
  });

  it('writes English common names as eBird and field guides do', () => {
    expect(englishNameCase('Red fox')).toBe('Red Fox');
    expect(englishNameCase('Black-capped chickadee')).toBe('Black-capped Chickadee');
    expect(englishNameCase('lily of the valley')).toBe('Lily of the Valley');
    expect(englishNameCase("McCown's longspur")).toBe("McCown's Longspur");
    expect(englishNameCase('Red-winged Blackbird')).toBe('Red-winged Blackbird');
    // the key is unchanged: a search finds it as before
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect(nameKey(englishNameCase(name))).toBe(nameKey(name));
      }),
    );
  });
});

describe('the pack text', () => {
  const taxa = [
    { id: 'gbif:2497921', scientificName: 'Tyto alba', rank: 'species', kingdom: 'Animalia' },
    { id: 'gbif:5', scientificName: 'Animalia', rank: 'kingdom', kingdom: null },
    {
      id: 'gbif:2490719',
      scientificName: 'Turdus merula',
      rank: 'species',
      kingdom: 'Animalia',
      notability: 41,
      regions: REGIONS.europe | REGIONS.africa | REGIONS.asia,
      group: 'bird' as const,
    },
    { id: 'ebird:brnowl1', scientificName: 'Tyto alba [alba Group]', rank: 'subspecies' },
    { id: 'col:4QHKG', scientificName: 'Vulpes vulpes', rank: 'species', kingdom: 'Animalia' },
  ].map((taxon) => ({
    kingdom: null,
    notability: 0,
    regions: 0,
    group: taxon.kingdom === 'Animalia' ? ('animal' as const) : null,
    ...taxon,
  }));
  const names: Record<string, string[]> = {
    'gbif:2497921': ['Barn owl'],
    'gbif:2490719': ['Merle noir', 'Eurasian Blackbird', 'Common\tblackbird'],
    'ebird:brnowl1': ['Barn Owl (Eurasian)'],
  };
  const text = encodeTaxaPack(
    taxa.map((taxon) => ({ ...taxon, names: names[taxon.id] ?? [] })),
    { language: 'fr', complete: true },
  );

  it('reads back every taxon, its shown name and its other names', () => {
    const index = readTaxaPack(text);
    expect(index.header).toMatchObject({ language: 'fr', taxa: 5, complete: true });
    expect(index.taxa).toEqual(
      expect.arrayContaining([
        {
          id: 'gbif:2490719',
          scientificName: 'Turdus merula',
          commonName: 'Merle noir',
          rank: 'species',
          kingdom: 'Animalia',
          group: 'bird',
        },
        {
          id: 'gbif:5',
          scientificName: 'Animalia',
          commonName: null,
          rank: 'kingdom',
          kingdom: null,
          group: null,
        },
        {
          id: 'col:4QHKG',
          scientificName: 'Vulpes vulpes',
          commonName: null,
          rank: 'species',
          kingdom: 'Animalia',
          group: 'animal',
        },
        {
          id: 'ebird:brnowl1',
          scientificName: 'Tyto alba [alba Group]',
          commonName: 'Barn Owl (Eurasian)',
          rank: 'subspecies',
          kingdom: null,
          group: null,
        },
      ]),
    );
    // a tab in a name would split its line: it is a space
    expect(searchTaxaPack(index, 'common blackbird', 5).map((t) => t.id)).toEqual(['gbif:2490719']);
    expect(index.notability[index.taxa.findIndex((t) => t.id === 'gbif:2490719')]).toBe(41);
  });

  it('ranks by the place: living there, unknown, elsewhere', () => {
    const index = readTaxaPack(text);
    const ids = (region: number) => searchTaxaPack(index, 'b', 5, region).map((taxon) => taxon.id);
    // "b" starts "Barn owl" and "Barn Owl (Eurasian)" (ranges unknown, no other names) and a
    // word of "Eurasian Blackbird" (Europe, Africa, Asia; names in 41 languages): the best known
    // first anywhere and in Europe, last in North America
    expect(ids(0)[0]).toBe('gbif:2490719');
    expect(ids(REGIONS.europe)[0]).toBe('gbif:2490719');
    expect(ids(REGIONS.northAmerica).at(-1)).toBe('gbif:2490719');
  });

  it('writes numeric ids as differences, in order', () => {
    const lines = text.split('\n');
    expect(JSON.parse(lines[0]!).groups).toEqual([
      { prefix: 'col:', count: 1, numeric: false },
      { prefix: 'ebird:', count: 1, numeric: false },
      { prefix: 'gbif:', count: 3, numeric: true },
    ]);
    expect(lines.slice(3).map((line) => line.split('\t')[0])).toEqual([
      (5).toString(36),
      (2490719 - 5).toString(36),
      (2497921 - 2490719).toString(36),
    ]);
  });

  it('refuses a text of another format', () => {
    expect(() => readTaxaPack('<html>')).toThrow(TaxaPackError);
    expect(() => readTaxaPack(text.replace('"format":4', '"format":1'))).toThrow(
      'Species pack format 1 is not 4',
    );
    expect(() => readTaxaPack(text.split('\n').slice(0, 3).join('\n'))).toThrow(
      'The species pack holds 2 taxa, not 5',
    );
  });
});
