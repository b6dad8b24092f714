import { TZDate, tzOffset } from '@date-fns/tz';

// The time as it was at the place observed (issue 24): a log keeps an instant (UTC) and the IANA
// zone of its place; wall-clock times in files (eBird) become instants through that zone, and a
// date-only record sits at local noon of its day.

export { zoneAt } from './place-zone.js'; // kept apart for the web bundle

export interface WallClock {
  year: number;
  month: number; // 1–12
  day: number;
  hour: number;
  minute: number;
  second?: number;
}

const DAY_MS = 86_400_000;
/** The zone's offset from UTC at the instant, in milliseconds (+05:30 is 19,800,000). */
const offsetMs = (instant: number, zone: string) =>
  Math.round(tzOffset(zone, new Date(instant)) * 60_000);

/**
 * The instant a wall-clock time in the zone names; undefined when the calendar date does not
 * exist. In a DST gap the clock is read forward (02:30 on a spring-forward day is 03:30), in a
 * repeated hour the first of the two is taken.
 */
export function wallClockToInstant(clock: WallClock, zone: string): Date | undefined {
  const { year, month, day, hour, minute, second = 0 } = clock;
  const calendar = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const exists =
    calendar.getUTCFullYear() === year &&
    calendar.getUTCMonth() === month - 1 &&
    calendar.getUTCDate() === day &&
    calendar.getUTCHours() === hour &&
    calendar.getUTCMinutes() === minute;
  if (!exists || year < 1 || year > 9999) return undefined;
  // The offsets a day either side: one offset fits all but the days a zone changes clocks.
  const wall = calendar.getTime();
  const before = offsetMs(wall - DAY_MS, zone);
  const after = offsetMs(wall + DAY_MS, zone);
  if (before === after) return new Date(wall - before);
  // A repeated hour fits both offsets (the earlier instant is taken); a gap fits neither, and
  // is read with the offset before it, the clock moved on by the gap. (TZDate took the later
  // of a repeated hour east of Greenwich: Sydney's 02:30 on 7 April 2024 became AEST.)
  const fitting = [wall - before, wall - after].filter((at) => offsetMs(at, zone) === wall - at);
  return new Date(fitting.length > 0 ? Math.min(...fitting) : wall - before);
}

/** The wall-clock time the instant shows in the zone, to the second. */
export function wallClockAt(instant: Date, zone: string): WallClock {
  const local = new TZDate(instant.getTime(), zone);
  return {
    year: local.getFullYear(),
    month: local.getMonth() + 1,
    day: local.getDate(),
    hour: local.getHours(),
    minute: local.getMinutes(),
    second: local.getSeconds(),
  };
}

/** Where a date-only record is stored: noon of its day at the place (UTC without a zone). */
export const NOON = 12;
export const localNoon = (date: { year: number; month: number; day: number }, zone: string) =>
  wallClockToInstant({ ...date, hour: NOON, minute: 0 }, zone);

/** The zone's offset at the instant, as ISO 8601 writes it (`-07:00`, `+05:30`, `Z` for 0). */
export function offsetAt(instant: Date, zone: string): string {
  const minutes = -new TZDate(instant.getTime(), zone).getTimezoneOffset();
  if (minutes === 0) return 'Z';
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The local date-time at the place, ISO 8601 with its offset: `2024-01-06T10:40:00-07:00`. */
export function localIsoAt(instant: Date, zone: string): string {
  const local = new TZDate(instant.getTime(), zone);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const date = `${pad(local.getFullYear(), 4)}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
  const time = `${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`;
  return `${date}T${time}${offsetAt(instant, zone)}`;
}

/** The local calendar date at the place, YYYY-MM-DD. */
export const localDateAt = (instant: Date, zone: string) => localIsoAt(instant, zone).slice(0, 10);
