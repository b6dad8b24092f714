import { z } from 'zod';
import { LOG_LIMITS, timeZoneField } from './logs/schemas.js';
import { unusualSchema } from './occurrences.js';

// Issue 36: POST /api/occurrences/check, what the form asks before saving: would this record
// be flagged? Never blocking; the answer is the flags a save would store.

export const unusualCheckSchema = z.strictObject({
  speciesCommon: z
    .string({ error: 'Species is required' })
    .trim()
    .min(1, 'Species is required')
    .max(LOG_LIMITS.speciesName, 'Species name is too long'),
  speciesScientific: z
    .string()
    .trim()
    .max(LOG_LIMITS.speciesName, 'Scientific name is too long')
    .nullish()
    .transform((name) => name || null),
  taxonId: z.string().max(120, 'Unknown taxon').nullish(),
  latitude: z.number({ error: 'Latitude is required' }).min(-90).max(90),
  longitude: z.number({ error: 'Longitude is required' }).min(-180).max(180),
  observedAt: z.iso.datetime({ offset: true, error: 'Date and time must be valid' }),
  timeZone: timeZoneField,
  count: z.number().int().min(0).max(LOG_LIMITS.maxCount).nullish(),
});
export type UnusualCheck = z.infer<typeof unusualCheckSchema>;

export const unusualCheckResultSchema = z.object({
  unusual: unusualSchema.nullable(),
  texts: z.array(z.string()).describe('The flags in words, as the form shows them'),
});
export type UnusualCheckResult = z.infer<typeof unusualCheckResultSchema>;
