import { Footprints, Plus } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Link } from 'wouter';
import { countActiveFilters, emptyFilters } from '../../../../common/logs/list-search';
import { PAGE_SIZE, type Log } from '../../../../common/logs/schemas';
import { appRoutes } from '../../../../common/routes';
import { PageMain } from '@/components/page-main';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { Button } from '@/components/ui/button';
import { ExportDialog, ImportDialog } from '@/features/data-exchange';
import { PendingWrites, toastWriteDone } from '@/features/offline';
import { shareLog } from '@/features/sharing';
import { errorMessage } from '@/lib/error-message';
import { isUnauthorized } from '@/lib/query-client';
import { useDeleteLog } from '../api/use-log-writes';
import { useHasLogs, useLogs } from '../api/use-logs';
import { FiltersPopover } from '../search/filters-popover';
import { toPageQuery } from '../search/list-query';
import { SearchInput } from '../search/search-input';
import { useListState } from '../search/use-list-state';
import { DeleteLogDialog } from './delete-log-dialog';
import { GroupedLogs, LogSkeletons } from './grouped-logs';
import { ListPagination } from '@/components/list-pagination';
import { LogsEmptyState } from './logs-empty-state';
import { useDocumentTitle } from '@/lib/use-document-title';

/** '34 logs'; with a search or filters, '4 matching logs' (issue 23: logs, not animals). */
export const logsTotal = (total: number, filtered: boolean) =>
  `${total.toLocaleString()} ${filtered ? 'matching ' : ''}${total === 1 ? 'log' : 'logs'}`;

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

/** `actions`: other features' buttons beside New Log (the router's "Start outing"). */
export function LogsPage({ actions }: { actions?: ReactNode }) {
  useDocumentTitle('Wildlife Logs');
  const [state, update] = useListState();
  const { data, isPending, isPlaceholderData, error, refetch } = useLogs(toPageQuery(state));
  const pages = data ? Math.ceil(data.total / PAGE_SIZE) : 0;
  const filtersSet = countActiveFilters(state.filters) > 0;
  const searchSet = state.q.trim() !== '';
  const filtered = filtersSet || searchSet;
  // asked only when a search or filter matched nothing: is that the account, or the search?
  const { data: hasLogs } = useHasLogs(filtered && data?.total === 0);
  // past the last page (a narrower search, logs deleted, an old link): the last page there is
  const pastTheEnd = data !== undefined && pages > 0 && state.page > pages;
  // the empty page past the end, kept while the last page loads, is not an empty list
  const emptyMeanwhile = isPlaceholderData && data?.items.length === 0 && (data?.total ?? 0) > 0;
  useEffect(() => {
    if (pastTheEnd) update({ page: pages });
  }, [pastTheEnd, pages]); // eslint-disable-line react-hooks/exhaustive-deps -- update is new each render
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
    <PageMain className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Wildlife Logs</h1>
          <p className="text-muted-foreground">
            {isPending ? 'Loading...' : data ? logsTotal(data.total, filtered) : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {actions}
          <Button asChild>
            <Link href={appRoutes.newLog}>
              <Plus />
              New Log
            </Link>
          </Button>
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <SearchInput value={state.q} onChange={(q) => update({ q })} />
        <FiltersPopover
          filters={state.filters}
          onChange={(filters) => update({ filters })}
          onClear={clearFilters}
        />
        <ExportDialog state={state} />
        <ImportDialog />
      </div>

      {state.filters.outingId && (
        <OneOutingNotice
          onShowAll={() => update({ filters: { ...state.filters, outingId: '' } })}
        />
      )}

      <PendingWrites />

      {data && !pastTheEnd && !emptyMeanwhile ? (
        data.items.length === 0 ? (
          <LogsEmptyState
            filtered={filtered}
            searchSet={searchSet}
            filtersSet={filtersSet}
            hasLogs={hasLogs}
            onClearSearch={() => update({ q: '', filters: emptyFilters })}
            onClearFilters={clearFilters}
          />
        ) : (
          <GroupedLogs
            logs={data.items}
            onShare={(log) => void shareFromList(log)}
            onDelete={setDeleting}
          />
        )
      ) : isPending || pastTheEnd || emptyMeanwhile ? (
        <LogSkeletons />
      ) : (
        <QueryErrorAlert error={error} onRetry={() => void refetch()} />
      )}

      {pages > 1 && (
        <ListPagination
          page={state.page}
          pages={pages}
          onPage={(page) => {
            update({ page });
            window.scrollTo(0, 0); // the next page starts at its first card
          }}
        />
      )}

      <DeleteLogDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        description={`Are you sure you want to delete this log for ${deleting?.speciesCommon ?? ''}? This action cannot be undone.`}
        pending={deleteLog.isPending}
        onConfirm={confirmDelete}
      />
    </PageMain>
  );
}

/** The list limited to one outing's logs (a link from the outing's page, issue 22). */
function OneOutingNotice({ onShowAll }: { onShowAll: () => void }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm"
    >
      <Footprints className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="flex-1">Showing the logs of one outing.</span>
      <Button type="button" size="sm" variant="secondary" onClick={onShowAll}>
        Show all logs
      </Button>
    </div>
  );
}
