import type { ImportResult } from '../../../common/data-exchange/import';

/** What to tell after a successful import (beyond the spec: import is issue 5's addition). */
export function importedMessage({ imported, warnings }: ImportResult): string {
  const rows = `Imported ${imported} ${imported === 1 ? 'sighting' : 'sightings'}`;
  return warnings.length === 0 ? rows : `${rows}; ${warnings[0]!.message}`;
}
