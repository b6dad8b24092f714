import { useQuery } from '@tanstack/react-query';
import { Binoculars, Home } from 'lucide-react';
import { useMemo } from 'react';
import { sharedOutingSchema } from '../../../common/outings/schemas';
import { appRoutes } from '../../../common/routes';
import { outingLinkPreview } from '../../../common/sharing';
import { NotFoundState } from '@/components/not-found-state';
import { PageMain } from '@/components/page-main';
import { PageSpinner } from '@/components/page-spinner';
import { useLinkPreview } from '@/features/sharing';
import { api } from '@/lib/api-client';
import { formatDay, formatObservedDay } from '@/lib/log-dates';
import { productName } from '@/lib/product-name';
import { queryKeys } from '@/lib/query-keys';
import { effortLine, outingTitle } from './effort';
import { OutingBody } from './outing-cards';

/** A public outing, never retried, with the session as a shared log is (a trusted viewer's). */
const useSharedOuting = (id: string) =>
  useQuery({
    queryKey: queryKeys.sharedOuting(id),
    queryFn: ({ signal }) =>
      api(`/api/outings/shared/${encodeURIComponent(id)}`, sharedOutingSchema, { signal }),
    retry: false,
  });

/** Issue 22: a public outing for anyone with its link, signed in or not, like a shared log. */
export function SharedOutingPage({ id }: { id: string }) {
  const { data: outing, isPending } = useSharedOuting(id);
  const preview = useMemo(
    () =>
      outing &&
      outingLinkPreview(outing, {
        origin: window.location.origin,
        appName: productName,
        formatDay: formatObservedDay,
      }),
    [outing],
  );
  useLinkPreview(preview);

  if (isPending) return <PageSpinner />;
  if (!outing) return <SharedOutingNotFound />;

  return (
    <PageMain className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-8">
      <div className="flex items-start gap-2">
        <Binoculars className="mt-1 size-6 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words">{outingTitle(outing)}</h1>
          <p className="text-muted-foreground">{effortLine(outing)}</p>
        </div>
      </div>
      <OutingBody outing={outing} />
      <footer className="text-center text-sm text-muted-foreground">
        Shared on {formatDay(new Date().toISOString())} • Powered by {productName}
      </footer>
    </PageMain>
  );
}

function SharedOutingNotFound() {
  return (
    <NotFoundState
      title="Outing not found"
      text="This outing is either private or doesn't exist."
      action={{ href: appRoutes.home, icon: <Home />, label: 'Go to Home' }}
    />
  );
}
