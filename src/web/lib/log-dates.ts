// How a log's times read (SPEC §2), in the browser's locale and time zone unless given.

interface FormatPlace {
  locale?: string;
  timeZone?: string;
}

/** The card's "medium long format": 'May 1, 2026, 6:30 AM' in English. */
export const formatObservedMedium = (iso: string, { locale, timeZone }: FormatPlace = {}) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );

/** The details page's "long date 'at' time": 'May 1, 2026 at 6:30 AM' in English. */
export const formatObservedLong = (iso: string, { locale, timeZone }: FormatPlace = {}) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );

/** 'Created {date}' / 'Updated {date}': 'May 1, 2026'. */
export const formatDay = (iso: string, { locale, timeZone }: FormatPlace = {}) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(new Date(iso));
