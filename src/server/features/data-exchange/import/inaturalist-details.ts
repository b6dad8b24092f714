import { countryAt, countryNamed } from '../../../../common/country.js';
import { RECORD_LIMITS } from '../../../../common/logs/record-details.js';
import type { Cells } from './csv-format.js';

// What an iNaturalist row says besides the sighting (issue 32): the observation's page, whether
// it was captive or cultivated, and its place's county, state and country as iNaturalist names
// them. An export holds these columns only when they were ticked: each may be missing ('').

/** The observation's page, when `url` holds an http or https link short enough to keep. */
export function observationUrl(cell: string): { sourceUrl: string | null; warnings: string[] } {
  const text = cell.trim();
  const link =
    text.length <= RECORD_LIMITS.sourceUrl &&
    URL.canParse(text) &&
    ['http:', 'https:'].includes(new URL(text).protocol);
  if (link || text === '') return { sourceUrl: link ? text : null, warnings: [] };
  return {
    sourceUrl: null,
    warnings: [`url: "${text.slice(0, 80)}" is no link to keep; left out`],
  };
}

/** captive_cultivated: 'true' is captive or cultivated; 'false' or none is wild. */
export const captiveOf = (cell: string) =>
  cell.trim().toLowerCase() === 'true' ? { captive: true } : {};

/**
 * The place hierarchy of a row: the county and state as iNaturalist names them, the country's
 * ISO code from its name, else from the point (`point`: coordinates that may be read, not an
 * obscured cell's). A country named that no code is known for goes on in the notes, said so.
 */
export function iNaturalistPlace(
  cells: Cells,
  point: { latitude: unknown; longitude: unknown } | undefined,
) {
  const country = cells('place_country_name').trim();
  const { latitude, longitude } = point ?? {};
  const located =
    typeof latitude === 'number' && typeof longitude === 'number' && Math.abs(latitude) <= 90
      ? countryAt(latitude, longitude)
      : undefined;
  const countryCode = countryNamed(country) ?? located ?? null;
  const unknown = country !== '' && countryCode === null;
  return {
    input: {
      county: cells('place_county_name'),
      stateProvince: cells('place_state_name'),
      countryCode,
    },
    noteLines: unknown ? [`Country: ${country}`] : [],
    warnings: unknown
      ? [`place_country_name: "${country}" is no country known here; kept in the notes`]
      : [],
  };
}
