import { z } from 'zod';
import { OCCURRENCE_RULES } from './occurrence-weeks.js';
import { coordinateParam, queryParam } from './query-params.js';

// Issue 36: what the instance's own records (and the admin's reference sets) say about a place
// and season, as flags on a record and a review of flagged records. The server's occurrence
// model (server/features/occurrences) decides; these are the shapes and the words.

// The rules and weeks, in a module without zod for the web app's species worker.
export { OCCURRENCE_RULES, seasonOf, weekOfDate, weekOfDay } from './occurrence-weeks.js';

/** What made a record unusual; each part present only when it holds. */
export const unusualSchema = z
  .object({
    /** No record of the species on the instance within this many km. */
    firstWithinKm: z.number().int().positive().optional(),
    /** Recorded here, never in these weeks (first and last of the season, wrapping). */
    notInWeeks: z.tuple([z.number().int(), z.number().int()]).optional(),
    /** More individuals than the most (this number) any record here counted in the season. */
    countAbove: z.number().int().nonnegative().optional(),
  })
  .describe('Why the record is unusual where and when it was made');
export type Unusual = z.infer<typeof unusualSchema>;

/** The flags' words, one a part (SPEC-style sentences: shown on the form, card and details). */
export function unusualTexts(unusual: Unusual | null | undefined): string[] {
  if (!unusual) return [];
  const texts: string[] = [];
  if (unusual.firstWithinKm !== undefined) {
    texts.push(`First record within ${unusual.firstWithinKm} km on this instance`);
  }
  if (unusual.notInWeeks) {
    const [first, last] = unusual.notInWeeks;
    texts.push(`Not recorded here in weeks ${first}–${last}`);
  }
  if (unusual.countAbove !== undefined) {
    texts.push(
      `Count above what was ever recorded here in this season (at most ${unusual.countAbove})`,
    );
  }
  return texts;
}

/** The kinds of flag, as the import's dry run groups them. */
export const unusualKinds = ['firstWithinKm', 'notInWeeks', 'countAbove'] as const;
export type UnusualKind = (typeof unusualKinds)[number];

export const unusualKindTexts: Record<UnusualKind, string> = {
  firstWithinKm: `First record within ${OCCURRENCE_RULES.nearKm} km on this instance`,
  notInWeeks: 'Not recorded here in this season',
  countAbove: 'Count above what was ever recorded here in this season',
};

/** The import's unusual records of one kind: how many, and the first species. */
export const unusualGroupSchema = z.object({
  kind: z.enum(unusualKinds),
  message: z.string(),
  count: z.number().int(),
  species: z.array(z.string()).describe('The first species flagged so, at most 10'),
});
export type UnusualGroup = z.infer<typeof unusualGroupSchema>;

export const reviewStatuses = ['accepted', 'needs_evidence', 'not_accepted'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

export const reviewStatusTexts: Record<ReviewStatus, string> = {
  accepted: 'Accepted',
  needs_evidence: 'Needs more evidence',
  not_accepted: 'Not accepted',
};

/** Darwin Core identificationVerificationStatus of a reviewed record. */
export const verificationStatusOf: Record<ReviewStatus, string> = {
  accepted: 'verified',
  needs_evidence: 'unverified: needs more evidence',
  not_accepted: 'not accepted',
};

/** A reviewer's decision as its record's owner sees it. */
export const reviewSchema = z.object({
  status: z.enum(reviewStatuses),
  comment: z.string().nullable(),
  decidedAt: z.iso.datetime(),
});
export type Review = z.infer<typeof reviewSchema>;

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
