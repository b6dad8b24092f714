import { borders, feature, featuresContaining, iso1A2Code } from '@rapideditor/country-coder';

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

/** Older or other English names of countries that neither list below gives. */
const OTHER_NAMES: Record<string, string> = {
  'Czech Republic': 'CZ',
  'Ivory Coast': 'CI',
  Macedonia: 'MK',
  Burma: 'MM',
  'Cabo Verde': 'CV',
  Turkiye: 'TR',
};

/** A name as compared: lower case, without accents, punctuation, 'the' or 'and'/'&'. */
const nameKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\bst\.?\s/g, 'saint ')
    .replace(/&|\band\b|\bthe\b/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

let countryNames: Map<string, string> | undefined;

/** Every English name of every country and territory with an ISO code, by its key. */
function namesOfCountries(): Map<string, string> {
  if (countryNames) return countryNames;
  const english = new Intl.DisplayNames(['en'], { type: 'region' });
  const short = new Intl.DisplayNames(['en'], { type: 'region', style: 'short' });
  countryNames = new Map();
  for (const [name, code] of Object.entries(OTHER_NAMES)) countryNames.set(nameKey(name), code);
  for (const { properties } of borders.features) {
    const code = properties.iso1A2;
    if (!code || properties.isoStatus !== 'official') continue;
    const names = [
      properties.nameEn,
      english.of(code),
      short.of(code),
      ...(properties.aliases ?? []),
    ];
    for (const name of names) {
      // an alias may be a code of another scheme (UK, RA): only names with a space or 4+ letters
      if (name && (name.length > 3 || name.includes(' ')) && !countryNames.has(nameKey(name))) {
        countryNames.set(nameKey(name), code);
      }
    }
  }
  return countryNames;
}

/**
 * The ISO 3166-1 alpha-2 code of a country named in English ('United States', 'Côte d'Ivoire',
 * 'Czech Republic'), as iNaturalist's place_country_name writes it; undefined when unknown.
 */
export const countryNamed = (name: string): string | undefined =>
  name.trim() ? namesOfCountries().get(nameKey(name)) : undefined;
