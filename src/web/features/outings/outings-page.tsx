import { Footprints, Globe, Lock } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { OutingSummary } from '../../../common/outings/schemas';
import { appRoutes, outingPath } from '../../../common/routes';
import { PageMain } from '@/components/page-main';
import { ListPagination } from '@/components/list-pagination';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ImportDetectionsDialog } from '@/features/detections';
import { cn } from '@/lib/cn';
import { formatObservedMedium, observedDateTime } from '@/lib/log-dates';
import {
  effortLine,
  formatIndividuals,
  formatSpeciesCount,
  outingStart,
  outingTitle,
} from './effort';
import { useOutings } from './use-outings';

const PAGE_SIZE = 20; // the API's default page
const SKELETON_ROWS = 5;

const outingsTotal = (total: number) =>
  `${total.toLocaleString()} ${total === 1 ? 'outing' : 'outings'}`;

/** The page in the URL (/outings?page=2): a reload or a link keeps it. */
function usePage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const page = Math.max(1, Math.floor(Number(new URLSearchParams(search).get('page')) || 1));
  const setPage = (next: number, replace = false) => {
    navigate(next > 1 ? `${location}?page=${next}` : location, { replace });
    window.scrollTo({ top: 0 });
  };
  return [page, setPage] as const;
}

/** Issue 22: the user's outings, newest first, each with its effort and what it found. */
export function OutingsPage({ startOuting }: { startOuting?: ReactNode }) {
  const [page, setPage] = usePage();
  const { data, error, isPending, isPlaceholderData, refetch } = useOutings(page);
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  // past the last page (outings deleted since the link was made): the last page there is
  const shownPage = Math.min(page, pages);
  const pastTheEnd = data !== undefined && !isPlaceholderData && page > pages;
  useEffect(() => {
    if (pastTheEnd) setPage(pages, true);
  }, [pastTheEnd]); // eslint-disable-line react-hooks/exhaustive-deps -- on arrival past the end

  return (
    <PageMain className="mx-auto grid max-w-4xl grid-cols-1 gap-6 px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Outings</h1>
          <p className="text-muted-foreground" aria-live="polite">
            {isPending ? 'Loading...' : data ? outingsTotal(data.total) : '\u00a0'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ImportDetectionsDialog />
          {startOuting}
        </div>
      </div>

      {data && data.items.length > 0 ? (
        <ol
          className={cn('grid gap-3 transition-opacity', isPlaceholderData && 'opacity-60')}
          aria-label="Outings"
        >
          {data.items.map((outing) => (
            <li key={outing.id}>
              <OutingRow outing={outing} />
            </li>
          ))}
        </ol>
      ) : isPending ? (
        <RowsSkeleton />
      ) : error ? (
        <QueryErrorAlert error={error} onRetry={() => void refetch()} />
      ) : (
        <NoOutings startOuting={startOuting} />
      )}

      {pages > 1 && <ListPagination page={shownPage} pages={pages} onPage={setPage} />}
    </PageMain>
  );
}

function OutingRow({ outing }: { outing: OutingSummary }) {
  const start = outingStart(outing);
  return (
    <Card className="py-0 transition-colors hover:bg-accent/40 has-[a:focus-visible]:bg-accent/40">
      <Link
        href={outingPath(outing.id)}
        className="grid gap-2 px-4 py-3 outline-none sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4"
        data-testid="outing-row"
      >
        <div className="grid min-w-0 gap-1">
          <p className="flex min-w-0 items-center gap-2">
            <span className="truncate font-semibold" title={outingTitle(outing)}>
              {outingTitle(outing)}
            </span>
            <VisibilityBadge isPublic={outing.isPublic} />
          </p>
          <p className="text-sm text-muted-foreground">
            <time dateTime={observedDateTime(start)}>{formatObservedMedium(start)}</time>
          </p>
          <p className="text-sm text-muted-foreground">{effortLine(outing)}</p>
        </div>
        <p className="flex gap-3 text-sm tabular-nums sm:block sm:text-right">
          <span className="block font-medium">{formatSpeciesCount(outing.species)}</span>
          <span className="block text-muted-foreground">
            {formatIndividuals(outing.individuals)}
          </span>
        </p>
      </Link>
    </Card>
  );
}

export function VisibilityBadge({ isPublic }: { isPublic: boolean }) {
  return isPublic ? (
    <Badge variant="secondary" className="shrink-0">
      <Globe aria-hidden="true" />
      Public
    </Badge>
  ) : (
    <Badge variant="outline" className="shrink-0">
      <Lock aria-hidden="true" />
      Private
    </Badge>
  );
}

function RowsSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true" aria-label="Loading outings">
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <Card key={index} className="gap-2 px-4 py-3">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-4 w-56" />
        </Card>
      ))}
    </div>
  );
}

function NoOutings({ startOuting }: { startOuting?: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <Footprints className="size-12 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-xl font-semibold">No outings yet</h2>
        <p className="max-w-md text-muted-foreground">
          An outing keeps a walk&apos;s species together with when, how long and how far you went.
          Start one when you head out, then tap each species as you see it.
        </p>
        {startOuting ?? (
          <Button asChild>
            <Link href={appRoutes.home}>Go to Logs</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
