import { Bird, Image, Lock, Sparkles, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { logPath } from '../../../../common/routes';
import { Skeleton } from '@/components/ui/skeleton';
import { formatObservedTime, observedDateTime } from '@/lib/log-dates';
import {
  CountBadge,
  coverOf,
  CoverThumbnail,
  LocationBadge,
  LogItemMenu,
  photoCount,
  type LogItemProps,
} from './log-item-parts';
import { unusualMark } from '../unusual/unusual-badge';

// A log on a phone (issue 34): one dense row, so that a screen shows many. The day is the
// heading's, so the row gives the time alone; the scientific name stays on the log's page.

/** A square a finger and an eye can tell apart, and still five rows to a hand's span. */
const THUMB = 'size-14 shrink-0 rounded-md';

/** A small mark with its words for screen readers (a row has no room for them). */
function Mark({
  icon: Icon,
  words,
  className,
}: {
  icon: LucideIcon;
  words: string;
  className: string;
}) {
  return (
    <span className="shrink-0" title={words}>
      <Icon className={className} aria-hidden="true" />
      <span className="sr-only">{words}</span>
    </span>
  );
}

export function LogRow({ log, onShare, onDelete }: LogItemProps) {
  const cover = coverOf(log);
  const flagged = unusualMark(log);
  return (
    <li className="relative" data-testid="log-card">
      <Link
        href={logPath(log.id)}
        className="flex min-h-16 items-center gap-3 py-2 pr-12 pl-3 outline-none hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
      >
        {cover ? (
          <CoverThumbnail photo={cover} className={THUMB} />
        ) : (
          <span
            className={`${THUMB} grid place-items-center bg-muted text-muted-foreground`}
            aria-hidden="true"
          >
            <Bird className="size-5" />
          </span>
        )}
        <div className="grid min-w-0 flex-1 gap-0.5">
          <div className="flex min-w-0 items-center gap-1.5">
            <h3 className="truncate font-medium" title={log.speciesCommon}>
              {log.speciesCommon}
            </h3>
            {log.firstOfSpecies && (
              <Mark icon={Sparkles} words="Lifer" className="size-3.5 text-amber-500" />
            )}
            {/* the card's 'Unusual' or decision badge would push the place out of a row */}
            {flagged && (
              <span data-testid="unusual-badge" className="contents">
                <Mark
                  icon={flagged.icon}
                  words={`${flagged.label}: ${flagged.said.join('. ')}`}
                  className={`size-3.5 ${flagged.text}`}
                />
              </span>
            )}
            {/* with a thumbnail, the photos' number is for screen readers only */}
            {log.photos.length > 0 &&
              (cover ? (
                <span className="sr-only">{photoCount(log.photos.length)}</span>
              ) : (
                <Mark
                  icon={Image}
                  words={photoCount(log.photos.length)}
                  className="size-3.5 text-muted-foreground"
                />
              ))}
            {!log.isPublic && (
              <Mark icon={Lock} words="Private" className="size-3.5 text-muted-foreground" />
            )}
          </div>
          <p className="flex min-w-0 items-center gap-1 text-xs text-muted-foreground">
            <time className="shrink-0" dateTime={observedDateTime(log)}>
              {formatObservedTime(log)}
            </time>
            <LocationBadge log={log} className="px-1.5 py-0 leading-4" />
            {log.placeName && (
              <>
                <span aria-hidden="true">·</span>
                <span className="truncate" title={log.placeName}>
                  {log.placeName}
                </span>
              </>
            )}
          </p>
        </div>
        <CountBadge count={log.count} />
      </Link>
      <LogItemMenu
        log={log}
        onShare={onShare}
        onDelete={onDelete}
        className="absolute top-1/2 right-2 -translate-y-1/2"
      />
    </li>
  );
}

export function LogRowSkeleton() {
  return (
    <li
      className="flex items-center gap-3 px-3 py-2"
      aria-hidden="true"
      data-testid="log-card-skeleton"
    >
      <Skeleton className={THUMB} />
      <div className="grid flex-1 gap-1.5">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-3 w-1/2" />
      </div>
      <Skeleton className="h-5 w-8 rounded-full" />
    </li>
  );
}
