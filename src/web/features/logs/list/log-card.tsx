import {
  Calendar,
  Image,
  Lock,
  MapPin,
  MoreHorizontal,
  Pencil,
  Share2,
  Trash2,
} from 'lucide-react';
import { Link } from 'wouter';
import type { Log } from '../../../../common/logs/schemas';
import { thumbnailUrl } from '../../../../common/photos';
import { editLogPath, logPath } from '../../../../common/routes';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { IconTooltip } from '@/components/ui/tooltip';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { formatObservedMedium, observedDateTime } from '@/lib/log-dates';
import { shortCount } from '@/lib/log-count';
import { LiferMark } from '../details/lifer-mark';

const photoCount = (count: number) => `${count} photo${count === 1 ? '' : 's'}`;

interface LogCardProps {
  log: Log;
  onShare: (log: Log) => void;
  onDelete: (log: Log) => void;
}

export function LogCard({ log, onShare, onDelete }: LogCardProps) {
  const cover = log.photos.find((photo) => photo.sourceType === 'uploaded');
  const count = shortCount(log.count);
  return (
    <div className="relative" data-testid="log-card">
      <Link
        href={logPath(log.id)}
        className="block h-full rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
      >
        <Card className="h-full gap-3 overflow-hidden transition-colors hover:bg-accent/40">
          <CardHeader>
            <div className="flex min-w-0 items-start gap-3">
              {/* a small cover beside the name: a card with a photo is as tall as one without */}
              {cover && (
                <img
                  src={thumbnailUrl(cover.url)}
                  alt=""
                  loading="lazy"
                  className="size-14 shrink-0 rounded-md border object-cover"
                  data-testid="log-card-cover"
                />
              )}
              <CardTitle
                className="min-w-0 truncate text-lg leading-tight"
                title={log.speciesCommon}
              >
                <h2 className="truncate">{log.speciesCommon}</h2>
                {(log.speciesScientific ?? log.taxon?.scientificName) && (
                  <p className="mt-1.5 truncate text-sm font-normal text-muted-foreground italic">
                    {log.speciesScientific ?? log.taxon?.scientificName}
                  </p>
                )}
              </CardTitle>
              <Badge
                variant="secondary"
                className="ml-auto"
                aria-label={count.label}
                title={count.title}
                data-testid="log-card-count"
              >
                {count.text}
              </Badge>
            </div>
            {log.firstOfSpecies && (
              <div>
                <LiferMark />
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
      {/* beside the link, not inside it: a button in a link is invalid and would navigate */}
      <div className="absolute right-3 bottom-3">
        <LogCardMenu log={log} onShare={onShare} onDelete={onDelete} />
      </div>
    </div>
  );
}

function LogCardMenu({ log, onShare, onDelete }: LogCardProps) {
  return (
    // not modal: the delete dialog opened from it would otherwise inherit a locked page
    <DropdownMenu modal={false}>
      <IconTooltip label={`Actions for ${log.speciesCommon}`}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${log.speciesCommon}`}>
            <MoreHorizontal />
          </Button>
        </DropdownMenuTrigger>
      </IconTooltip>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <Link href={editLogPath(log.id)}>
            <Pencil />
            Edit
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onShare(log)}>
          <Share2 />
          Share
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => onDelete(log)}>
          <Trash2 />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
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
