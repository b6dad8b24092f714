import { describe, expect, it } from 'vitest';
import { breedingCodeLabel, readBreedingCell } from './breeding-codes.js';

describe("eBird's breeding codes", () => {
  it.each([
    ['F Flyover', 'F'], // "My eBird Data", 2024
    ['S7 Singing Bird Present 7+ days', 'S7'],
    ['S7 Singing Male Present 7+ days', 'S7'], // eBird's words until 2021
    ['CS Carrying Fecal Sac', 'CS'], // the checklist label of the fecal sac
    ['fy', 'FY'],
    ['NY--Nest with young', 'NY'],
    ['C4 Confirmed--Carrying Food', 'CF'], // a category before the words
    ['Carrying Food (Confirmed)', 'CF'],
    ['Multiple (7+) Singing Males', 'M'],
    ['', undefined],
    ['X9 Something odd', undefined],
    ['Seen well', undefined],
  ])('reads the cell %j as %j', (cell, code) => {
    expect(readBreedingCell(cell)).toBe(code);
  });

  it('labels a code with its meaning', () => {
    expect(breedingCodeLabel('FY')).toBe('FY · Feeding young');
    expect(breedingCodeLabel('s7')).toBe('S7 · Singing bird present 7+ days');
  });
});
