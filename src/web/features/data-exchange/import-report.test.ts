import { describe, expect, it } from 'vitest';
import type { ImportResult } from '../../../common/data-exchange/import';
import { importedMessage, previewMessage, reasonLine, unusualLine } from './import-report';

const report = (fields: Partial<ImportResult>): ImportResult => ({
  format: 'ebird',
  rows: 0,
  imported: 0,
  duplicates: 0,
  outings: 0,
  rejected: [],
  rejectedSummary: [],
  warnings: [],
  unusual: [],
  ...fields,
});
const countZero = {
  reason: 'count 0: a species reported as not seen',
  count: 12,
  lines: [4, 9, 11, 20, 21, 22, 23, 24, 25, 30],
};

describe('the import reports', () => {
  it('tells what a dry run found', () => {
    expect(
      previewMessage(report({ imported: 1234, duplicates: 3, rejectedSummary: [countZero] })),
    ).toBe('1,234 to import, 3 duplicates, 12 will be skipped');
    expect(previewMessage(report({ imported: 1, duplicates: 1 }))).toBe('1 to import, 1 duplicate');
    expect(reasonLine(countZero)).toBe(
      'count 0: a species reported as not seen (12 rows: lines 4, 9, 11, 20, 21, 22, 23, 24, 25, 30, …)',
    );
    expect(reasonLine({ reason: 'Count: Count must be a number', count: 1, lines: [7] })).toBe(
      'Count: Count must be a number (1 row: line 7)',
    );
  });

  it('counts what was imported and names the first warning', () => {
    expect(importedMessage(report({ imported: 1 }))).toBe('Imported 1 sighting');
    expect(
      importedMessage(
        report({
          format: 'sightbook',
          imported: 3,
          duplicates: 2,
          rejectedSummary: [countZero],
          warnings: [{ line: 2, message: 'Uploaded photos were left out' }],
        }),
      ),
    ).toBe('Imported 3 sightings, 2 already there, 12 skipped; Uploaded photos were left out');
  });

  it('tells each kind of unusual record, with its first species', () => {
    expect(
      unusualLine({
        kind: 'firstWithinKm',
        message: 'First record within 50 km on this instance',
        count: 2,
        species: ['Painted Bunting'],
      }),
    ).toBe('2 unusual: First record within 50 km on this instance (Painted Bunting)');
    const many = Array.from({ length: 12 }, (_, n) => `Species ${n + 1}`);
    expect(
      unusualLine({
        kind: 'countAbove',
        message: 'Count above what was ever recorded here in this season',
        count: 1200,
        species: many,
      }),
    ).toBe(
      `1,200 unusual: Count above what was ever recorded here in this season (${many.slice(0, 10).join(', ')})`,
    );
    expect(
      unusualLine({
        kind: 'notInWeeks',
        message: 'Not recorded here in this season',
        count: 1,
        species: [],
      }),
    ).toBe('1 unusual: Not recorded here in this season');
  });
});
