import {
  ArrowLeft,
  ChartColumn,
  Check,
  Download,
  List,
  Pencil,
  Share2,
  Trash2,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Link, useLocation } from 'wouter';
import { appRoutes, outingApiPath, sharedOutingPath } from '../../../common/routes';
import { NotFoundState } from '@/components/not-found-state';
import { PageMain } from '@/components/page-main';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { Button } from '@/components/ui/button';
import { IconTooltip } from '@/components/ui/tooltip';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ImportDetectionsDialog, OutingDetections } from '@/features/detections';
import { shareLink } from '@/features/sharing';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { isUnauthorized } from '@/lib/query-client';
import { DeleteOutingDialog } from './delete-outing-dialog';
import { EditOutingDialog } from './edit-outing-dialog';
import { effortLine, outingTitle } from './effort';
import { OutingBody } from './outing-cards';
import { OutingSharingSwitch } from './outing-sharing-switch';
import { useDeleteOuting, useOuting } from './use-outings';

const COPIED_INDICATOR_MS = 2000; // as a log's Share (SPEC §9)

/** Issue 22: one outing, its effort, its species with their counts, a map of its logs. */
export function OutingPage({ id }: { id: string }) {
  const [, navigate] = useLocation();
  const { data: outing, error, isPending, refetch } = useOuting(id);
  const deleteOuting = useDeleteOuting();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  if (error instanceof ApiError && error.status === 404) return <OutingNotFound />;

  const share = async () => {
    if (!outing?.isPublic) return;
    const outcome = await shareLink({
      title: `${outingTitle(outing)} outing`,
      text: `${effortLine(outing)}: ${outing.species} species`,
      url: `${window.location.origin}${sharedOutingPath(outing.id)}`,
    });
    if (outcome === 'copied') {
      setCopied(true);
      toast.success('Link copied!', { description: 'Share link copied to clipboard' });
    } else if (outcome === 'failed') {
      toast.error('Error', { description: 'Failed to copy link to clipboard' });
    }
  };

  const confirmDelete = (withLogs: boolean) =>
    deleteOuting.mutate(
      { id, withLogs },
      {
        onSuccess: () => {
          toast.success(withLogs ? 'Outing and its logs deleted' : 'Outing deleted, logs kept');
          navigate(appRoutes.outings);
        },
        onError: (failure) => {
          if (!isUnauthorized(failure)) {
            toast.error('Error', {
              description: errorMessage(failure, 'Failed to delete the outing'),
            });
          }
        },
        onSettled: () => setDeleting(false),
      },
    );

  return (
    <PageMain className="mx-auto grid max-w-4xl grid-cols-1 gap-6 px-4 py-8">
      <div className="flex flex-wrap items-center gap-2">
        <IconTooltip label="Back to outings">
          <Button asChild variant="ghost" size="icon" aria-label="Back to outings">
            <Link href={appRoutes.outings}>
              <ArrowLeft />
            </Link>
          </Button>
        </IconTooltip>
        <h1 className="mr-auto min-w-0 text-2xl font-bold tracking-tight break-words">
          {outing ? outingTitle(outing) : 'Outing'}
        </h1>
        {outing && (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              disabled={!outing.isPublic}
              title={outing.isPublic ? undefined : 'Make the outing public to share it'}
              onClick={() => void share()}
            >
              {copied ? <Check /> : <Share2 />}
              Share
            </Button>
            <Button variant="outline" asChild>
              <Link href={`${appRoutes.home}?outingId=${outing.id}`}>
                <List />
                On the list
              </Link>
            </Button>
            <Button variant="outline" asChild>
              <Link href={`${appRoutes.stats}?outingId=${outing.id}`}>
                <ChartColumn />
                Statistics
              </Link>
            </Button>
            <Button variant="outline" asChild>
              <a href={`${outingApiPath(outing.id)}/ebird.csv`} download>
                <Download />
                eBird CSV
              </a>
            </Button>
            <ImportDetectionsDialog outingId={outing.id} />
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil />
              Edit
            </Button>
            <Button variant="destructiveOutline" onClick={() => setDeleting(true)}>
              <Trash2 />
              Delete
            </Button>
          </div>
        )}
      </div>

      {outing ? (
        <OutingBody outing={outing} sharing={<OutingSharingSwitch outing={outing} />} />
      ) : isPending ? (
        <OutingSkeleton />
      ) : (
        <QueryErrorAlert error={error} onRetry={() => void refetch()} />
      )}
      {outing && <OutingDetections outingId={outing.id} />}

      {outing && <EditOutingDialog outing={outing} open={editing} onOpenChange={setEditing} />}
      <DeleteOutingDialog
        open={deleting}
        onOpenChange={setDeleting}
        logs={outing?.logs.length ?? 0}
        pending={deleteOuting.isPending}
        onConfirm={confirmDelete}
      />
    </PageMain>
  );
}

function OutingNotFound() {
  return (
    <NotFoundState
      title="Outing not found"
      documentTitle="Outing not found"
      text="This outing doesn't exist, or it was deleted."
      action={{ href: appRoutes.outings, icon: <ArrowLeft />, label: 'Back to Outings' }}
    />
  );
}

function OutingSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Loading the outing">
      <Card>
        <CardHeader>
          <CardTitle>
            <Skeleton className="h-6 w-48" />
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </CardContent>
      </Card>
      <Card>
        <CardContent className="grid gap-3">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} className="h-5 w-full" />
          ))}
        </CardContent>
      </Card>
    </div>
  );
}
