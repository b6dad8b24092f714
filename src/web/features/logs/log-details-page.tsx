import {
  ArrowLeft,
  Calendar,
  Check,
  ExternalLink,
  MapPin,
  Pencil,
  Share2,
  Trash2,
} from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Link, useLocation } from 'wouter';
import type { Log, SharedLog } from '../../../common/logs/schemas';
import { thumbnailUrl } from '../../../common/photos';
import { appRoutes, editLogPath } from '../../../common/routes';
import { Badge } from '@/components/ui/badge';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { LogLocation } from '@/components/map/log-location';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { isUnauthorized } from '@/lib/query-client';
import { DeleteLogDialog } from './delete-log-dialog';
import { formatDay, formatObservedLong } from '@/lib/log-dates';
import { LogNotFound } from './log-not-found';
import { toWritePayload } from './log-payload';
import { shareLog } from '@/features/sharing';
import { useDeleteLog, useLog, useUpdateSharing } from './use-log';
import { toastWriteDone } from '@/features/offline';

const COPIED_INDICATOR_MS = 2000; // SPEC §9

export function LogDetailsPage({ id }: { id: string }) {
  const [, navigate] = useLocation();
  const { data: log, error, isPending } = useLog(id);
  const deleteLog = useDeleteLog();
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  // null: its deletion waits for the connection
  if (log === null || (error instanceof ApiError && error.status === 404)) return <LogNotFound />;

  const share = async () => {
    if (!log) return;
    if (!log.isPublic) {
      toast.error('Cannot share', { description: 'Please enable public sharing first' });
      return;
    }
    const outcome = await shareLog(log);
    if (outcome === 'copied') {
      setCopied(true);
      toast.success('Link copied!', { description: 'Share link copied to clipboard' });
    } else if (outcome === 'failed') {
      toast.error('Error', { description: 'Failed to copy link to clipboard' });
    }
  };

  const confirmDelete = () =>
    deleteLog.mutate(id, {
      onSuccess: (result) => {
        toastWriteDone(result, 'Log deleted successfully');
        navigate(appRoutes.home);
      },
      onError: (failure) => {
        if (!isUnauthorized(failure)) {
          toast.error('Error', { description: errorMessage(failure, 'Failed to delete log') });
        }
      },
      onSettled: () => setConfirming(false),
    });

  return (
    <main className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-8">
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="ghost" size="icon" aria-label="Back to logs">
          <Link href={appRoutes.home}>
            <ArrowLeft />
          </Link>
        </Button>
        <h1 className="mr-auto text-2xl font-bold tracking-tight">Log Details</h1>
        {log && (
          <div className="flex gap-2">
            <Button variant="outline" disabled={!log.isPublic} onClick={() => void share()}>
              {copied ? <Check /> : <Share2 />}
              Share
            </Button>
            <Button asChild variant="outline">
              <Link href={editLogPath(log.id)}>
                <Pencil />
                Edit
              </Link>
            </Button>
            <Button variant="destructive" onClick={() => setConfirming(true)}>
              <Trash2 />
              Delete
            </Button>
          </div>
        )}
      </div>

      {log ? (
        <LogDetailsCard log={log} sharing={<SharingSwitch log={log} />} />
      ) : isPending ? (
        <DetailsSkeleton />
      ) : (
        <QueryErrorAlert error={error} />
      )}

      <DeleteLogDialog
        open={confirming}
        onOpenChange={setConfirming}
        description="Are you sure you want to delete this log? This action cannot be undone."
        pending={deleteLog.isPending}
        onConfirm={confirmDelete}
      />
    </main>
  );
}

