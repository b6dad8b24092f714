import { BadgeCheck, CircleHelp, CircleX, TriangleAlert, type LucideIcon } from 'lucide-react';
import { reviewStatusTexts, unusualTexts, type ReviewStatus } from '../../../../common/occurrences';
import type { Log } from '../../../../common/logs/schemas';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

// Issue 36: a log unusual where and when it was made, marked on its card and row; once a
// reviewer has decided, the decision instead.

const tones: Record<ReviewStatus | 'unusual', { icon: LucideIcon; className: string }> = {
  unusual: {
    icon: TriangleAlert,
    className: 'border-amber-500/60 text-amber-700 dark:text-amber-300',
  },
  accepted: {
    icon: BadgeCheck,
    className: 'border-emerald-600/60 text-emerald-700 dark:text-emerald-300',
  },
  needs_evidence: {
    icon: CircleHelp,
    className: 'border-amber-500/60 text-amber-700 dark:text-amber-300',
  },
  not_accepted: { icon: CircleX, className: 'border-red-600/60 text-red-700 dark:text-red-300' },
};

/** 'Unusual' (its sentences as the tooltip and for screen readers), or the review's decision. */
export function UnusualBadge({
  log,
  className,
}: {
  log: Pick<Log, 'unusual' | 'review'>;
  className?: string;
}) {
  if (!log.unusual && !log.review) return null;
  const texts = unusualTexts(log.unusual);
  const tone = tones[log.review?.status ?? 'unusual'];
  const label = log.review ? reviewStatusTexts[log.review.status] : 'Unusual';
  const said = log.review ? [`Review: ${label}`, ...texts] : texts;
  const Icon = tone.icon;
  return (
    <Badge
      variant="outline"
      className={cn(tone.className, className)}
      title={said.join('\n')}
      data-testid="unusual-badge"
    >
      <Icon aria-hidden="true" />
      {label}
      {said.length > 0 && <span className="sr-only">: {said.join('. ')}</span>}
    </Badge>
  );
}
