import { CircleAlert, WifiOff } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { isUnreachable } from '@/lib/last-synced';
import { errorMessage } from '@/lib/error-message';
import { isUnauthorized } from '@/lib/query-client';

/** What a page this device never loaded says offline, instead of 'Failed to fetch' (issue 23). */
export const OFFLINE_PAGE_TEXT = {
  title: 'Not available offline',
  description:
    'This page was not opened on this device while it was online. It will load once you are back online.',
};

/**
 * A failed load, said in the server's words; a 401 says nothing here (the sign-in toast does).
 */
export function QueryErrorAlert({ error }: { error: Error | null }) {
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
  return (
    <Alert variant="destructive">
      <CircleAlert />
      <AlertDescription>{errorMessage(error, error.message)}</AlertDescription>
    </Alert>
  );
}