/** The log's card; the public shared page shows it read-only, without the `sharing` switch. */
export function LogDetailsCard({ log, sharing }: { log: SharedLog; sharing?: ReactNode }) {
  const uploaded = log.photos.filter((photo) => photo.sourceType === 'uploaded');
  const external = log.photos.filter((photo) => photo.sourceType === 'external');
  return (
    <Card>
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <CardTitle className="text-2xl break-words">
              <h2>{log.speciesCommon}</h2>
            </CardTitle>
            {log.speciesScientific && (
              <p className="text-muted-foreground italic">{log.speciesScientific}</p>
            )}
          </div>
          <Badge variant="secondary">{log.count.toLocaleString()} observed</Badge>
        </div>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5">
        <div className="grid grid-cols-1 gap-2 text-sm">
          <p className="flex items-center gap-2">
            <Calendar className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <time dateTime={log.observedAt}>{formatObservedLong(log.observedAt)}</time>
          </p>
          {log.placeName && (
            <p className="flex items-center gap-2">
              <MapPin className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="break-words">{log.placeName}</span>
            </p>
          )}
        </div>
        {log.latitude !== null && log.longitude !== null && (
          <div className="grid grid-cols-1 gap-1">
            <LogLocation
              latitude={log.latitude}
              longitude={log.longitude}
              label={log.speciesCommon}
              approximate={!sharing && !log.showExactLocation} // the shared page's rounded point
            />
            {sharing && log.isPublic && (
              <p className="text-xs text-muted-foreground">
                {log.showExactLocation
                  ? 'The shared page shows the exact location.'
                  : 'The shared page shows the location rounded to about 1 km.'}
              </p>
            )}
          </div>
        )}
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
        {log.photos.length > 0 && (
          <section className="grid grid-cols-1 gap-2">
            <h3 className="font-semibold">Photos</h3>
            {uploaded.length > 0 && (
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {uploaded.map((photo, index) => (
                  <a
                    key={photo.id}
                    href={photo.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    <img
                      src={thumbnailUrl(photo.url)}
                      alt={photo.label ?? `Photo ${index + 1}`}
                      className="aspect-square w-full rounded-md border object-cover"
                      loading="lazy"
                    />
                  </a>
                ))}
              </div>
            )}
            {external.length > 0 && (
              <ul className="grid grid-cols-1 gap-1 text-sm">
                {external.map((photo) => (
                  <li key={photo.id}>
                    <a
                      href={photo.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex max-w-full items-center gap-2 text-primary underline-offset-4 hover:underline"
                    >
                      <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
                      <span className="truncate">{photo.label ?? photo.url}</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        {sharing}
        <p className="border-t pt-4 text-xs text-muted-foreground">
          Created {formatDay(log.createdAt)}
          {log.updatedAt !== log.createdAt && ` • Updated ${formatDay(log.updatedAt)}`}
        </p>
      </CardContent>
    </Card>
  );
}

function SharingSwitch({ log }: { log: Log }) {
  const id = useId();
  const updateSharing = useUpdateSharing(log.id);
  const toggle = (isPublic: boolean) =>
    // SPEC §4: the sharing toggle sends a full update with the new flag
    updateSharing.mutate(
      { ...toWritePayload(log), isPublic },
      {
        onError: (error) => {
          if (!isUnauthorized(error)) {
            toast.error('Error', {
              description: errorMessage(error, 'Failed to update sharing settings'),
            });
          }
        },
      },
    );
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border p-4">
      <div className="grid grid-cols-1 gap-1">
        <Label htmlFor={id}>Public Sharing</Label>
        <p className="text-sm text-muted-foreground" id={`${id}-hint`}>
          {log.isPublic
            ? 'This log is public and can be shared via link'
            : 'Enable to make this log shareable via link'}
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={`${id}-hint`}
        checked={log.isPublic}
        disabled={updateSharing.isPending}
        onCheckedChange={toggle}
      />
    </div>
  );
}

function DetailsSkeleton() {
  return (
    <Card aria-hidden="true">
      <CardHeader>
        <Skeleton className="h-7 w-1/2" />
        <Skeleton className="h-4 w-1/3" />
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-16 w-full" />
      </CardContent>
    </Card>
  );
}
