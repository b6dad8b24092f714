import { useEffect, type ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { CircleAlert, WifiOff } from 'lucide-react';
import { useLocation } from 'wouter';
import { PageMain } from '@/components/page-main';
import { Button } from '@/components/ui/button';
import { OFFLINE_PAGE_TEXT } from '@/components/query-error-alert';
import { retryFailedLoads } from '@/lib/lazy-component';
import { useOnline } from '@/lib/use-online';

// A page whose code did not arrive (the connection dropped while it loaded, or a new version
// of the app replaced the files this tab knows) would otherwise empty the whole app: React
// unmounts everything on an error no boundary catches. The failed part shows why instead, and
// tries again once the browser is back online or the person goes elsewhere.

/** How browsers and Vite's preloading say that a module's file did not arrive. */
const CODE_LOAD_FAILURE =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS/;

export const isCodeLoadFailure = (error: unknown): boolean =>
  error instanceof Error && CODE_LOAD_FAILURE.test(error.message);

/** Tries the failed part again when the connection comes back. */
function useRetryWhenOnline(retry: () => void) {
  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);
}

function LoadFailure({ error, resetErrorBoundary }: FallbackProps) {
  const online = useOnline();
  useRetryWhenOnline(resetErrorBoundary);

  if (!online && isCodeLoadFailure(error)) {
    return (
      <Failure icon={<WifiOff />} title={OFFLINE_PAGE_TEXT.title}>
        {OFFLINE_PAGE_TEXT.description}
      </Failure>
    );
  }
  const reload = (
    <Button type="button" onClick={() => window.location.reload()}>
      Reload
    </Button>
  );
  if (isCodeLoadFailure(error)) {
    return (
      <Failure icon={<CircleAlert />} title="This page could not be loaded" action={reload}>
        Sightbook may have been updated since this tab was opened.
      </Failure>
    );
  }
  return (
    <Failure icon={<CircleAlert />} title="Something went wrong" action={reload}>
      This page stopped on an error. Reloading usually mends it.
    </Failure>
  );
}

function Failure({
  icon,
  title,
  action,
  children,
}: {
  icon: ReactNode;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PageMain
      role="alert"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-16 text-center [&>svg]:size-12 [&>svg]:text-muted-foreground"
    >
      {icon}
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="max-w-md text-muted-foreground">{children}</p>
      {action}
    </PageMain>
  );
}

/** Catches what its children throw, a failed code load above all; another page clears it. */
export function LoadBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <ErrorBoundary
      FallbackComponent={LoadFailure}
      resetKeys={[location]}
      onReset={retryFailedLoads}
    >
      {children}
    </ErrorBoundary>
  );
}

/**
 * For parts a page does without (the header, a button, what works in the background): their
 * `fallback` (nothing by default) stands in while they fail, until the connection is back.
 */
export function QuietLoadBoundary({
  fallback = null,
  children,
}: {
  fallback?: ReactNode;
  children: ReactNode;
}) {
  return (
    <ErrorBoundary
      onReset={retryFailedLoads}
      fallbackRender={({ resetErrorBoundary }) => (
        <RetryWhenOnline retry={resetErrorBoundary}>{fallback}</RetryWhenOnline>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

function RetryWhenOnline({ retry, children }: { retry: () => void; children: ReactNode }) {
  useRetryWhenOnline(retry);
  return children;
}
