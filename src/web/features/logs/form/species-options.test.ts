import { describe, expect, it } from 'vitest';
import type { TaxonHit } from '../../../../common/taxonomy';
import { firstOption, labelOf, speciesOptions } from './species-options';

const barnOwl: TaxonHit = {
  id: 'gbif:2497921',
  scientificName: 'Tyto alba',
  commonName: 'Barn owl',
  rank: 'species',
  kingdom: 'Animalia',
  group: 'bird',
};
const snowyOwl: TaxonHit = {
  ...barnOwl,
  id: 'gbif:5959238',
  scientificName: 'Bubo scandiacus',
  commonName: 'Snowy owl',
};
const own = [
  { common: 'Barn Owl', scientific: 'Tyto alba' },
  { common: 'Little Owl', scientific: null },
];
const labels = (options: ReturnType<typeof speciesOptions>) => ({
  leading: options.leading && `${options.leading.kind}:${labelOf(options.leading)}`,
  own: options.own.map(labelOf),
  taxa: options.taxa.map(labelOf),
  typed: options.typed && labelOf(options.typed),
});

describe('the Common Name picker', () => {
  it('leads with the name typed in another case, so Enter never makes a variant', () => {
    const options = speciesOptions(own, [barnOwl, snowyOwl], 'barn owl', '');
    expect(labels(options)).toEqual({
      leading: 'own:Barn Owl',
      own: [],
      taxa: ['Snowy owl'],
      typed: undefined,
    });
    expect(firstOption(options)?.value).toBe('own:Barn Owl');
  });

  it('leads with a species typed by its scientific name', () => {
    const options = speciesOptions([], [barnOwl], 'TYTO ALBA', '');
    expect(options.leading).toEqual({ kind: 'taxon', value: 'taxon:gbif:2497921', taxon: barnOwl });
  });

  it('offers the typed text last, and Enter takes the best match (issue 34)', () => {
    const options = speciesOptions(own, [barnOwl, snowyOwl], 'owl', '');
    // the user's Barn Owl stands for the taxon they log it as: listed once
    expect(labels(options)).toEqual({
      leading: undefined,
      own: ['Barn Owl', 'Little Owl'],
      taxa: ['Snowy owl'],
      typed: 'owl',
    });
    expect(firstOption(options)?.value).toBe('own:Barn Owl');
    // "robin" with no name of one's own: the backbone's first, never the typed text
    const robin = { ...barnOwl, id: 'ebird:amerob', commonName: 'American Robin' };
    expect(firstOption(speciesOptions([], [robin], 'robin', ''))?.value).toBe('taxon:ebird:amerob');
    // the typed text only when nothing matches it
    expect(firstOption(speciesOptions([], [], 'Northern', ''))?.value).toBe('new:Northern');
  });

  it('lists the user’s names without a search, and no taxa', () => {
    expect(labels(speciesOptions(own, [], '', 'Kestrel'))).toEqual({
      leading: undefined,
      own: ['Barn Owl', 'Little Owl', 'Kestrel'],
      taxa: [],
      typed: undefined,
    });
  });
});
