import { Calendar, Image, Lock, MapPin } from 'lucide-react';
import { Link } from 'wouter';
import { logPath } from '../../../../common/routes';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatObservedMedium, observedDateTime } from '@/lib/log-dates';
import { LiferMark } from '../details/lifer-mark';
import { UnusualBadge } from '../unusual/unusual-badge';
import {
  CountBadge,
  coverOf,
  CoverImage,
  LocationBadge,
  LogItemMenu,
  photoCount,
  type LogItemProps,
} from './log-item-parts';

/**
 * A log in the list's grid on a tablet or a desktop (SPEC §2); a phone shows a row (log-row).
 * A log with a photo opens with it, as tall as the others with one in its row; a log without
 * keeps to its words, compact, at the top of its cell.
 */
export function LogCard({ log, onShare, onDelete }: LogItemProps) {
  const cover = coverOf(log);
  return (
    <div className={cn('relative', !cover && 'self-start')} data-testid="log-card">
      <Link
        href={logPath(log.id)}
        className="block h-full rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
      >
        <Card
          className={cn(
            'h-full gap-3 overflow-hidden transition-colors hover:bg-accent/40',
            cover && 'pt-0',
          )}
        >
          {cover && <CoverImage photo={cover} />}
          <CardHeader className={cn(cover && 'pt-1')}>
            <div className="flex min-w-0 items-start gap-3">
              <CardTitle
                className="min-w-0 truncate text-lg leading-tight"
                title={log.speciesCommon}
              >
                {/* under the heading of its day (h2) */}
                <h3 className="truncate">{log.speciesCommon}</h3>
                {(log.speciesScientific ?? log.taxon?.scientificName) && (
                  <p className="mt-1.5 truncate text-sm font-normal text-muted-foreground italic">
                    {log.speciesScientific ?? log.taxon?.scientificName}
                  </p>
                )}
              </CardTitle>
              <CountBadge count={log.count} className="ml-auto" />
            </div>
            {(log.firstOfSpecies ||
              log.locationShown.level !== 'open' ||
              log.unusual ||
              log.review) && (
              <div className="flex flex-wrap gap-1">
                {log.firstOfSpecies && <LiferMark />}
                <UnusualBadge log={log} />
                <LocationBadge log={log} />
              </div>
            )}
          </CardHeader>
          <CardContent className="grid gap-1.5 pr-14 text-sm text-muted-foreground">
            <p className="flex items-center gap-2">
              <Calendar className="size-4 shrink-0" aria-hidden="true" />
              <time dateTime={observedDateTime(log)}>{formatObservedMedium(log)}</time>
            </p>
            {log.placeName && (
              <p className="flex min-w-0 items-center gap-2">
                <MapPin className="size-4 shrink-0" aria-hidden="true" />
                <span className="truncate" title={log.placeName}>
                  {log.placeName}
                </span>
              </p>
            )}
            {log.photos.length > 0 && (
              <p className="flex items-center gap-2">
                <Image className="size-4 shrink-0" aria-hidden="true" />
                {photoCount(log.photos.length)}
              </p>
            )}
            {!log.isPublic && (
              <p className="flex items-center gap-2">
                <Lock className="size-4 shrink-0" aria-hidden="true" />
                Private
              </p>
            )}
          </CardContent>
        </Card>
      </Link>
      <LogItemMenu
        log={log}
        onShare={onShare}
        onDelete={onDelete}
        className="absolute right-3 bottom-3"
      />
    </div>
  );
}

export function LogCardSkeleton() {
  return (
    <Card className="gap-3" aria-hidden="true" data-testid="log-card-skeleton">
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-8 rounded-full" />
        </div>
        <Skeleton className="h-4 w-1/2" />
      </CardHeader>
      <CardContent className="grid gap-2">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
      </CardContent>
    </Card>
  );
}
