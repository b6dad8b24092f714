import { z } from 'zod';

// What a log's count says (issue 32). eBird keeps two counts that are no number of individuals:
// "X", the species present but not counted, and 0, evidence without a live individual
// (feathers, a used nest, a dead bird). The log keeps them as count null and count 0; neither
// adds to the individuals of the stats, the lists or an outing.

export const countKinds = ['counted', 'present', 'evidence'] as const;
export type CountKind = (typeof countKinds)[number];

/** The kind a stored count is: null is present, not counted (X); 0 is evidence only. */
export const countKindOf = (count: number | null): CountKind =>
  count === null ? 'present' : count === 0 ? 'evidence' : 'counted';

/** SPEC §5, for a count of individuals. */
export const COUNT_AT_LEAST_ONE = 'Count must be at least 1';
export const COUNT_NOT_A_NUMBER = 'Count must be a number';
export const PRESENT_HAS_NO_COUNT = 'A species present, not counted (X) has no count';
export const EVIDENCE_COUNTS_ZERO = 'Evidence only (no live individual) has a count of 0';

export const countKindField = z
  .enum(countKinds, { error: 'Count kind must be counted, present or evidence' })
  .default('counted')
  .describe(
    "counted (default): count is the individuals, at least 1; present: present, not counted (eBird's X), count absent or null; evidence: evidence without a live individual (eBird's 0), count absent, null or 0",
  );

interface CountFields {
  count?: unknown;
  countKind?: unknown;
}

const isKind = (kind: unknown): kind is CountKind => countKinds.includes(kind as CountKind);

/**
 * Whether the count fits its kind, as an issue under `count`; none when the count field's own
 * type check already said what is wrong (text, a fraction).
 */
export function countProblem({ count, countKind = 'counted' }: CountFields): string | undefined {
  if (!isKind(countKind)) return undefined; // the kind's own message says so
  const absent = count === undefined || count === null;
  if (!absent && !Number.isInteger(count)) return undefined;
  if (countKind === 'counted') {
    if (absent) return COUNT_NOT_A_NUMBER;
    return (count as number) < 1 ? COUNT_AT_LEAST_ONE : undefined;
  }
  if (countKind === 'present') return absent ? undefined : PRESENT_HAS_NO_COUNT;
  return absent || count === 0 ? undefined : EVIDENCE_COUNTS_ZERO;
}

/** The count a write keeps: the individuals, null (X) or 0 (evidence). */
export const storedCount = ({
  count,
  countKind,
}: {
  count?: number | null;
  countKind: CountKind;
}): number | null =>
  countKind === 'present' ? null : countKind === 'evidence' ? 0 : (count ?? null);
