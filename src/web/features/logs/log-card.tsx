import { Calendar, Image, MapPin } from 'lucide-react';
import type { Log } from '../../../common/logs';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

// "medium long format" (SPEC §2), in the browser's locale and time zone
const observedFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

const photoCount = (count: number) => `${count} photo${count === 1 ? '' : 's'}`;

export function LogCard({ log }: { log: Log }) {
  return (
    <Card className="gap-3" data-testid="log-card">
      <CardHeader>
        <div className="flex min-w-0 items-start justify-between gap-2">
          <CardTitle className="min-w-0 truncate text-lg leading-tight" title={log.speciesCommon}>
            <h2 className="truncate">{log.speciesCommon}</h2>
          </CardTitle>
          <Badge variant="secondary" aria-label={`Count ${log.count}`}>
            {log.count.toLocaleString()}
          </Badge>
        </div>
        {log.speciesScientific && (
          <p className="truncate text-sm text-muted-foreground italic">{log.speciesScientific}</p>
        )}
      </CardHeader>
      <CardContent className="grid gap-1.5 text-sm text-muted-foreground">
        <p className="flex items-center gap-2">
          <Calendar className="size-4 shrink-0" aria-hidden="true" />
          <time dateTime={log.observedAt}>{observedFormat.format(new Date(log.observedAt))}</time>
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
      </CardContent>
    </Card>
  );
}

export function LogCardSkeleton() {
  return (
    <Card className="gap-3" aria-hidden="true">
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
