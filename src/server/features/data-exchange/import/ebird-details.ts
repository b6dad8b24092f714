import { readBreedingCell } from '../../../../common/logs/breeding-codes.js';
import { RECORD_LIMITS } from '../../../../common/logs/record-details.js';
import type { Cells } from './csv-format.js';

// What an eBird row says besides the sighting (issue 32): its breeding code, its Macaulay
// Library media, its place in eBird's hierarchy and its checklist's page. What cannot be kept
// as a field goes on in the notes, and the import report says so: nothing is dropped unsaid.

export const checklistUrl = (checklist: string) => `https://ebird.org/checklist/${checklist}`;

/** A Macaulay Library asset's page, by its catalog number. */
export const macaulayUrl = (catalogNumber: string) =>
  `https://macaulaylibrary.org/asset/${catalogNumber}`;

/**
 * The columns of "My eBird Data" the reader takes (formats.ts and the functions below), every
 * layout's: the report names any other column of a file as left out. Taxonomic Order is eBird's
 * sort order of a year's taxonomy, renumbered every year: nothing of the record.
 */
export const EBIRD_COLUMNS = new Set([
  'Submission ID',
  'Common Name',
  'Scientific Name',
  'Taxonomic Order',
  'Count',
  'State/Province',
  'County',
  'Location ID',
  'Location',
  'Latitude',
  'Longitude',
  'Date',
  'Time',
  'Protocol',
  'Duration (Min)',
  'All Obs Reported',
  'Distance Traveled (km)',
  'Area Covered (ha)',
  'Number of Observers',
  'Breeding Code',
  'Species Comments',
  'Observation Details',
  'Checklist Comments',
  'ML Catalog Numbers',
]);

/** The place of an eBird row in eBird's hierarchy: its log's and its checklist's. */
export function eBirdPlace(cells: Cells) {
  const stateProvince = cells('State/Province').trim(); // 'US-NY', as eBird writes it
  const country = /^([A-Za-z]{2})(-|$)/.exec(stateProvince)?.[1];
  return {
    county: cells('County').trim(),
    stateProvince,
    countryCode: country ? country.toUpperCase() : null,
    locationId: cells('Location ID').trim(),
  };
}

/**
 * The Breeding Code and ML Catalog Numbers of an eBird row: the code ('FY Feeding Young' is
 * FY), the Macaulay Library links (numbers apart by spaces, commas or semicolons, 'ML' before
 * them or not), and what is kept as a line of the notes instead, each with a warning.
 */
export function eBirdDetails(cells: Cells) {
  const warnings: string[] = [];
  const noteLines: string[] = [];
  const breedingCell = cells('Breeding Code').trim();
  const breedingCode = readBreedingCell(breedingCell) ?? null;
  if (breedingCell && !breedingCode) {
    noteLines.push(`Breeding code: ${breedingCell}`);
    warnings.push(
      `Breeding Code: "${breedingCell}" is not one of eBird's codes; kept in the notes`,
    );
  }
  const tokens = cells('ML Catalog Numbers')
    .split(/[\s,;]+/)
    .filter(Boolean);
  const numbers = tokens.flatMap((token) => /^(?:ML)?(\d{1,15})$/i.exec(token)?.[1] ?? []);
  const others = tokens.filter((token) => !/^(?:ML)?\d{1,15}$/i.test(token));
  const unique = [...new Set(numbers)];
  const kept = unique.slice(0, RECORD_LIMITS.mediaUrls);
  const beyond = unique.slice(RECORD_LIMITS.mediaUrls);
  if (others.length > 0) {
    noteLines.push(`ML Catalog Numbers: ${others.join(' ')}`);
    warnings.push(
      `ML Catalog Numbers: ${others.join(' ')} ${others.length === 1 ? 'is' : 'are'} no catalog number; kept in the notes`,
    );
  }
  if (beyond.length > 0) {
    noteLines.push(`More Macaulay Library media: ${beyond.map((n) => `ML${n}`).join(' ')}`);
    warnings.push(
      `ML Catalog Numbers: ${unique.length} media, a log links at most ${RECORD_LIMITS.mediaUrls}; the other ${beyond.length} are kept in the notes`,
    );
  }
  return { breedingCode, mediaUrls: kept.map(macaulayUrl), noteLines, warnings };
}

/** The columns of the header that no reader takes: the report names them as left out. */
export const eBirdColumnsLeftOut = (header: string[]) =>
  header.filter((column) => column !== '' && !EBIRD_COLUMNS.has(column));
