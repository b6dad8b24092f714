import { z } from 'zod';
import {
  locationPrivacyReadShape,
  locationPrivacyWriteShape,
  ownerPlaceFields,
  sharedLocationShape,
} from '../location-privacy.js';
import { readIsoDateTime } from '../dates.js';
import { UPLOADED_PHOTO_PATH } from '../photos.js';
import { optionalQuery, queryDay } from '../query-params.js';
import { canonicalTimeZone } from '../zone-names.js';
import { taxonSchema } from '../taxonomy.js';
import { reviewSchema, unusualSchema } from '../occurrences.js';
import { PAGE_SIZE } from './list-search.js';
import { countKindField, countKinds, countProblem } from './count.js';
import { logDetailsShape, logDetailsWriteShape } from './record-details.js';
import { atMost, hasNoNul, NO_NUL_MESSAGE } from './text.js';

// Field limits and paging of SPEC §5 and §9.
export const LOG_LIMITS = {
  speciesName: 200,
  placeName: 500,
  description: 2000,
  notes: 5000,
  photoUrl: 2048,
  photosPerLog: 20,
  recordingsPerLog: 10,
  maxCount: 2_147_483_647, // PostgreSQL integer
  /** Coordinate uncertainty in metres: from 1 m to half the Earth's circumference. */
  maxCoordinateUncertainty: 20_000_000,
} as const;
export { PAGE_SIZE };
export const MAX_PAGE_SIZE = 100;

export { NO_NUL_MESSAGE };
/** A lone UTF-16 surrogate (JSON's "\ud800") is half a character: no database stores it. */
export const BROKEN_TEXT_MESSAGE = 'Text must not contain a broken character (a lone surrogate)';

/** Optional text: trimmed, with empty meaning absent (stored as null). */
export const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, atMost(max, label))
    .refine(hasNoNul, `${label}: ${NO_NUL_MESSAGE}`)
    .nullish()
    .transform((value) => value || null);

export const coordinate = (limit: number, label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(-limit, `${label} must be between -${limit} and ${limit}`)
    .max(limit, `${label} must be between -${limit} and ${limit}`)
    .nullish()
    .transform((value) => value ?? null);

/** Sound recordings the user uploaded (issue 37), by object path, as a write takes them. */
export const uploadedRecordingUrlsField = z
  .array(z.string().regex(UPLOADED_PHOTO_PATH, 'Must be an uploaded recording'))
  .max(LOG_LIMITS.recordingsPerLog, `At most ${LOG_LIMITS.recordingsPerLog} uploaded recordings`)
  .optional();

/**
 * A create may carry a key of its own: sent again with the same key (the offline queue replays
 * a create whose reply was lost), it returns the log the first one made instead of a copy.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const logCreateHeadersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .uuid('Idempotency-Key must be a UUID')
    .optional()
    .describe('A UUID the client chose for this create; the same key returns the same log'),
});

/** An ISO 8601 date-time within the years 0001–9999 (src/common/dates.ts). */
export const dateTimeField = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { message: required, abort: true })
    .check((ctx) => {
      const reading = readIsoDateTime(ctx.value);
      if ('problem' in reading) {
        ctx.issues.push({ code: 'custom', message: reading.problem, input: ctx.value });
      }
    });

/** An IANA zone or nothing; a link (US/Mountain) becomes its canonical name. */
export const timeZoneField = z
  .string({ error: 'Time zone must be text' })
  .trim()
  .max(64, 'Unknown time zone')
  .refine((name) => name === '' || canonicalTimeZone(name) !== undefined, 'Unknown time zone')
  .nullish()
  .transform((name) => (name ? (canonicalTimeZone(name) ?? name) : null));

/** How far the true point may be from the coordinates, in metres, or nothing. */
export const uncertaintyField = z
  .number({ error: 'Coordinate uncertainty must be a number' })
  .int('Coordinate uncertainty must be a whole number of metres')
  .min(1, 'Coordinate uncertainty must be at least 1 metre')
  .max(
    LOG_LIMITS.maxCoordinateUncertainty,
    'Coordinate uncertainty must be at most 20,000,000 metres',
  )
  .nullish()
  .transform((value) => value ?? null);

