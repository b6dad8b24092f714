import { CircleAlert, RotateCw, WifiOff } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { isUnreachable } from '@/lib/last-synced';
import { errorMessage } from '@/lib/error-message';
import { isUnauthorized } from '@/lib/query-client';

/** What a page this device never loaded says offline, instead of 'Failed to fetch' (issue 23). */
export const OFFLINE_PAGE_TEXT = {
  title: 'Not available offline',
  description:
    'This page was not opened on this device while it was online. It will load once you are back online.',
};

/** What a failure of the server itself says, instead of its bare "Internal Server Error". */
export const SERVER_FAILURE_TEXT = 'Something went wrong on the server. Try again in a moment.';

/**
 * A failed load, said in the server's words (a failure of the server in plain words), with a
 * Retry button when the page can load again (issue 34: one error state); a 401 says nothing
 * here (the sign-in toast does).
 */
export function QueryErrorAlert({ error, onRetry }: { error: Error | null; onRetry?: () => void }) {
  if (!error || isUnauthorized(error)) return null;
  if (isUnreachable(error)) {
    return (
      <Alert>
        <WifiOff />
        <AlertTitle>{OFFLINE_PAGE_TEXT.title}</AlertTitle>
        <AlertDescription>{OFFLINE_PAGE_TEXT.description}</AlertDescription>
      </Alert>
    );
  }
  const serverFailed = error instanceof ApiError && error.status >= 500;
  return (
    <Alert variant="destructive">
      <CircleAlert />
      <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
        <span>{serverFailed ? SERVER_FAILURE_TEXT : errorMessage(error, error.message)}</span>
        {onRetry && (
          <Button type="button" variant="outline" size="sm" onClick={onRetry}>
            <RotateCw aria-hidden="true" />
            Retry
          </Button>
        )}
      </AlertDescription>
    </Alert>
  );
}
