import { Binoculars, ChevronLeft, ChevronRight, CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { PAGE_SIZE } from '../../../common/logs';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { LogCard, LogCardSkeleton } from './log-card';
import { useLogs } from './use-logs';

const SKELETON_CARDS = 6; // SPEC §9

// a 401 already toasts and sends the browser to sign in (lib/query-client.ts)
const isUnauthorized = (error: Error) => error instanceof ApiError && error.status === 401;

const sightingsTotal = (total: number) =>
  `${total.toLocaleString()} ${total === 1 ? 'sighting' : 'sightings'} total`;

export function LogsPage() {
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useLogs({ page, pageSize: PAGE_SIZE });
  const pages = data ? Math.ceil(data.total / PAGE_SIZE) : 0;

  return (
    <main className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Wildlife Logs</h1>
        <p className="text-muted-foreground">
          {isPending ? 'Loading...' : data ? sightingsTotal(data.total) : null}
        </p>
      </div>

      {data ? (
        data.items.length === 0 ? (
          <EmptyState />
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {data.items.map((log) => (
              <LogCard key={log.id} log={log} />
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
        error &&
        !isUnauthorized(error) && (
          <Alert variant="destructive">
            <CircleAlert />
            <AlertDescription>
              {error instanceof ApiError ? error.body.message : error.message}
            </AlertDescription>
          </Alert>
        )
      )}

      {pages > 1 && (
        <nav className="flex items-center justify-center gap-4" aria-label="Pagination">
          <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            <ChevronLeft />
            Previous
          </Button>
          <span className="text-sm text-muted-foreground">
            Page {page} of {pages}
          </span>
          <Button variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
            <ChevronRight />
          </Button>
        </nav>
      )}
    </main>
  );
}

function EmptyState() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <Binoculars className="size-12 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-xl font-semibold">No logs found</h2>
        <p className="max-w-md text-muted-foreground">
          Start logging your wildlife sightings to build your observation database.
        </p>
      </CardContent>
    </Card>
  );
}
