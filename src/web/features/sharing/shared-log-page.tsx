import { Binoculars, Home } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import type { SharedLog } from '../../../common/logs/schemas';
import { logLinkPreview } from '../../../common/sharing';
import { appRoutes } from '../../../common/routes';
import { NotFoundState } from '@/components/not-found-state';
import { PageMain } from '@/components/page-main';
import { PageSpinner } from '@/components/page-spinner';
import { formatDay, formatObservedDay } from '@/lib/log-dates';
import { productName } from '@/lib/product-name';
import { useLinkPreview } from './use-link-preview';
import { useSharedLog } from './use-shared-log';

interface SharedLogPageProps {
  id: string;
  /** The read-only card of the log (the logs feature's, handed in by app/). */
  renderLog: (log: SharedLog) => ReactNode;
}

/** SPEC §2 "Public shared log": anyone with the link, signed in or not. */
export function SharedLogPage({ id, renderLog }: SharedLogPageProps) {
  const { data: log, isPending } = useSharedLog(id);
  const preview = useMemo(
    () =>
      log &&
      logLinkPreview(log, {
        origin: window.location.origin,
        appName: productName,
        formatDay: formatObservedDay,
      }),
    [log],
  );
  useLinkPreview(preview);

  if (isPending) return <PageSpinner />;
  if (!log) return <SharedLogNotFound />;

  return (
    <PageMain className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-8">
      <div className="flex items-center gap-2">
        <Binoculars className="size-6 text-primary" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight">Wildlife Sighting</h1>
      </div>
      {renderLog(log)}
      <footer className="text-center text-sm text-muted-foreground">
        Shared on {formatDay(new Date().toISOString())} • Powered by {productName}
      </footer>
    </PageMain>
  );
}

function SharedLogNotFound() {
  return (
    <NotFoundState
      title="Log not found"
      text="This log is either private or doesn't exist."
      action={{ href: appRoutes.home, icon: <Home />, label: 'Go to Home' }}
    />
  );
}
