import { describe, expect, it } from 'vitest';
import type { Taxon } from '../../../../common/taxonomy';
import { firstOption, labelOf, speciesOptions } from './species-options';

const barnOwl: Taxon = {
  id: 'gbif:2497921',
  scientificName: 'Tyto alba',
  commonName: 'Barn owl',
  rank: 'species',
  kingdom: 'Animalia',
};
const snowyOwl: Taxon = {
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
});

describe('the Common Name picker', () => {
  it('leads with the name typed in another case, so Enter never makes a variant', () => {
    const options = speciesOptions(own, [barnOwl, snowyOwl], 'barn owl', '');
    expect(labels(options)).toEqual({ leading: 'own:Barn Owl', own: [], taxa: ['Snowy owl'] });
    expect(firstOption(options)?.value).toBe('own:Barn Owl');
  });

  it('leads with a species typed by its scientific name', () => {
    const options = speciesOptions([], [barnOwl], 'TYTO ALBA', '');
    expect(options.leading).toEqual({ kind: 'taxon', value: 'taxon:gbif:2497921', taxon: barnOwl });
  });

  it('offers the typed text as new only when nothing is named so', () => {
    const options = speciesOptions(own, [barnOwl, snowyOwl], 'owl', '');
    // the user's Barn Owl stands for the taxon they log it as: listed once
    expect(labels(options)).toEqual({
      leading: 'new:owl',
      own: ['Barn Owl', 'Little Owl'],
      taxa: ['Snowy owl'],
    });
  });

  it('lists the user’s names without a search, and no taxa', () => {
    expect(labels(speciesOptions(own, [], '', 'Kestrel'))).toEqual({
      leading: undefined,
      own: ['Barn Owl', 'Little Owl', 'Kestrel'],
      taxa: [],
    });
  });
});
