import { localNoon, wallClockToInstant, type WallClock } from '../../../../common/place-time.js';

// Dates and times as the files write them, turned into instants: eBird's local wall-clock
// times, iNaturalist's UTC times and its observers' own date strings.

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const ISO_DATE = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;
const US_DATE = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/;

/** eBird's `2024-01-06` (2020 on) or `01-06-2024` (2017–2019 downloads); undefined otherwise. */
export function readDate(text: string): CalendarDate | undefined {
  const value = text.trim();
  const iso = ISO_DATE.exec(value);
  const us = iso ? undefined : US_DATE.exec(value);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : us
      ? [us[3], us[1], us[2]]
      : [undefined, undefined, undefined];
  if (!year) return undefined;
  const date = { year: Number(year), month: Number(month), day: Number(day) };
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
  const real =
    check.getUTCFullYear() === date.year &&
    check.getUTCMonth() === date.month - 1 &&
    check.getUTCDate() === date.day;
  return real ? date : undefined;
}

const CLOCK = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]\.?M\.?)?$/i;

/** `10:40 AM`, `7:05 pm`, `19:15` or `19:15:30`; undefined when it is no time of day. */
export function readClock(text: string): Omit<WallClock, keyof CalendarDate> | undefined {
  const match = CLOCK.exec(text.trim());
  if (!match) return undefined;
  const [, hours, minutes, seconds = '0', half] = match;
  let hour = Number(hours);
  const minute = Number(minutes);
  const second = Number(seconds);
  if (half) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (half[0]!.toUpperCase() === 'P' ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return { hour, minute, second };
}

export interface Observed {
  /** ISO 8601 UTC, for the write schema. */
  observedAt: string;
  timeKnown: boolean;
}

const iso = (instant: Date) => instant.toISOString();
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The wall clock read as UTC: how a time is kept when its place's zone is unknown. */
const asUtc = ({ year, month, day, hour, minute, second = 0 }: WallClock) =>
  `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}Z`;

const instants = new Map<string, string | undefined>();

/** A wall-clock time at a place of the zone (or read as UTC without one). */
export function atWallClock(clock: WallClock, zone: string | undefined): Observed | undefined {
  const written = asUtc(clock);
  if (!zone) return { observedAt: written, timeKnown: true };
  // The rows of a checklist share its start: the zone's rules are worked out once for them.
  const key = `${zone} ${written}`;
  if (!instants.has(key)) {
    if (instants.size >= 10_000) instants.clear();
    const instant = wallClockToInstant(clock, zone);
    instants.set(key, instant && iso(instant));
  }
  const observedAt = instants.get(key);
  return observedAt === undefined ? undefined : { observedAt, timeKnown: true };
}

/** A day without its time: noon at the place (UTC noon without a zone), time not known. */
export function onDay(date: CalendarDate, zone: string | undefined): Observed | undefined {
  const instant = zone
    ? localNoon(date, zone)
    : new Date(Date.UTC(date.year, date.month - 1, date.day, 12));
  return instant && { observedAt: iso(instant), timeKnown: false };
}

const UTC_TIME =
  /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(UTC|GMT|Z|[+-]\d{2}:?\d{2})?$/i;

/** iNaturalist's `time_observed_at`: `2020-06-13 16:45:00 UTC`, `… -0700`, or ISO 8601. */
export function readInstant(text: string): Date | undefined {
  const match = UTC_TIME.exec(text.trim());
  if (!match) return undefined;
  const [, date, time, zone = 'Z'] = match;
  const offset = /^(UTC|GMT|Z)$/i.test(zone)
    ? 'Z'
    : zone.length === 5
      ? `${zone.slice(0, 3)}:${zone.slice(3)}`
      : zone;
  const instant = new Date(`${date}T${time}${offset}`);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** What an observer's own date string says: the day, maybe a time, maybe its UTC offset. */
export interface ObservedString {
  date: CalendarDate;
  clock?: Omit<WallClock, keyof CalendarDate>;
  /** Minutes east of UTC, when the string carries an offset. */
  offset?: number;
}

const NUMERIC_DAY = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ,]+(.*))?$/;
// 'Sun May 14 2023 08:13:00 GMT-0700 (PDT)', 'May 14, 2023', 'May 3, 2024 5:15 PM'
const NAMED_MONTH =
  /^(?:[a-z]{3},?\s+)?([a-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})(?:[ ,]+(.*))?$/i;
// '8:13 AM', '08:13:00.000', then maybe an offset ('-0700', '-07:00', 'GMT-0700', 'UTC+5:30', and
// the two digits of moment.js and tzdata's numeric abbreviations: '-03', '+10'), maybe a zone's
// name or abbreviation ('(PDT)', '(GMT-3)').
const TIME_PART =
  /^(\d{1,2}:\d{2}(?::\d{2})?)(?:\.\d+)?(\s*[AP]\.?M\.?)?\s*(?:(Z)|(?:GMT|UTC)?\s*([+-])(\d{1,2})(?::?(\d{2}))?)?\s*(?:\(?[A-Z][A-Z0-9+-]{1,8}\)?)?$/i;

/** Minutes east of UTC of an offset's parts; undefined past ±14:00 or 59 minutes. */
function offsetMinutes(sign: string, hours: string, minutes = '0'): number | undefined {
  const total = Number(hours) * 60 + Number(minutes);
  if (Number(minutes) > 59 || total > 14 * 60) return undefined;
  return sign === '-' ? -total : total;
}

/**
 * iNaturalist's `observed_on_string`, as its observers and apps wrote it: `2023-05-14 08:13:00
 * -0700`, `2018/01/11 2:34 PM -03`, `2023/05/14 8:13 AM PDT`, `Sun May 14 2023 08:13:00 GMT-0700
 * (PDT)`, `May 14, 2023`. Zone abbreviations (PDT, CST) name no single offset and are not read.
 */
export function readObservedString(text: string): ObservedString | undefined {
  const value = text.trim();
  let year: string, month: number, day: string, rest: string | undefined;
  const numeric = NUMERIC_DAY.exec(value);
  const named = numeric ? undefined : NAMED_MONTH.exec(value);
  if (numeric) {
    [, year, , day, rest] = numeric as unknown as [string, string, string, string, string?];
    month = Number(numeric[2]);
  } else if (named) {
    month = MONTHS.indexOf(named[1]!.toLowerCase()) + 1;
    [day, year, rest] = [named[2]!, named[3]!, named[4]];
    if (month === 0) return undefined;
  } else {
    return undefined;
  }
  const date = readDate(`${year}-${month}-${day}`);
  if (!date) return undefined;
  if (!rest?.trim()) return { date };
  const time = TIME_PART.exec(rest.trim());
  const clock = time && readClock(`${time[1]}${time[2] ?? ''}`);
  if (!time || !clock) return { date }; // a time we cannot read: the day alone
  const [, , , utc, sign, hours, minutes] = time;
  if (utc) return { date, clock, offset: 0 };
  if (sign === undefined || hours === undefined) return { date, clock };
  const offset = offsetMinutes(sign, hours, minutes);
  return offset === undefined ? { date } : { date, clock, offset };
}

/** The instant a wall clock with a known UTC offset names. */
export function atOffset(
  date: CalendarDate,
  clock: ObservedString['clock'] & object,
  offset: number,
) {
  const utc = Date.UTC(
    date.year,
    date.month - 1,
    date.day,
    clock.hour,
    clock.minute,
    clock.second ?? 0,
  );
  return new Date(utc - offset * 60_000);
}
