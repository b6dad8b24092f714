import { localIsoAt, localNoon, wallClockToInstant, type WallClock } from '../../common/place-time';

// The form's Date & Time is a `datetime-local` value (a wall-clock time to the minute, no
// offset) read in the log's time zone; the API gets it with that zone's offset then
// (ARCHITECTURE "Logs"). A date-only log is sent as noon of its day there.

const pad = (value: number) => String(value).padStart(2, '0');

/** A Date as a `datetime-local` value in the browser's time zone, cut to minutes. */
export function toLocalInput(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** SPEC §9: the default observed time is now, cut to minutes. */
export const localNowToTheMinute = () => toLocalInput(new Date());

/** An instant as a `datetime-local` value at the zone's clock: '2024-01-06T10:40'. */
export const toZonedInput = (instant: Date, zone: string) => localIsoAt(instant, zone).slice(0, 16);

const localInput = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** '2024-01-06T10:40' as its parts; undefined for anything else. */
export function readLocalInput(local: string): WallClock | undefined {
  const match = localInput.exec(local);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return { year, month, day, hour, minute };
}

/**
 * The `datetime-local` value read in the zone, with the offset that applies then:
 * ('2024-01-06T10:40', 'America/Denver') → '2024-01-06T10:40:00-07:00'. Without a known time,
 * noon of that day there. A value that is no date-time is returned as it is, for the schema to
 * name.
 */
export function withZoneOffset(local: string, zone: string, timeKnown = true): string {
  const clock = readLocalInput(local);
  const instant = clock && (timeKnown ? wallClockToInstant(clock, zone) : localNoon(clock, zone));
  return instant ? localIsoAt(instant, zone) : local;
}
