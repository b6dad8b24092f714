import { iso1A2Code } from '@rapideditor/country-coder';

// The country of a point, offline, for Darwin Core's countryCode (issue 24). Its own module: the
// borders are large, and only the exports need them.

/** The ISO 3166-1 alpha-2 code of the country at the coordinates (its waters too); none at sea. */
export function countryAt(latitude: number, longitude: number): string | undefined {
  return iso1A2Code([longitude, latitude]) ?? undefined;
}