export const logWriteSchema = z
  .object({
    speciesCommon: z
      .string({ error: 'Species name is required' })
      .trim()
      .min(1, 'Species name is required')
      .max(LOG_LIMITS.speciesName, atMost(LOG_LIMITS.speciesName, 'Species name'))
      .refine(hasNoNul, `Species name: ${NO_NUL_MESSAGE}`),
    speciesScientific: optionalText(LOG_LIMITS.speciesName, 'Scientific name'),
    // The taxon chosen in the picker; without one, the names are matched to the backbone.
    taxonId: z
      .string({ error: 'taxonId must be text' })
      .trim()
      .max(120, 'Unknown taxon')
      .refine(hasNoNul, 'Unknown taxon')
      .nullish()
      .transform((id) => id || null),
    // Whether it is at least 1, or absent, depends on countKind: checked below (count.ts).
    count: z
      .number({ error: 'Count must be a number' })
      .int('Count must be a whole number')
      .max(LOG_LIMITS.maxCount, 'Count is too large')
      .nullish()
      .describe('The individuals, at least 1, when countKind is counted; else absent, null or 0'),
    countKind: countKindField,
    observedAt: dateTimeField('Date and time are required'),
    // The zone of the place and time observed: the time shows as it was there. An unknown name
    // is refused; a link (US/Mountain) is kept as its canonical name.
    timeZone: timeZoneField,
    // False for a date-only record: observedAt is then noon of that day at the place.
    timeKnown: z.boolean({ error: 'timeKnown must be true or false' }).default(true),
    placeName: optionalText(LOG_LIMITS.placeName, 'Place name'),
    latitude: coordinate(90, 'Latitude'),
    longitude: coordinate(180, 'Longitude'),
    coordinateUncertainty: uncertaintyField,
    description: optionalText(LOG_LIMITS.description, 'Description'),
    notes: optionalText(LOG_LIMITS.notes, 'Notes'),
    // Absent on an update keeps the current visibility; new logs are public (SPEC §3).
    isPublic: z.boolean({ error: 'isPublic must be true or false' }).optional(),
    // Shared pages round the coordinates to 0.01° (about 1 km) unless this is true.
    showExactLocation: z
      .boolean({ error: 'showExactLocation must be true or false' })
      .default(false),
    // Issue 35: obscured or private for others, an embargo; absent on an update keeps them.
    ...locationPrivacyWriteShape,
    // The owner's outing the log belongs to (issue 22); null: none. Absent on an update keeps
    // the log's outing (a form that knows nothing of outings must not take logs off them); a
    // new log without one is on none.
    outingId: z.uuid('Outing not found').nullish(),
    photoLinks: z
      .array(
        z
          .url({ protocol: /^https?$/, error: 'Must be a valid URL' })
          .max(LOG_LIMITS.photoUrl, atMost(LOG_LIMITS.photoUrl, 'A photo link')),
      )
      .max(LOG_LIMITS.photosPerLog, `At most ${LOG_LIMITS.photosPerLog} photo links`)
      .default([]),
    uploadedPhotoUrls: z
      .array(z.string().regex(UPLOADED_PHOTO_PATH, 'Must be an uploaded photo'))
      .max(LOG_LIMITS.photosPerLog, `At most ${LOG_LIMITS.photosPerLog} uploaded photos`)
      .default([]),
    // Issue 37: sound recordings the user uploaded (PUT /api/recordings/complete). Absent on
    // an update keeps the log's: a form that knows nothing of recordings must not drop them.
    uploadedRecordingUrls: uploadedRecordingUrlsField,
    // Issue 32: what a record brought from its source; absent on an update keeps it.
    ...logDetailsWriteShape,
  })
  // Run when other fields fail too: the count's problem is listed with theirs, in its place.
  .superRefine(
    (log, context) => {
      const problem = countProblem(log);
      if (problem) context.addIssue({ code: 'custom', message: problem, path: ['count'] });
    },
    { when: ({ value }) => typeof value === 'object' && value !== null },
  )
  .superRefine((log, context) => {
    if ((log.latitude === null) === (log.longitude === null)) return;
    context.addIssue({
      code: 'custom',
      message: 'Latitude and longitude must be given together',
      path: [log.latitude === null ? 'latitude' : 'longitude'], // under the one missing
    });
  });
export type LogWritePayload = z.infer<typeof logWriteSchema>;

/** The uncertainty a log keeps: none without coordinates, whatever the payload says. */
export const storedUncertainty = (payload: LogWritePayload) =>
  payload.latitude === null ? null : payload.coordinateUncertainty;
export type LogWriteInput = z.input<typeof logWriteSchema>;

export const photoSourceTypes = ['external', 'uploaded'] as const;

export const logPhotoSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  sourceType: z.enum(photoSourceTypes),
  label: z.string().nullable(),
});
export type LogPhoto = z.infer<typeof logPhotoSchema>;

// Beside the log, not in ../recordings.ts: the logs list's bundle takes this and no upload rules.
/**
 * A recording as a log carries it (issue 37): `url` is the original for its owner, a copy
 * without metadata for others; `listeningUrl` an MP3 to play instead when the original is large
 * or lossless (null: play `url`); `mime` the original's type; `width` and `height` the
 * spectrogram's, and `maxHz` the frequency at its top edge (its bottom edge is 0 Hz).
 */
export const logRecordingSchema = z.object({
  url: z.string(),
  spectrogramUrl: z.string(),
  listeningUrl: z.string().nullable(),
  durationSeconds: z.number(),
  mime: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  maxHz: z.number().int(),
});
export type LogRecording = z.infer<typeof logRecordingSchema>;

