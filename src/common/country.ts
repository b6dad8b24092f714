import { feature, featuresContaining, iso1A2Code } from '@rapideditor/country-coder';

// The country of a point, offline, for Darwin Core's countryCode (issue 24) and eBird's records.
// Its own module: the borders are large, and only the exports need them.

/** The ISO 3166-1 alpha-2 code of the country at the coordinates (its waters too); none at sea. */
export function countryAt(latitude: number, longitude: number): string | undefined {
  return iso1A2Code([longitude, latitude]) ?? undefined;
}

/** ISO 3166-2: the country's code, a dash, one to three letters or digits (US-HI, AU-TAS). */
const SUBDIVISION = /^([A-Z]{2})-[A-Z0-9]{1,3}$/;
const PARTS = new Set(['territory', 'subterritory']);

export interface Region {
  /** ISO 3166-1 alpha-2 of the country, or of the territory that has an official code of its own. */
  country: string;
  /** ISO 3166-2, where the borders draw the subdivision the point is in. */
  subdivision?: string;
}

/**
 * The region of a point as eBird names regions: a territory with an ISO 3166-1 code of its own
 * is a country apart (Puerto Rico is PR, Hong Kong HK), one whose code ISO only reserves (Ceuta's
 * EA) is its country's; and its ISO 3166-2 subdivision, where country-coder draws one (Hawaii,
 * Alaska, the four countries of the UK, Tasmania, the Azores…, not the other US states or most
 * countries' provinces).
 */
export function regionAt(latitude: number, longitude: number): Region | undefined {
  const point: [number, number] = [longitude, latitude];
  const territory = iso1A2Code(point, { level: 'territory' });
  const official = territory !== null && feature(territory)?.properties.isoStatus === 'official';
  const country = official ? territory : iso1A2Code(point);
  if (!country) return undefined;
  const subdivision = featuresContaining(point)
    .filter(({ properties }) => !properties.iso1A2 && PARTS.has(properties.level))
    .flatMap(({ properties }) => properties.aliases ?? [])
    .find((alias) => SUBDIVISION.exec(alias)?.[1] === country);
  return subdivision ? { country, subdivision } : { country };
}
