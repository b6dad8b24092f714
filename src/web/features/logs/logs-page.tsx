import { Binoculars, ChevronLeft, ChevronRight, Download, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { PAGE_SIZE, type Log } from '../../../common/logs/schemas';
import { appRoutes } from '../../../common/routes';
import { toast } from 'sonner';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { errorMessage } from '@/lib/error-message';
import { isUnauthorized } from '@/lib/query-client';
import { DeleteLogDialog } from './delete-log-dialog';
import { FiltersPopover } from './filters-popover';
import { exportUrl, ImportDialog } from '@/features/data-exchange';
import { LogCard, LogCardSkeleton } from './log-card';
import { toPageQuery } from './list-query';
import { countActiveFilters, emptyFilters } from '../../../common/logs/list-search';
import { PendingWrites, toastWriteDone } from '@/features/offline';
import { SearchInput } from './search-input';
import { shareLog } from '@/features/sharing';
import { useDeleteLog } from './use-log';
import { useListState } from './use-list-state';
import { useLogs } from './use-logs';

const SKELETON_CARDS = 6; // SPEC §9

const sightingsTotal = (total: number) =>
  `${total.toLocaleString()} ${total === 1 ? 'sighting' : 'sightings'} total`;

async function shareFromList(log: Log) {
  if (!log.isPublic) {
    toast.error('Cannot share', {
      description: 'This log is private. Make it public first to share.',
    });
    return;
  }
  const outcome = await shareLog(log);
  if (outcome === 'copied') {
    toast.success('Link copied!', { description: 'Share link has been copied to your clipboard' });
  } else if (outcome === 'failed') {
    toast.error('Error', { description: 'Failed to copy link to clipboard' });
  }
}

export function LogsPage() {
  const [state, update] = useListState();
  const { data, isPending, error } = useLogs(toPageQuery(state));
  const pages = data ? Math.ceil(data.total / PAGE_SIZE) : 0;
  const filtersSet = countActiveFilters(state.filters) > 0;
  // SPEC §4: the page is not reset when search or filters change
  const clearFilters = () => update({ filters: emptyFilters });

  const [deleting, setDeleting] = useState<Log | null>(null);
  const deleteLog = useDeleteLog();
  const confirmDelete = () => {
    if (!deleting) return;
    deleteLog.mutate(deleting.id, {
      onSuccess: (result) => toastWriteDone(result, 'Log deleted successfully'),
      onError: (failure) => {
        if (!isUnauthorized(failure)) {
          toast.error('Error', { description: errorMessage(failure, 'Failed to delete log') });
        }
      },
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <main className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Wildlife Logs</h1>
          <p className="text-muted-foreground">
            {isPending ? 'Loading...' : data ? sightingsTotal(data.total) : null}
          </p>
        </div>
        <Button asChild>
          <Link href={appRoutes.newLog}>
            <Plus />
            New Log
          </Link>
        </Button>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <SearchInput value={state.q} onChange={(q) => update({ q })} />
        <FiltersPopover
          filters={state.filters}
          onChange={(filters) => update({ filters })}
          onClear={clearFilters}
        />
        <Button variant="outline" onClick={() => window.location.assign(exportUrl(state))}>
          <Download />
          <span className="hidden sm:inline">Export CSV</span>
          <span className="sm:hidden">Export</span>
        </Button>
        <ImportDialog />
      </div>

      <PendingWrites />

      {data ? (
        data.items.length === 0 ? (
          <EmptyState
            searching={filtersSet || state.q.trim() !== ''}
            filtersSet={filtersSet}
            onClearFilters={clearFilters}
          />
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {data.items.map((log) => (
              <LogCard
                key={log.id}
                log={log}
                onShare={(shared) => void shareFromList(shared)}
                onDelete={setDeleting}
              />
            ))}
          </div>
        )
      ) : isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <LogCardSkeleton key={index} />
          ))}
        </div>
      ) : (
        <QueryErrorAlert error={error} />
      )}

      {pages > 1 && (
        <nav className="flex items-center justify-center gap-4" aria-label="Pagination">
          <Button
            variant="outline"
            disabled={state.page <= 1}
            onClick={() => update({ page: state.page - 1 })}
          >
            <ChevronLeft />
            Previous
          </Button>
          <span className="text-sm text-muted-foreground">
            Page {state.page} of {pages}
          </span>
          <Button
            variant="outline"
            disabled={state.page >= pages}
            onClick={() => update({ page: state.page + 1 })}
          >
            Next
            <ChevronRight />
          </Button>
        </nav>
      )}

      <DeleteLogDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        description={`Are you sure you want to delete this log for ${deleting?.speciesCommon ?? ''}? This action cannot be undone.`}
        pending={deleteLog.isPending}
        onConfirm={confirmDelete}
      />
    </main>
  );
}

interface EmptyStateProps {
  searching: boolean;
  filtersSet: boolean;
  onClearFilters: () => void;
}

function EmptyState({ searching, filtersSet, onClearFilters }: EmptyStateProps) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <Binoculars className="size-12 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-xl font-semibold">No logs found</h2>
        <p className="max-w-md text-muted-foreground">
          {searching
            ? 'Try adjusting your filters or search query to find more results.'
            : 'Start logging your wildlife sightings to build your observation database.'}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          {filtersSet && (
            <Button variant="outline" onClick={onClearFilters}>
              Clear All Filters
            </Button>
          )}
          <Button asChild>
            <Link href={appRoutes.newLog}>
              <Plus />
              Create First Log
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
