import type { Cells } from './csv-format.js';

// What a Sightbook export says of a log's source record (issue 32): the columns our CSV added for
// it, read back as written. A file from before them has none: its logs have none either.

/** 'true' and 'false' as booleans, '' as absent; anything else goes on, for the schema to refuse. */
const flagCell = (value: string) => {
  const trimmed = value.trim();
  return trimmed === 'true' ? true : trimmed === 'false' ? false : trimmed || undefined;
};

/** The record details of a Sightbook row; `text` reads a cell the export guarded as text. */
export function sightbookDetails(cells: Cells, text: (column: string) => string) {
  const captive = flagCell(cells('captive'));
  return {
    county: text('county'),
    stateProvince: text('state_province'),
    countryCode: cells('country_code'),
    locationId: cells('location_id'),
    breedingCode: cells('breeding_code'),
    ...(captive === undefined ? {} : { captive }),
    mediaUrls: cells('media_urls').split(/\s+/).filter(Boolean),
    sourceUrl: cells('source_url'),
  };
}

/** The file's column behind each of these fields, to name it in a rejection. */
export const sightbookDetailColumnOf = {
  county: 'county',
  stateProvince: 'state_province',
  countryCode: 'country_code',
  locationId: 'location_id',
  breedingCode: 'breeding_code',
  captive: 'captive',
  mediaUrls: 'media_urls',
  sourceUrl: 'source_url',
};

/**
 * The location privacy a Sightbook row names (issue 35); an empty cell is absent, for the
 * account's default. Anything else goes on, for the schema to refuse with its column.
 */
export function sightbookPrivacy(cells: Cells) {
  const level = cells('location_privacy').trim().toLowerCase();
  const embargo = cells('location_embargo_until').trim();
  return {
    ...(level ? { locationPrivacy: level } : {}),
    ...(embargo ? { locationEmbargoUntil: embargo } : {}),
  };
}