export const logSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  speciesCommon: z.string(),
  speciesScientific: z.string().nullable(),
  taxon: taxonSchema
    .nullable()
    .describe('The taxon of the backbone the log is about; its commonName is the English one'),
  count: z
    .number()
    .int()
    .nullable()
    .describe("Individuals counted; 0: evidence only; null: present, not counted (eBird's X)"),
  countKind: z
    .enum(countKinds)
    .describe('What count says: counted (at least 1), evidence (0) or present (null)'),
  observedAt: z.iso.datetime(),
  timeZone: z.string().nullable(),
  timeKnown: z.boolean(),
  placeName: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  coordinateUncertainty: z.number().int().nullable(),
  description: z.string().nullable(),
  notes: z.string().nullable(),
  isPublic: z.boolean(),
  showExactLocation: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  firstOfSpecies: z
    .boolean()
    .describe("The owner's first observation of its species: the one their life list shows"),
  outingId: z.uuid().nullable().describe('The outing (checklist) the log was made on'),
  photos: z.array(logPhotoSchema),
  recordings: z.array(logRecordingSchema),
  ...logDetailsShape,
  ...locationPrivacyReadShape,
  unusual: unusualSchema
    .nullable()
    .describe('Issue 36: what made the record unusual where and when it was made; null: nothing'),
  review: reviewSchema
    .nullable()
    .describe("A reviewer's decision on the unusual record; null: none yet"),
});
export type Log = z.infer<typeof logSchema>;

/** A create's reply: the log, and whether it is the user's first of its species. */
export const createdLogSchema = logSchema.extend({
  lifer: z.boolean().describe("True when the log is the user's first of its species"),
});
export type CreatedLog = z.infer<typeof createdLogSchema>;

/**
 * What anyone with the link sees: the log without its owner's id or what their other logs say
 * (firstOfSpecies), its place as its location privacy allows (issue 35: open, rounded to 0.01°
 * unless showExactLocation is true; obscured, a stable point in its 0.2° cell, the place name
 * its region or none; private, no point and no place name), and without the place hierarchy
 * its source gave.
 */
export const sharedLogSchema = logSchema
  .omit({
    userId: true,
    firstOfSpecies: true,
    outingId: true,
    ...ownerPlaceFields,
    unusual: true,
    review: true,
  })
  .extend(sharedLocationShape);
export type SharedLog = z.infer<typeof sharedLogSchema>;

export const logListSchema = z.object({ items: z.array(logSchema), total: z.number().int() });
export type LogList = z.infer<typeof logListSchema>;

const countBound = (label: string) =>
  optionalQuery(
    z.coerce
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(1, `${label} must be at least 1`)
      .max(LOG_LIMITS.maxCount, `${label} is too large`),
  );

/** Only the logs of one outing (issue 22); another user's outing matches none. */
export const outingFilter = optionalQuery(
  z.uuid({ error: 'outingId must be the id of an outing' }),
).describe("Only the logs of this outing; another user's outing matches none");

export const logFiltersSchema = z.object({
  q: optionalQuery(z.string().trim().max(LOG_LIMITS.speciesName, 'Search text is too long')),
  from: queryDay('From date'),
  to: queryDay('To date'),
  // A log present, not counted (X) has no count: a count filter leaves it out.
  minCount: countBound('Min count').describe(
    "Only logs of at least this many individuals; logs present, not counted (eBird's X) are left out",
  ),
  maxCount: countBound('Max count').describe(
    "Only logs of at most this many individuals (evidence only, 0, included); logs present, not counted (eBird's X) are left out",
  ),
  place: optionalQuery(z.string().trim().max(LOG_LIMITS.placeName, 'Location filter is too long')),
  outingId: outingFilter,
  flag: optionalQuery(z.enum(['unusual'], { error: 'flag must be unusual' })).describe(
    'unusual: only the logs flagged as unusual where and when they were made (issue 36)',
  ),
});
export type LogFilters = z.infer<typeof logFiltersSchema>;

/** `page` (from 1) and `pageSize` (default PAGE_SIZE, at most MAX_PAGE_SIZE) of a paged list. */
export const pagingSchema = z.object({
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(1_000_000, 'Page is too large')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int('Page size must be a whole number')
    .min(1, 'Page size must be at least 1')
    .max(MAX_PAGE_SIZE, `Page size must be at most ${MAX_PAGE_SIZE}`)
    .default(PAGE_SIZE),
});

export const logPageQuerySchema = logFiltersSchema.extend(pagingSchema.shape);
export type LogPageQuery = z.infer<typeof logPageQuerySchema>;

export const speciesListSchema = z.array(
  z.object({ common: z.string(), scientific: z.string().nullable() }),
);
export type SpeciesEntry = z.infer<typeof speciesListSchema>[number];

export const locationListSchema = z.array(z.string());
