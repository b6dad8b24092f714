import { ArrowLeft, Check, Pencil, Share2, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Link, useLocation } from 'wouter';
import { appRoutes, editLogPath } from '../../../../common/routes';
import { PageMain } from '@/components/page-main';
import { DisabledReason } from '@/components/needs-connection';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { Button } from '@/components/ui/button';
import { IconTooltip } from '@/components/ui/tooltip';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toastWriteDone } from '@/features/offline';
import { shareLog } from '@/features/sharing';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { isUnauthorized } from '@/lib/query-client';
import { useLog } from '../api/use-log';
import { useDeleteLog } from '../api/use-log-writes';
import { DeleteLogDialog } from '../list/delete-log-dialog';
import { LogDetailsCard } from './log-details-card';
import { LogNotFound } from './log-not-found';
import { SharingSwitch } from './sharing-switch';
import { UnusualSection } from '../unusual/unusual-section';
import { useDocumentTitle } from '@/lib/use-document-title';

const COPIED_INDICATOR_MS = 2000; // SPEC §9
const SHARE_NEEDS_PUBLIC = 'Please enable public sharing first'; // SPEC §4's words for it

export function LogDetailsPage({ id }: { id: string }) {
  const [, navigate] = useLocation();
  const { data: log, error, isPending, refetch } = useLog(id);
  useDocumentTitle(log ? log.speciesCommon : undefined);
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
    <PageMain className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-8">
      <div className="flex flex-wrap items-center gap-2">
        <IconTooltip label="Back to logs">
          <Button asChild variant="ghost" size="icon" aria-label="Back to logs">
            <Link href={appRoutes.home}>
              <ArrowLeft />
            </Link>
          </Button>
        </IconTooltip>
        <h1 className="mr-auto text-2xl font-bold tracking-tight">Log Details</h1>
        {log && (
          <div className="flex gap-2">
            <DisabledReason reason={log.isPublic ? undefined : SHARE_NEEDS_PUBLIC}>
              <Button variant="outline" onClick={() => void share()}>
                {copied ? <Check /> : <Share2 />}
                Share
              </Button>
            </DisabledReason>
            <Button asChild variant="outline">
              <Link href={editLogPath(log.id)}>
                <Pencil />
                Edit
              </Link>
            </Button>
            <Button variant="destructiveOutline" onClick={() => setConfirming(true)}>
              <Trash2 />
              Delete
            </Button>
          </div>
        )}
      </div>

      {log ? (
        <LogDetailsCard
          log={log}
          lifer={log.firstOfSpecies}
          sharing={<SharingSwitch log={log} />}
          flags={<UnusualSection log={log} />}
          own={log}
        />
      ) : isPending ? (
        <DetailsSkeleton />
      ) : (
        <QueryErrorAlert error={error} onRetry={() => void refetch()} />
      )}

      <DeleteLogDialog
        open={confirming}
        onOpenChange={setConfirming}
        description="Are you sure you want to delete this log? This action cannot be undone."
        pending={deleteLog.isPending}
        onConfirm={confirmDelete}
      />
    </PageMain>
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
