import type { Log } from '../../../../common/logs/schemas';

// How the details page words what a record brought from its source (issue 32).

const MACAULAY = /^https:\/\/(?:www\.)?macaulaylibrary\.org\/asset\/(\d+)\/?$/i;

/** A media link's text: 'Macaulay Library ML613192950', else its site and path. */
export function mediaLabel(url: string): string {
  const asset = MACAULAY.exec(url)?.[1];
  if (asset) return `Macaulay Library ML${asset}`;
  if (!URL.canParse(url)) return url;
  const { hostname, pathname } = new URL(url);
  return `${hostname.replace(/^www\./, '')}${pathname === '/' ? '' : pathname}`;
}

const SITES: Array<[host: RegExp, name: string]> = [
  [/(^|\.)ebird\.org$/i, 'eBird'],
  [/(^|\.)inaturalist\.org$/i, 'iNaturalist'],
];

/** The source link's text: 'View on eBird', 'View on iNaturalist', else 'View the source record'. */
export function sourceLabel(url: string): string {
  const host = URL.canParse(url) ? new URL(url).hostname : '';
  const site = SITES.find(([pattern]) => pattern.test(host))?.[1];
  return site ? `View on ${site}` : 'View the source record';
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** A country's English name by its ISO code; the code itself when unknown. */
export function countryName(code: string): string {
  try {
    return countryNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code; // not a region code at all
  }
}

type PlaceHierarchy = Pick<Log, 'county' | 'stateProvince' | 'countryCode'>;

/** County, State/Province, Country as the source named them: 'Tompkins, US-NY, United States'. */
export function hierarchyLine({ county, stateProvince, countryCode }: PlaceHierarchy): string {
  return [county, stateProvince, countryCode ? countryName(countryCode) : null]
    .filter(Boolean)
    .join(', ');
}
