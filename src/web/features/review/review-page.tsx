import { useEffect, useState } from 'react';
import { REVIEW_LIMITS } from '../../../common/occurrence-api';
import { ListPagination } from '@/components/list-pagination';
import { PageMain } from '@/components/page-main';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ReviewCard } from './review-card';
import { useReviewLogs } from './use-review';

// /review (issue 36): the records flagged unusual, for admins and reviewers to decide on.

type Status = 'open' | 'decided';

const emptyTexts: Record<Status, string> = {
  open: 'Nothing to review. Records flagged as unusual will appear here.',
  decided: 'No decisions yet.',
};

export function ReviewPage() {
  useDocumentTitle('Review');
  const [status, setStatus] = useState<Status>('open');
  const [page, setPage] = useState(1);
  return (
    <PageMain className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight">Review</h1>
      <Tabs
        value={status}
        onValueChange={(value) => {
          setStatus(value as Status);
          setPage(1);
        }}
        className="gap-6"
      >
        <TabsList>
          <TabsTrigger value="open">To review</TabsTrigger>
          <TabsTrigger value="decided">Decided</TabsTrigger>
        </TabsList>
        {(['open', 'decided'] as const).map((value) => (
          <TabsContent key={value} value={value}>
            <ReviewList
              status={value}
              page={page}
              onPage={(next) => {
                setPage(next);
                window.scrollTo(0, 0); // the next page starts at its first card
              }}
            />
          </TabsContent>
        ))}
      </Tabs>
    </PageMain>
  );
}

function ReviewList({
  status,
  page,
  onPage,
}: {
  status: Status;
  page: number;
  onPage: (page: number) => void;
}) {
  const { data, error, isPending, refetch } = useReviewLogs({ status, page });
  const pages = data ? Math.ceil(data.total / REVIEW_LIMITS.pageSize) : 0;
  // decisions that emptied the last page: the one before it
  const pastTheEnd = data !== undefined && data.items.length === 0 && page > 1;
  useEffect(() => {
    if (pastTheEnd) onPage(Math.max(1, pages));
  }, [pastTheEnd, pages, onPage]);
  if (!data || pastTheEnd) {
    return isPending || pastTheEnd ? (
      <ReviewSkeleton />
    ) : (
      <QueryErrorAlert error={error} onRetry={() => void refetch()} />
    );
  }
  return (
    <div className="grid grid-cols-1 gap-4">
      {data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
          {emptyTexts[status]}
        </p>
      ) : (
        data.items.map((item) => <ReviewCard key={item.id} item={item} />)
      )}
      {pages > 1 && <ListPagination page={page} pages={pages} onPage={onPage} />}
    </div>
  );
}

function ReviewSkeleton() {
  return (
    <Card aria-hidden="true" data-testid="review-skeleton">
      <CardHeader>
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-4 w-1/3" />
      </CardHeader>
      <CardContent className="grid gap-2">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-16 w-full" />
      </CardContent>
    </Card>
  );
}
