import { z } from 'zod';
import {
  locationPrivacyReadShape,
  locationPrivacyWriteShape,
  ownerPlaceFields,
  sharedLocationShape,
} from '../location-privacy.js';
import {
  coordinate,
  dateTimeField,
  LOG_LIMITS,
  logSchema,
  MAX_PAGE_SIZE,
  optionalText,
  sharedLogSchema,
  pagingSchema,
  timeZoneField,
  uncertaintyField,
} from '../logs/schemas.js';
import {
  placeHierarchyShape,
  placeHierarchyWriteShape,
  sourceUrlField,
  sourceUrlWriteField,
} from '../logs/record-details.js';
import { optionalQuery } from '../query-params.js';

// Outings (issue 22; ARCHITECTURE "Later contracts"): eBird's checklists. An outing has its
// effort (when, how long, how far, how many people, which protocol) and whether every species
// detected and identified was reported; its logs are the species seen on it.

export const outingProtocols = ['incidental', 'stationary', 'traveling', 'area'] as const;
export type OutingProtocol = (typeof outingProtocols)[number];

export const OUTING_LIMITS = {
  /** About 69 days: eBird refuses checklists over 24 hours, but a multi-day trip is a use. */
  maxDurationMinutes: 100_000,
  maxDistanceKm: 100_000,
  maxPartySize: 100_000,
} as const;

const wholeNumber = (label: string, min: number, max: number, unit?: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number${unit ? ` of ${unit}` : ''}`)
    .min(min, `${label} must be at least ${min}${unit ? ` ${unit}` : ''}`)
    .max(max, `${label} must be at most ${max.toLocaleString('en')}${unit ? ` ${unit}` : ''}`)
    .nullish()
    .transform((value) => value ?? null);

export const outingWriteSchema = z
  .object({
    startedAt: dateTimeField('Start time is required'),
    timeZone: timeZoneField,
    durationMinutes: wholeNumber('Duration', 0, OUTING_LIMITS.maxDurationMinutes, 'minutes'),
    distanceKm: z
      .number({ error: 'Distance must be a number' })
      .min(0, 'Distance must be at least 0 km')
      .max(OUTING_LIMITS.maxDistanceKm, 'Distance must be at most 100,000 km')
      .nullish()
      .transform((value) => value ?? null),
    protocol: z
      .enum(outingProtocols, {
        error: 'Protocol must be incidental, stationary, traveling or area',
      })
      .default('incidental'),
    partySize: wholeNumber('Party size', 1, OUTING_LIMITS.maxPartySize),
    complete: z.boolean({ error: 'complete must be true or false' }).default(false),
    placeName: optionalText(LOG_LIMITS.placeName, 'Place name'),
    latitude: coordinate(90, 'Latitude'),
    longitude: coordinate(180, 'Longitude'),
    coordinateUncertainty: uncertaintyField,
    notes: optionalText(LOG_LIMITS.notes, 'Notes'),
    isPublic: z.boolean({ error: 'isPublic must be true or false' }).default(false),
    // Issue 35: obscured or private for others, an embargo; absent on an update keeps them.
    ...locationPrivacyWriteShape,
    // Issue 32: the place hierarchy and page of an imported checklist; absent keeps them.
    ...placeHierarchyWriteShape,
    sourceUrl: sourceUrlWriteField,
  })
  .superRefine((outing, context) => {
    if ((outing.latitude === null) === (outing.longitude === null)) return;
    context.addIssue({
      code: 'custom',
      message: 'Latitude and longitude must be given together',
      path: [outing.latitude === null ? 'latitude' : 'longitude'],
    });
  });
export type OutingWritePayload = z.infer<typeof outingWriteSchema>;
export type OutingWriteInput = z.input<typeof outingWriteSchema>;

export const outingSchema = z.object({
  id: z.uuid(),
  startedAt: z.iso.datetime(),
  timeZone: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  distanceKm: z.number().nullable(),
  protocol: z.enum(outingProtocols),
  partySize: z.number().int().nullable(),
  complete: z
    .boolean()
    .describe('Every species detected and identified was reported: absence can be inferred'),
  placeName: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  coordinateUncertainty: z.number().int().nullable(),
  notes: z.string().nullable(),
  isPublic: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  ...placeHierarchyShape,
  sourceUrl: sourceUrlField,
  ...locationPrivacyReadShape,
});
export type Outing = z.infer<typeof outingSchema>;

/** In the list: an outing with how many species and individuals its logs hold. */
export const outingSummarySchema = outingSchema.extend({
  species: z.number().int().describe('Species among its logs, counted as the lists count them'),
  individuals: z.number().int().describe('The sum of its logs’ counts'),
});
export type OutingSummary = z.infer<typeof outingSummarySchema>;

export const outingListSchema = z.object({
  items: z.array(outingSummarySchema),
  total: z.number().int(),
});
export type OutingList = z.infer<typeof outingListSchema>;

/** One outing with its logs, oldest observed first (the order they were tallied). */
export const outingDetailsSchema = outingSummarySchema.extend({ logs: z.array(logSchema) });
export type OutingDetails = z.infer<typeof outingDetailsSchema>;

/**
 * A public outing as anyone with its link sees it (GET /api/outings/shared/:id): its public logs
 * only, as shared logs (each as its location privacy allows), and species and individuals
 * counted from them. The outing's own point is rounded to 0.01° when open, obscured or withheld
 * as a log's (issue 35), and its place hierarchy stays out, as a shared log's does.
 */
export const sharedOutingSchema = outingSummarySchema
  .omit(ownerPlaceFields)
  .extend({ ...sharedLocationShape, logs: z.array(sharedLogSchema) });
export type SharedOuting = z.infer<typeof sharedOutingSchema>;

/**
 * A page of outings: as a page of logs (20 by default, at most 100); with `ids`, only those
 * outings (the logs list names the outings of its page, issue 34).
 */
export const outingListQuerySchema = pagingSchema.extend({
  ids: optionalQuery(
    z
      .string()
      .transform((text) => text.split(','))
      .pipe(
        z
          .array(z.uuid({ error: 'ids must be outing ids, separated by commas' }))
          .max(MAX_PAGE_SIZE, `ids must name at most ${MAX_PAGE_SIZE} outings`),
      ),
  ).describe('Only these outings: their ids, separated by commas (at most 100)'),
});
export type OutingListQuery = z.infer<typeof outingListQuerySchema>;

/** DELETE /api/outings/:id?withLogs=true deletes its logs too; false keeps them, detached. */
export const outingDeleteQuerySchema = z.object({
  withLogs: z
    .enum(['true', 'false'], { error: 'withLogs must be true or false' })
    .transform((value) => value === 'true')
    .describe('true: delete the outing’s logs too; false: keep them, in no outing'),
});
