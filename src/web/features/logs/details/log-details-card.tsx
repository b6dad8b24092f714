import { Calendar, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SharedLog } from '../../../../common/logs/schemas';
import type { ShownPlace } from '@/components/location-privacy/location-shown';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PhotoGallery } from '@/features/photos';
import { RecordingList } from '@/features/recordings';
import { formatDay, formatObservedLong, observedDateTime } from '@/lib/log-dates';
import { observedCount } from '@/lib/log-count';
import { LiferMark } from './lifer-mark';
import { LogPlace } from './log-place';
import {
  BreedingCodeLine,
  CaptiveBadge,
  MediaLinks,
  PlaceLines,
  SourceLink,
  type OwnPlace,
} from './record-details';

/** The owner's log or a shared one: they tell how the place shows to others differently. */
type DetailsLog = Omit<SharedLog, keyof ShownPlace> & ShownPlace;

/**
 * The log's card; the public shared page shows it read-only, without the `sharing` switch, the
 * owner's lifer mark, or what only its owner sees of its source (`own`: the place hierarchy, and
 * whether it was captive).
 */
export function LogDetailsCard({
  log,
  sharing,
  flags,
  lifer = false,
  own,
}: {
  log: DetailsLog;
  sharing?: ReactNode;
  /** The owner's: why the log is unusual here and its review (issue 36). */
  flags?: ReactNode;
  lifer?: boolean;
  own?: OwnPlace & { captive: boolean };
}) {
  const scientific = log.speciesScientific ?? log.taxon?.scientificName;
  const uploaded = log.photos.filter((photo) => photo.sourceType === 'uploaded');
  const external = log.photos.filter((photo) => photo.sourceType === 'external');
  return (
    <Card>
      <CardHeader>
        {/* an X's or a 0's words go under the name when both do not fit on one line */}
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0 flex-[1_1_12rem]">
            <CardTitle className="text-2xl break-words">
              <h2>{log.speciesCommon}</h2>
            </CardTitle>
            {scientific && <p className="text-muted-foreground italic">{scientific}</p>}
            {(lifer || own?.captive) && (
              <div className="mt-1 flex flex-wrap gap-1">
                {lifer && <LiferMark />}
                {own?.captive && <CaptiveBadge />}
              </div>
            )}
          </div>
          <Badge
            variant="secondary"
            title={log.count === null ? 'Present, not counted' : undefined}
            data-testid="log-count"
          >
            {observedCount(log.count)}
          </Badge>
        </div>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5">
        {/* the photos first, under the name: what the log is about before where and when (issue 34) */}
        {uploaded.length > 0 && <PhotoGallery photos={uploaded} />}
        {/* then what was heard (issue 37) */}
        <RecordingList recordings={log.recordings} />
        <div className="grid grid-cols-1 gap-2 text-sm">
          <p className="flex items-center gap-2">
            <Calendar className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <time dateTime={observedDateTime(log)}>{formatObservedLong(log)}</time>
          </p>
          <PlaceLines placeName={log.placeName} own={own} />
          <BreedingCodeLine code={log.breedingCode} />
          <SourceLink url={log.sourceUrl} />
        </div>
        <LogPlace log={log} owner={sharing !== undefined} />
        {flags}
        {log.description && (
          <section className="grid grid-cols-1 gap-1">
            <h3 className="font-semibold">Description</h3>
            <p className="whitespace-pre-wrap break-words text-muted-foreground">
              {log.description}
            </p>
          </section>
        )}
        {log.notes && (
          <section className="grid grid-cols-1 gap-1">
            <h3 className="font-semibold">Notes</h3>
            <p className="whitespace-pre-wrap break-words text-muted-foreground">{log.notes}</p>
          </section>
        )}
        {external.length > 0 && (
          <section className="grid grid-cols-1 gap-2">
            <h3 className="font-semibold">Photos</h3>
            <ul className="grid grid-cols-1 gap-1 text-sm">
              {external.map((photo) => (
                <li key={photo.id}>
                  <a
                    href={photo.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex max-w-full items-center gap-2 text-primary underline-offset-4 hover:underline pointer-coarse:min-h-11"
                  >
                    <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
                    <span className="truncate">{photo.label ?? photo.url}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        <MediaLinks urls={log.mediaUrls} />
        {sharing}
        <p className="border-t pt-4 text-xs text-muted-foreground">
          Created {formatDay(log.createdAt)}
          {log.updatedAt !== log.createdAt && ` • Updated ${formatDay(log.updatedAt)}`}
        </p>
      </CardContent>
    </Card>
  );
}
