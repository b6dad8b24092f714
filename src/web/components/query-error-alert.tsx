import { CircleAlert } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { errorMessage } from '@/lib/error-message';
import { isUnauthorized } from '@/lib/query-client';

/** A failed load, said in the server's words; a 401 says nothing here (the sign-in toast does). */
export function QueryErrorAlert({ error }: { error: Error | null }) {
  if (!error || isUnauthorized(error)) return null;
  return (
    <Alert variant="destructive">
      <CircleAlert />
      <AlertDescription>{errorMessage(error, error.message)}</AlertDescription>
    </Alert>
  );
}
