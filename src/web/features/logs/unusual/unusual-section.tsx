import { TriangleAlert } from 'lucide-react';
import { Link } from 'wouter';
import { reviewStatusTexts, unusualTexts } from '../../../../common/occurrences';
import type { Log } from '../../../../common/logs/schemas';
import { editLogPath } from '../../../../common/routes';
import { formatDay } from '@/lib/log-dates';

// Issue 36: why the log is unusual where and when it was made, and a reviewer's decision on it.

/** "Unusual here" on the owner's details page; nothing for a log without flags or a review. */
export function UnusualSection({ log }: { log: Log }) {
  const texts = unusualTexts(log.unusual);
  if (texts.length === 0 && !log.review) return null;
  const wantsEvidence = !log.review && log.photos.length === 0 && !log.notes;
  return (
    <section
      className="grid grid-cols-1 gap-2 rounded-lg border border-amber-500/50 bg-amber-50/60 p-4 text-sm dark:bg-amber-950/20"
      aria-labelledby="unusual-here"
      data-testid="unusual-section"
    >
      <h3 id="unusual-here" className="flex items-center gap-2 font-semibold">
        <TriangleAlert
          className="size-4 shrink-0 text-amber-700 dark:text-amber-300"
          aria-hidden="true"
        />
        Unusual here
      </h3>
      {texts.length > 0 && (
        <ul className="grid list-disc gap-1 pl-5">
          {texts.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      {log.review && (
        <div className="grid gap-1 border-t border-amber-500/30 pt-2">
          <p>
            <span className="font-medium">Review: {reviewStatusTexts[log.review.status]}</span>
            <span className="text-muted-foreground">
              {' · '}
              <time dateTime={log.review.decidedAt}>{formatDay(log.review.decidedAt)}</time>
            </span>
          </p>
          {log.review.comment && (
            <blockquote className="break-words whitespace-pre-wrap text-muted-foreground">
              “{log.review.comment}”
            </blockquote>
          )}
        </div>
      )}
      {texts.length > 0 && wantsEvidence && (
        <p>
          Add a photo or a note to help reviewers.{' '}
          <Link
            href={editLogPath(log.id)}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Edit log
          </Link>
        </p>
      )}
    </section>
  );
}
