import { z } from 'zod';
import { OCCURRENCE_RULES } from './occurrence-weeks.js';

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
