import { countKindOf } from '../../common/logs/count';

// How a log's count reads (issue 32): eBird's X (present, not counted: count null) and 0
// (evidence without a live individual) are no number of individuals, and say so in words.

/** The full words for a count that is no number of individuals. */
export const COUNT_KIND_WORDS = {
  present: 'Present (not counted)',
  evidence: 'Evidence only (no live individual)',
} as const;

/** A card's short count: the number, `X`, or `0 · evidence only`, with what it means. */
export function shortCount(count: number | null): { text: string; title?: string; label: string } {
  switch (countKindOf(count)) {
    case 'present':
      return { text: 'X', title: 'Present, not counted', label: 'Count: present, not counted (X)' };
    case 'evidence':
      return {
        text: '0 · evidence only',
        title: COUNT_KIND_WORDS.evidence,
        label: 'Count 0: evidence only (no live individual)',
      };
    default:
      return { text: count!.toLocaleString(), label: `Count ${count}` };
  }
}

/** The details' badge: '{count} observed' (SPEC §2), or what an X or a 0 says instead. */
export function observedCount(count: number | null): string {
  const kind = countKindOf(count);
  return kind === 'counted' ? `${count!.toLocaleString()} observed` : COUNT_KIND_WORDS[kind];
}
