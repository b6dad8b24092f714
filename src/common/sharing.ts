import type { SharedLog } from './logs/schemas.js';
import { PREVIEW_SIZE, previewUrl } from './photos.js';
import { sharedLogPath } from './routes.js';

// The link preview of a shared log (SPEC §2 "Public shared log"): the server writes these tags
// into the page for crawlers, which run no script; the page sets the same ones in the browser.

/** One `<meta>` tag: Open Graph uses `property`, Twitter cards and descriptions use `name`. */
export interface MetaTag {
  attribute: 'property' | 'name';
  key: string;
  content: string;
}

export interface LinkPreview {
  /** The document title: '{common name} sighting[ at {place}] - {product}'. */
  documentTitle: string;
  tags: MetaTag[];
}

/** Every tag key a preview may set, so that a page can clear the ones a log does not use. */
export const linkPreviewKeys = [
  'description',
  'og:title',
  'og:description',
  'og:type',
  'og:url',
  'og:site_name',
  'og:image',
  'og:image:width',
  'og:image:height',
  'og:image:alt',
  'twitter:card',
  'twitter:title',
  'twitter:description',
  'twitter:image',
] as const;

type PreviewLog = Pick<
  SharedLog,
  | 'id'
  | 'speciesCommon'
  | 'count'
  | 'placeName'
  | 'observedAt'
  | 'timeZone'
  | 'timeKnown'
  | 'description'
  | 'photos'
>;

/** What the day observed is read from: the instant, at the place's zone when the log has one. */
export type ObservedDay = Pick<SharedLog, 'observedAt' | 'timeZone' | 'timeKnown'>;

interface PreviewPlace {
  /** Origin of share links and image URLs: PUBLIC_URL, else the request's or the page's. */
  origin: string;
  appName: string;
  /** The observation day as readers see it ('May 1, 2026'), the day it was at the place. */
  formatDay: (log: ObservedDay) => string;
}

const tag = (attribute: MetaTag['attribute'], key: string, content: string): MetaTag => ({
  attribute,
  key,
  content,
});

export function sightingTitle(log: Pick<SharedLog, 'speciesCommon' | 'placeName'>): string {
  return `${log.speciesCommon} sighting${log.placeName ? ` at ${log.placeName}` : ''}`;
}

/** The log's description, else '{count} {species} observed[ at {place}] on {date}' (SPEC §2). */
export function sightingSummary(log: PreviewLog, formatDay: PreviewPlace['formatDay']): string {
  if (log.description?.trim()) return log.description;
  const place = log.placeName ? ` at ${log.placeName}` : '';
  return `${log.count} ${log.speciesCommon} observed${place} on ${formatDay(log)}`;
}

export function logLinkPreview(log: PreviewLog, place: PreviewPlace): LinkPreview {
  const title = sightingTitle(log);
  const description = sightingSummary(log, place.formatDay);
  // the 1200x630 preview exists only for uploaded photos; external links are not fetched
  const photo = log.photos.find((one) => one.sourceType === 'uploaded');
  const image = photo && `${place.origin}${previewUrl(photo.url)}`;
  return {
    documentTitle: `${title} - ${place.appName}`,
    tags: [
      tag('name', 'description', description),
      tag('property', 'og:title', title),
      tag('property', 'og:description', description),
      tag('property', 'og:type', 'article'),
      tag('property', 'og:url', `${place.origin}${sharedLogPath(log.id)}`),
      tag('property', 'og:site_name', place.appName),
      ...(image
        ? [
            tag('property', 'og:image', image),
            tag('property', 'og:image:width', String(PREVIEW_SIZE.width)),
            tag('property', 'og:image:height', String(PREVIEW_SIZE.height)),
            tag('property', 'og:image:alt', title),
          ]
        : []),
      tag('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
      tag('name', 'twitter:title', title),
      tag('name', 'twitter:description', description),
      ...(image ? [tag('name', 'twitter:image', image)] : []),
    ],
  };
}

/** A private or missing log: the product's own card, nothing of the log. */
export function genericLinkPreview(
  url: string,
  place: Pick<PreviewPlace, 'appName'>,
  description: string,
): LinkPreview {
  return {
    documentTitle: place.appName,
    tags: [
      tag('name', 'description', description),
      tag('property', 'og:title', place.appName),
      tag('property', 'og:description', description),
      tag('property', 'og:type', 'website'),
      tag('property', 'og:url', url),
      tag('property', 'og:site_name', place.appName),
      tag('name', 'twitter:card', 'summary'),
      tag('name', 'twitter:title', place.appName),
      tag('name', 'twitter:description', description),
    ],
  };
}
