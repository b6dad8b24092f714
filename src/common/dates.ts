// ISO 8601 date-times as the log form and the API exchange them (SPEC §3, ARCHITECTURE "Logs").

const isoDateTime =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** Reads an ISO 8601 date-time; one without an offset is UTC. Returns undefined when invalid. */
export function parseIsoDateTime(text: string): Date | undefined {
  const match = isoDateTime.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second = '0', fraction = '0', offset] = match;
  const fields = [year, month, day, hour, minute].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const [y, mo, d, h, mi] = fields;
  const s = Number(second);
  const utc = Date.UTC(y, mo - 1, d, h, mi, s, Number(`0.${fraction}`) * 1000);
  const check = new Date(utc);
  const sameCalendar =
    check.getUTCFullYear() === y &&
    check.getUTCMonth() === mo - 1 &&
    check.getUTCDate() === d &&
    check.getUTCHours() === h &&
    check.getUTCMinutes() === mi &&
    s < 60;
  if (!sameCalendar) return undefined; // 2026-02-30 or 25:00 roll over in Date.UTC
  return new Date(utc - offsetMinutes(offset) * 60_000);
}

function offsetMinutes(offset: string | undefined): number {
  if (!offset || offset.toUpperCase() === 'Z') return 0;
  const digits = offset.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
  return offset.startsWith('-') ? -minutes : minutes;
}

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  const match = isoDate.exec(text);
  if (!match) return false;
  const [y, m, d] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The instant a UTC day begins, `days` after the given YYYY-MM-DD. */
export function utcDayStart(day: string, days = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days));
}
