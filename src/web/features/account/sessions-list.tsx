import { Monitor } from 'lucide-react';
import { toast } from 'sonner';
import type { AccountSession } from '../../../common/account/schemas';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { useAccountSessions, useEndSession } from './use-account';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dayAndTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The account's live sessions, this one first and marked; each other one can be signed out. */
export function SessionsList() {
  const sessions = useAccountSessions();
  const end = useEndSession();

  if (sessions.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  }
  if (sessions.isError) {
    return <QueryErrorAlert error={sessions.error} onRetry={() => void sessions.refetch()} />;
  }
  const sorted = [...sessions.data].sort((a, b) => Number(b.current) - Number(a.current));

  const signOut = (session: AccountSession) =>
    end.mutate(session.id, {
      onSuccess: () => toast.success(`Signed out ${session.userAgent ?? 'that session'}`),
      onError: (error) => toast.error(errorMessage(error, 'The session could not be signed out')),
    });

  return (
    <ul className="grid divide-y rounded-md border">
      {sorted.map((session) => (
        <li key={session.id} className="flex flex-wrap items-center gap-3 p-3">
          <Monitor className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div className="grid min-w-0 flex-1 gap-0.5">
            <span className="flex flex-wrap items-center gap-2 font-medium">
              {session.userAgent ?? 'Unknown browser'}
              {session.current && <Badge variant="secondary">This device</Badge>}
            </span>
            <span className="text-sm text-muted-foreground">
              {session.createdAt
                ? `Signed in ${dayAndTime.format(new Date(session.createdAt))}`
                : 'Signed in before sessions were recorded'}
              {' · '}
              {`ends ${day.format(new Date(session.expiresAt))} unless used`}
            </span>
          </div>
          {!session.current && (
            <Button
              variant="outline"
              size="sm"
              disabled={end.isPending && end.variables === session.id}
              onClick={() => signOut(session)}
            >
              {end.isPending && end.variables === session.id && <Spinner aria-hidden="true" />}
              Sign Out
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
