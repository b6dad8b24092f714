import { z } from 'zod';
import { isIsoDate } from './dates.js';

// Query-string fields shared by the list, stats and export (SPEC §5, ARCHITECTURE "Stats").

const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** Query strings arrive as text; an empty value means the parameter is not set. */
export const queryParam = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsAbsent, schema);

export const optionalQuery = <T extends z.ZodType>(schema: T) => queryParam(schema.optional());

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

export const queryDay = (label: string) =>
  optionalQuery(
    z
      .string()
      .regex(dayPattern, { message: `${label} must be a date (YYYY-MM-DD)`, abort: true })
      .refine((day) => !day.startsWith('0000-'), `${label} must be from 0001-01-01 to 9999-12-31`)
      .refine(isIsoDate, `${label} must be a date (YYYY-MM-DD)`),
  );

const canonicalNames = new Map<string, string | undefined>();

/** The zone's canonical IANA name, or undefined when it is not one ('+01:00' and 'UTC+1' are not). */
export function canonicalTimeZone(name: string): string | undefined {
  // Remembered: an import checks the same few names on 50,000 rows, and each look-up builds a
  // formatter (0.1 ms).
  if (canonicalNames.has(name)) return canonicalNames.get(name);
  const canonical = lookUpTimeZone(name);
  if (canonicalNames.size >= 1000) canonicalNames.clear();
  canonicalNames.set(name, canonical);
  return canonical;
}

function lookUpTimeZone(name: string): string | undefined {
  // A leading sign or digit would be a POSIX offset to the database, with its sign inverted.
  if (!/^[A-Za-z]/.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** An IANA time zone for day boundaries, 'UTC' when absent. */
export const queryTimeZone = queryParam(
  z
    .string()
    .trim()
    .refine((name) => canonicalTimeZone(name) !== undefined, 'Unknown time zone')
    .transform((name) => canonicalTimeZone(name) ?? name)
    .default('UTC'),
);
