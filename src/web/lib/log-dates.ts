import type { Log } from '../../common/logs/schemas';
import { canonicalTimeZone } from '../../common/zone-names';

// How a log's times read (SPEC §2): as they were at the place observed (the log's time zone),
// in the viewer's locale; a log without a zone reads in the viewer's time zone.

/** The viewer: their locale and time zone, the browser's unless given. */
interface Viewer {
  locale?: string;
  timeZone?: string;
}

/** What a log's observed time is made of; the map's points carry the same. */
export type ObservedTime = Pick<Log, 'observedAt'> & Partial<Pick<Log, 'timeZone' | 'timeKnown'>>;

export const TIME_NOT_RECORDED = 'time not recorded';

/** The browser's IANA zone, if it names one: Asia/Kolkata where Chrome says Asia/Calcutta. */
export function browserTimeZone(): string | undefined {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone ? (canonicalTimeZone(zone) ?? zone) : undefined;
}

/** True for a zone this browser knows (a name newer than its time zone data is not). */
export function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone a log's time reads in: its place's; a date-only log without one was stored at noon
 * UTC, so UTC gives its own date; any other log without one reads in the viewer's zone.
 */
function observedZone({ timeZone, timeKnown }: ObservedTime, viewer: Viewer) {
  if (timeZone && isKnownZone(timeZone)) return timeZone;
  return timeKnown === false ? 'UTC' : viewer.timeZone;
}

/** The zone's offset at the instant, as Intl names it ('GMT-07:00'); two equal ones read alike. */
const offsetName = (instant: Date, zone: string | undefined) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;

/** The zone's short name at the instant in the locale: 'MST' in English, else e.g. 'GMT+1'. */
export const zoneAbbreviation = (instant: Date, zone: string, locale?: string) =>
  new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value ?? zone;

/** True when the zone's clock reads differently from the viewer's at that instant. */
export const differsFromViewer = (instant: Date, zone: string, viewer: Viewer = {}) =>
  offsetName(instant, zone) !== offsetName(instant, viewer.timeZone);

/** Without `dateStyle`, the time alone: the day is said elsewhere (a heading of the list). */
function formatObserved(
  log: ObservedTime,
  dateStyle: 'medium' | 'long' | undefined,
  viewer: Viewer,
) {
  const instant = new Date(log.observedAt);
  const zone = observedZone(log, viewer);
  if (log.timeKnown === false) {
    if (!dateStyle) return TIME_NOT_RECORDED;
    const day = new Intl.DateTimeFormat(viewer.locale, { dateStyle, timeZone: zone });
    return `${day.format(instant)} · ${TIME_NOT_RECORDED}`;
  }
  const text = new Intl.DateTimeFormat(viewer.locale, {
    dateStyle,
    timeStyle: 'short', // Intl takes no timeZoneName beside the styles: the name is added after
    timeZone: zone,
  }).format(instant);
  if (!zone || !differsFromViewer(instant, zone, viewer)) return text;
  return `${text} ${zoneAbbreviation(instant, zone, viewer.locale)}`;
}

/**
 * The card's "medium long format": 'May 1, 2026, 6:30 AM' in English; at a place whose clock
 * differs from the viewer's, with its zone ('Jan 6, 2024, 10:40 AM MST'); a date-only log
 * 'Jan 6, 2024 · time not recorded'.
 */
export const formatObservedMedium = (log: ObservedTime, viewer: Viewer = {}) =>
  formatObserved(log, 'medium', viewer);

/** The time alone, under a heading that names the day: '6:30 AM', '10:40 AM MST', 'time not recorded'. */
export const formatObservedTime = (log: ObservedTime, viewer: Viewer = {}) =>
  formatObserved(log, undefined, viewer);

/** The details page's "long date 'at' time": 'May 1, 2026 at 6:30 AM' in English (and zone). */
export const formatObservedLong = (log: ObservedTime, viewer: Viewer = {}) =>
  formatObserved(log, 'long', viewer);

/** The day observed, as it was at the place: 'May 1, 2026' (long), 'Jan 6, 2024' (medium). */
export const formatObservedDay = (
  log: ObservedTime,
  viewer: Viewer = {},
  dateStyle: 'medium' | 'long' = 'long',
) =>
  new Intl.DateTimeFormat(viewer.locale, {
    dateStyle,
    timeZone: observedZone(log, viewer),
  }).format(new Date(log.observedAt));

/** The day observed, as it was at the place, as YYYY-MM-DD: what the list groups logs by. */
export const observedDay = (log: ObservedTime, viewer: Viewer = {}) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: observedZone(log, viewer) }).format(
    new Date(log.observedAt),
  ); // en-CA writes YYYY-MM-DD

/** The `<time>` element's machine-readable value: the instant, or the day of a date-only log. */
export const observedDateTime = (log: ObservedTime) =>
  log.timeKnown === false ? observedDay(log) : log.observedAt;

/** 'Created {date}' / 'Updated {date}': 'May 1, 2026'. */
export const formatDay = (iso: string, { locale, timeZone }: Viewer = {}) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(new Date(iso));
