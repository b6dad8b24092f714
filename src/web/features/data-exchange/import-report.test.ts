import { describe, expect, it } from 'vitest';
import { importedMessage } from './import-report';

describe('the import success message', () => {
  it('counts the sightings and names the first warning', () => {
    expect(importedMessage({ format: 'ebird', imported: 1, rejected: [], warnings: [] })).toBe(
      'Imported 1 sighting',
    );
    expect(
      importedMessage({
        format: 'sightbook',
        imported: 3,
        rejected: [],
        warnings: [{ line: 2, message: 'Uploaded photos were left out' }],
      }),
    ).toBe('Imported 3 sightings; Uploaded photos were left out');
  });
});
