import { BadgeCheck, TriangleAlert, type LucideIcon } from 'lucide-react';
import { reviewStatusTexts, unusualTexts, type ReviewStatus } from '../../../../common/occurrences';
import type { Log } from '../../../../common/logs/schemas';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

// Issue 36: a log unusual where and when it was made, marked on its card and row; once a
// reviewer has decided, the decision instead. Two icons, the words and colours tell the rest (each
// icon costs the list's page a few hundred bytes).

const tones: Record<ReviewStatus | 'unusual', { icon: LucideIcon; text: string; border: string }> =
  {
    unusual: {
      icon: TriangleAlert,
      text: 'text-amber-700 dark:text-amber-300',
      border: 'border-amber-500/60',
    },
    accepted: {
      icon: BadgeCheck,
      text: 'text-emerald-700 dark:text-emerald-300',
      border: 'border-emerald-600/60',
    },
    needs_evidence: {
      icon: TriangleAlert,
      text: 'text-amber-700 dark:text-amber-300',
      border: 'border-amber-500/60',
    },
    not_accepted: {
      icon: TriangleAlert,
      text: 'text-red-700 dark:text-red-300',
      border: 'border-red-600/60',
    },
  };

type Flagged = Pick<Log, 'unusual' | 'review'>;

/**
 * How a flagged log is marked: 'Unusual' or the review's decision, its icon and colour, and all
 * it says (the decision, then the flags' sentences); null for a log neither flagged nor reviewed.
 */
export function unusualMark(log: Flagged) {
  if (!log.unusual && !log.review) return null;
  const texts = unusualTexts(log.unusual);
  const tone = tones[log.review?.status ?? 'unusual'];
  const label = log.review ? reviewStatusTexts[log.review.status] : 'Unusual';
  const said = log.review ? [`Review: ${label}`, ...texts] : texts;
  return { ...tone, label, said };
}

/** The card's badge: the mark's words, its sentences as the tooltip and for screen readers. */
export function UnusualBadge({ log, className }: { log: Flagged; className?: string }) {
  const mark = unusualMark(log);
  if (!mark) return null;
  const Icon = mark.icon;
  return (
    <Badge
      variant="outline"
      className={cn(mark.border, mark.text, className)}
      title={mark.said.join('\n')}
      data-testid="unusual-badge"
    >
      <Icon aria-hidden="true" />
      {mark.label}
      {mark.said.length > 0 && <span className="sr-only">: {mark.said.join('. ')}</span>}
    </Badge>
  );
}
