// ISO 8601 date-times as the log form and the API exchange them (SPEC §3, ARCHITECTURE "Logs").
// Every date the API takes stays within the years 0001–9999 once read in UTC, and every offset
// within ±14:00 (the widest in use, Kiribati's): the database and the formats that carry the
// dates out (ISO 8601 without a sign, Darwin Core, eBird) have four-digit years (issue 21).

export const MIN_YEAR = 1;
export const MAX_YEAR = 9999;
const MAX_OFFSET_MINUTES = 14 * 60;

export const DATE_TIME_INVALID = 'Date and time must be valid';
export const DATE_TIME_OFFSET_RANGE =
  'The offset of a date and time must be between -14:00 and +14:00';
export const DATE_TIME_YEAR_RANGE = `Date and time must be between the years ${MIN_YEAR} and ${MAX_YEAR}`;

/** Milliseconds since the epoch of a UTC calendar time; years 0–99 are years 0–99, not 19xx. */
function utcTime(year: number, month: number, day: number, h = 0, mi = 0, s = 0, ms = 0) {
  const date = new Date(Date.UTC(2000, 0, 1, h, mi, s, ms));
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

/** The first and the last instant the API takes. */
export const MIN_INSTANT = new Date(utcTime(MIN_YEAR, 1, 1));
export const MAX_INSTANT = new Date(utcTime(MAX_YEAR, 12, 31, 23, 59, 59, 999));

export const isInstantInRange = (instant: Date) =>
  instant.getTime() >= MIN_INSTANT.getTime() && instant.getTime() <= MAX_INSTANT.getTime();

const isoDateTime =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Reads an ISO 8601 date-time (one without an offset is UTC): the instant, or why it is refused
 * (DATE_TIME_INVALID, DATE_TIME_OFFSET_RANGE or DATE_TIME_YEAR_RANGE).
 */
export function readIsoDateTime(text: string): { instant: Date } | { problem: string } {
  const match = isoDateTime.exec(text);
  if (!match) return { problem: DATE_TIME_INVALID };
  const [, year, month, day, hour, minute, second = '0', fraction = '0', offset] = match;
  const [y, mo, d, h, mi] = [year, month, day, hour, minute].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const s = Number(second);
  const utc = utcTime(y, mo, d, h, mi, s, Number(`0.${fraction}`) * 1000);
  const check = new Date(utc);
  const sameCalendar =
    check.getUTCFullYear() === y &&
    check.getUTCMonth() === mo - 1 &&
    check.getUTCDate() === d &&
    check.getUTCHours() === h &&
    check.getUTCMinutes() === mi &&
    s < 60;
  if (!sameCalendar) return { problem: DATE_TIME_INVALID }; // 2026-02-30 or 25:00 roll over
  const minutes = offsetMinutes(offset);
  if (minutes === undefined) return { problem: DATE_TIME_INVALID };
  if (Math.abs(minutes) > MAX_OFFSET_MINUTES) return { problem: DATE_TIME_OFFSET_RANGE };
  const instant = new Date(utc - minutes * 60_000);
  return isInstantInRange(instant) ? { instant } : { problem: DATE_TIME_YEAR_RANGE };
}

/** Reads an ISO 8601 date-time; one without an offset is UTC. Undefined when refused. */
export function parseIsoDateTime(text: string): Date | undefined {
  const reading = readIsoDateTime(text);
  return 'instant' in reading ? reading.instant : undefined;
}

/** The offset in minutes east of UTC; undefined for minutes of 60 or more (+05:60). */
function offsetMinutes(offset: string | undefined): number | undefined {
  if (!offset || offset.toUpperCase() === 'Z') return 0;
  const digits = offset.slice(1).replace(':', '');
  const minutesPart = Number(digits.slice(2));
  if (minutesPart >= 60) return undefined;
  const minutes = Number(digits.slice(0, 2)) * 60 + minutesPart;
  return offset.startsWith('-') ? -minutes : minutes;
}

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written YYYY-MM-DD, in the years 0001–9999. */
export function isIsoDate(text: string): boolean {
  const match = isoDate.exec(text);
  if (!match) return false;
  const [y, m, d] = match.slice(1).map(Number) as [number, number, number];
  if (y < MIN_YEAR) return false;
  const date = new Date(utcTime(y, m, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The instant a UTC day begins, `days` after the given YYYY-MM-DD. */
export function utcDayStart(day: string, days = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(utcTime(y, m, d + days));
}

/**
 * The calendar day `days` after the given YYYY-MM-DD, written the same way; the day after
 * 9999-12-31 is 10000-01-01 (the database reads it; a JavaScript ISO string would be +010000).
 */
export function dayAfter(day: string, days = 1): string {
  const date = utcDayStart(day, days);
  const year = date.getUTCFullYear();
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(year, 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}
