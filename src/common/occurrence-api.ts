import { z } from 'zod';
import { reviewSchema, reviewStatuses, unusualSchema } from './occurrences.js';
import { coordinateParam, queryParam } from './query-params.js';

// Issue 36: the review and occurrence routes' own shapes, apart from occurrences.ts, which every
// log's schema imports: the logs list does not load these.

export const REVIEW_LIMITS = { comment: 1000, pageSize: 50 } as const;

/** POST /api/review/logs/:id. */
export const reviewDecisionSchema = z.strictObject({
  status: z.enum(reviewStatuses),
  comment: z
    .string()
    .trim()
    .max(REVIEW_LIMITS.comment, `Comment must be at most ${REVIEW_LIMITS.comment} characters`)
    .nullish()
    .transform((text) => (text ? text : null)),
});
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;

/** GET /api/review/logs: the queue (undecided flagged records) or the decided ones. */
export const reviewQuerySchema = z.object({
  status: z
    .enum(['open', 'decided'], { error: 'status must be open or decided' })
    .default('open')
    .describe('open: flagged records without a decision (oldest flagged first); decided: the rest'),
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(100_000, 'Page is too large')
    .default(1),
});
export type ReviewQuery = z.infer<typeof reviewQuerySchema>;

export const reviewLogParamsSchema = z.object({ id: z.string() });

/** A flagged record as a reviewer sees it: its place as its location privacy allows them. */
export const reviewItemSchema = z.object({
  id: z.uuid(),
  owner: z.string().describe("The owner's name, else their email's name part"),
  speciesCommon: z.string(),
  speciesScientific: z.string().nullable(),
  count: z.number().int().nullable(),
  observedAt: z.iso.datetime(),
  timeZone: z.string().nullable(),
  placeName: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  coordinateUncertainty: z.number().int().nullable(),
  description: z.string().nullable(),
  notes: z.string().nullable(),
  isPublic: z.boolean().describe('Public logs can be opened by their shared link, photos and all'),
  photos: z.number().int().describe('How many photos the record has'),
  unusual: unusualSchema,
  review: reviewSchema.nullable(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const reviewListSchema = z.object({
  items: z.array(reviewItemSchema),
  total: z.number().int(),
});
export type ReviewList = z.infer<typeof reviewListSchema>;

/** What /admin shows of the occurrence model: its last build and the reference sets. */
export const occurrenceStatusSchema = z.object({
  lastBuild: z
    .object({
      finishedAt: z.iso.datetime(),
      logs: z.number().int(),
      referenceRecords: z.number().int(),
      cells: z.number().int(),
      ms: z.number().int(),
    })
    .nullable(),
  referenceSets: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      citation: z.string().nullable(),
      doi: z.string().nullable(),
      license: z.string().nullable(),
      rows: z.number().int(),
      records: z.number().int(),
      importedAt: z.iso.datetime(),
    }),
  ),
});
export type OccurrenceStatus = z.infer<typeof occurrenceStatusSchema>;

/** GET /api/occurrences/pack: the "likely here" pack of the point's region. */
export const likelyPackQuerySchema = z.object({
  lat: queryParam(coordinateParam('Latitude')),
  lon: queryParam(coordinateParam('Longitude')),
});
export type LikelyPackQuery = z.infer<typeof likelyPackQuerySchema>;
