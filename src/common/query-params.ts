import { z } from 'zod';
import { isIsoDate } from './dates.js';
import { canonicalTimeZone } from './zone-names.js';

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

/** An IANA time zone for day boundaries, 'UTC' when absent. */
export const queryTimeZone = queryParam(
  z
    .string()
    .trim()
    .refine((name) => canonicalTimeZone(name) !== undefined, 'Unknown time zone')
    .transform((name) => canonicalTimeZone(name) ?? name)
    .default('UTC'),
);

/** A latitude or longitude in a query string, in range (wrap in queryParam or optionalQuery). */
export const coordinateParam = (label: 'Latitude' | 'Longitude') => {
  const limit = label === 'Latitude' ? 90 : 180;
  return z.coerce
    .number({ error: `${label} must be a number` })
    .min(-limit, `${label} must be between -${limit} and ${limit}`)
    .max(limit, `${label} must be between -${limit} and ${limit}`);
};
