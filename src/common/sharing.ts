import type { LogPhoto, SharedLog } from './logs/schemas.js';
import type { SharedOuting } from './outings/schemas.js';
import { PREVIEW_SIZE, previewUrl } from './photos.js';
import { spectrogramRange } from './recordings.js';
import { sharedLogPath, sharedOutingPath } from './routes.js';

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
  'twitter:image:alt',
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
  | 'recordings'
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

/**
 * The log's description, else '{count} {species} observed[ at {place}] on {date}' (SPEC §2); an
 * X (present, not counted) has no number, a 0 is signs of the species (issue 32).
 */
export function sightingSummary(log: PreviewLog, formatDay: PreviewPlace['formatDay']): string {
  if (log.description?.trim()) return log.description;
  const place = log.placeName ? ` at ${log.placeName}` : '';
  const seen =
    log.count === null
      ? `${log.speciesCommon} observed`
      : log.count === 0
        ? `Signs of ${log.speciesCommon} found`
        : `${log.count} ${log.speciesCommon} observed`;
  return `${seen}${place} on ${formatDay(log)}`;
}

export function logLinkPreview(log: PreviewLog, place: PreviewPlace): LinkPreview {
  const title = sightingTitle(log);
  const description = sightingSummary(log, place.formatDay);
  return articlePreview(
    title,
    description,
    `${place.origin}${sharedLogPath(log.id)}`,
    previewImage([log], title, place.origin),
    place,
  );
}

/** The picture of a preview, with its size and what it shows. */
interface PreviewImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * The first uploaded photo of these (public) logs, as its 1200x630 preview (external links are
 * not fetched); else, issue 37, the spectrogram of their first recording, as it is.
 */
function previewImage(
  logs: Array<Pick<SharedLog, 'speciesCommon' | 'photos' | 'recordings'>>,
  title: string,
  origin: string,
): PreviewImage | undefined {
  const isUploaded = (photo: LogPhoto) => photo.sourceType === 'uploaded';
  const photo = logs.flatMap((log) => log.photos).find(isUploaded);
  if (photo) return { url: `${origin}${previewUrl(photo.url)}`, ...PREVIEW_SIZE, alt: title };
  for (const log of logs) {
    const [recording] = log.recordings;
    if (!recording) continue;
    return {
      url: `${origin}${recording.spectrogramUrl}`,
      width: recording.width,
      height: recording.height,
      alt: `Spectrogram of the ${log.speciesCommon} recording, ${spectrogramRange(recording.maxHz)}`,
    };
  }
  return undefined;
}

/** The smallest image Twitter (X) shows in a large card; a smaller one gets the summary card. */
const LARGE_CARD_MIN = { width: 300, height: 157 } as const;

type PreviewOuting = Pick<
  SharedOuting,
  | 'id'
  | 'placeName'
  | 'startedAt'
  | 'timeZone'
  | 'protocol'
  | 'durationMinutes'
  | 'distanceKm'
  | 'species'
  | 'individuals'
  | 'logs'
>;

/** '{place} outing' or 'Outing' (issue 22). */
export const outingTitle = (outing: Pick<SharedOuting, 'placeName'>) =>
  outing.placeName ? `Outing at ${outing.placeName}` : 'Outing';

const count = (value: number, one: string, many: string) =>
  `${value.toLocaleString('en-US')} ${value === 1 ? one : many}`;

/**
 * '{n} species and {m} individuals[ at {place}] on {date}', then the effort when recorded:
 * ' (traveling, 95 minutes, 3.4 km)'.
 */
export function outingSummary(outing: PreviewOuting, formatDay: PreviewPlace['formatDay']): string {
  const where = outing.placeName ? ` at ${outing.placeName}` : '';
  const day = formatDay({
    observedAt: outing.startedAt,
    timeZone: outing.timeZone,
    timeKnown: true,
  });
  const effort = [
    outing.protocol,
    outing.durationMinutes === null ? null : count(outing.durationMinutes, 'minute', 'minutes'),
    outing.distanceKm === null ? null : `${Number(outing.distanceKm.toFixed(2))} km`,
  ].filter(Boolean);
  return `${count(outing.species, 'species', 'species')} and ${count(outing.individuals, 'individual', 'individuals')}${where} on ${day} (${effort.join(', ')})`;
}

/**
 * A public outing's preview: its place, what was seen, and the first uploaded photo of its logs,
 * else the spectrogram of their first recording.
 */
export function outingLinkPreview(outing: PreviewOuting, place: PreviewPlace): LinkPreview {
  const title = outingTitle(outing);
  return articlePreview(
    title,
    outingSummary(outing, place.formatDay),
    `${place.origin}${sharedOutingPath(outing.id)}`,
    previewImage(outing.logs, title, place.origin),
    place,
  );
}

function articlePreview(
  title: string,
  description: string,
  url: string,
  image: PreviewImage | undefined,
  place: Pick<PreviewPlace, 'appName'>,
): LinkPreview {
  const large =
    image !== undefined &&
    image.width >= LARGE_CARD_MIN.width &&
    image.height >= LARGE_CARD_MIN.height;
  return {
    documentTitle: `${title} - ${place.appName}`,
    tags: [
      tag('name', 'description', description),
      tag('property', 'og:title', title),
      tag('property', 'og:description', description),
      tag('property', 'og:type', 'article'),
      tag('property', 'og:url', url),
      tag('property', 'og:site_name', place.appName),
      ...(image
        ? [
            tag('property', 'og:image', image.url),
            tag('property', 'og:image:width', String(image.width)),
            tag('property', 'og:image:height', String(image.height)),
            tag('property', 'og:image:alt', image.alt),
          ]
        : []),
      tag('name', 'twitter:card', large ? 'summary_large_image' : 'summary'),
      tag('name', 'twitter:title', title),
      tag('name', 'twitter:description', description),
      ...(image
        ? [tag('name', 'twitter:image', image.url), tag('name', 'twitter:image:alt', image.alt)]
        : []),
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
