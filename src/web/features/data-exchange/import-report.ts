import { rejectedCount, type ImportResult } from '../../../common/data-exchange/import';

// What the import dialog tells (beyond the spec: import is issues 5 and 24's addition).

const number = (value: number) => value.toLocaleString('en');
const sightings = (count: number) => `${number(count)} ${count === 1 ? 'sighting' : 'sightings'}`;

/** The dry run's answer: "1,234 to import, 3 duplicates, 2 will be skipped". */
export function previewMessage(report: ImportResult): string {
  const parts = [`${number(report.imported)} to import`];
  if (report.duplicates > 0) {
    parts.push(
      `${number(report.duplicates)} ${report.duplicates === 1 ? 'duplicate' : 'duplicates'}`,
    );
  }
  const skipped = rejectedCount(report);
  if (skipped > 0) parts.push(`${number(skipped)} will be skipped`);
  return parts.join(', ');
}

/** One reason rows are skipped for: "count 0: … (3 rows: lines 4, 15, 25)". */
export function reasonLine({ reason, count, lines }: ImportResult['rejectedSummary'][number]) {
  const more = count > lines.length ? ', …' : '';
  const where = `${count === 1 ? 'line' : 'lines'} ${lines.join(', ')}${more}`;
  return `${reason} (${count === 1 ? '1 row' : `${number(count)} rows`}: ${where})`;
}

/** Species an unusual group names at most (the server sends no more). */
const UNUSUAL_SPECIES_SHOWN = 10;

/**
 * One kind of unusual record in a dry run or a report (issue 36):
 * "2 unusual: First record within 50 km on this instance (Painted Bunting)".
 */
export function unusualLine({ count, message, species }: ImportResult['unusual'][number]) {
  const shown = species.slice(0, UNUSUAL_SPECIES_SHOWN);
  const names = shown.length > 0 ? ` (${shown.join(', ')})` : '';
  return `${number(count)} unusual: ${message}${names}`;
}

/** What to tell after an import. */
export function importedMessage(result: ImportResult): string {
  const parts = [`Imported ${sightings(result.imported)}`];
  if (result.duplicates > 0) parts.push(`${number(result.duplicates)} already there`);
  const skipped = rejectedCount(result);
  if (skipped > 0) parts.push(`${number(skipped)} skipped`);
  const first = result.warnings[0];
  return first ? `${parts.join(', ')}; ${first.message}` : parts.join(', ');
}
