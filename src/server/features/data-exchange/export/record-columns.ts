import { breedingCode, type BreedingCategory } from '../../../../common/logs/breeding-codes.js';
import { dwc, type ExportColumn, type ExportContext } from './export-column.js';
import type { ExportRow } from './queries.js';
import { place } from './place.js';

// The export columns of what a record brought from its source (issue 32): our CSV keeps each
// field as it is, for the import to read back; Darwin Core says it in its own terms.

/**
 * Publishing (`public`), the source's id of the place shows only where the exact point does: an
 * eBird location id names the spot the rounded coordinates hide.
 */
const placeIdShown = (row: ExportRow, context: ExportContext) =>
  context.scope === 'all' ||
  (place(row, context).generalisation === 'none' && row.locationShown.level === 'open');

/** Publishing, the county of an obscured or private place is withheld: it may narrow the cell. */
const countyShown = (row: ExportRow, context: ExportContext) =>
  context.scope === 'all' || row.locationShown.level === 'open';

/** The place hierarchy: Darwin Core's countryCode is columns.ts's, from the point when unknown. */
export const placeDetailColumns: Array<ExportColumn<ExportRow>> = [
  {
    csv: 'state_province',
    term: dwc('stateProvince'),
    userText: true,
    value: (row) => row.stateProvince,
  },
  {
    csv: 'county',
    term: dwc('county'),
    userText: true,
    value: (row, context) => (countyShown(row, context) ? row.county : null),
  },
  { csv: 'country_code', value: (row) => row.countryCode },
  {
    csv: 'location_id',
    term: dwc('locationID'),
    value: (row, context) => (placeIdShown(row, context) ? row.locationId : null),
  },
];

/** A breeding code's category as Darwin Core's reproductiveCondition reads (eBird's words). */
const REPRODUCTIVE: Record<BreedingCategory, string | null> = {
  Confirmed: 'breeding confirmed',
  Probable: 'breeding probable',
  Possible: 'breeding possible',
  Observed: null, // a flyover says nothing of breeding
};

/** Kingdoms whose captive individuals are cultivated: plants and fungi grow, animals are kept. */
const CULTIVATED_KINGDOMS = new Set(['plantae', 'fungi']);

export const recordDetailColumns: Array<ExportColumn<ExportRow>> = [
  { csv: 'breeding_code', value: (row) => row.breedingCode },
  {
    term: dwc('behavior'),
    value: (row) => (row.breedingCode ? (breedingCode(row.breedingCode)?.meaning ?? null) : null),
  },
  {
    term: dwc('reproductiveCondition'),
    value: (row) => {
      const entry = row.breedingCode ? breedingCode(row.breedingCode) : undefined;
      const condition = entry ? REPRODUCTIVE[entry.category] : null;
      return condition && `${condition} (eBird breeding code ${entry!.code})`;
    },
  },
  { csv: 'captive', value: (row) => row.captive },
  {
    // Darwin Core's Degree of Establishment vocabulary: captive (B1) or cultivated (B2). Its
    // establishmentMeans vocabulary has no word for it (native or introduced is not known).
    term: dwc('degreeOfEstablishment'),
    value: (row) =>
      row.captive
        ? CULTIVATED_KINGDOMS.has(row.kingdom?.toLowerCase() ?? '')
          ? 'cultivated'
          : 'captive'
        : null,
  },
  { csv: 'media_urls', value: (row) => row.mediaUrls.join(' ') },
  { csv: 'source_url', value: (row) => row.sourceUrl },
];
