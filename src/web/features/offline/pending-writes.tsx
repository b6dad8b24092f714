import { CloudOff, TriangleAlert, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { IconTooltip } from '@/components/ui/tooltip';
import { kindOf, pendingEntries } from './pending-entries';
import { useDismissRejectedWrite, useOfflineWrites } from './use-offline-writes';

/** Writes made offline: waiting for the connection, or refused by the server on replay. */
export function PendingWrites() {
  const { data } = useOfflineWrites();
  const dismiss = useDismissRejectedWrite();
  if (!data || (data.queued.length === 0 && data.rejected.length === 0)) return null;

  return (
    <section aria-label="Offline changes" className="grid grid-cols-1 gap-2">
      <ul className="grid grid-cols-1 gap-2">
        {pendingEntries(data.queued).map((entry) => (
          <li
            key={entry.key}
            className="flex items-center gap-3 rounded-lg border border-dashed p-3 text-sm"
            data-testid="pending-write"
          >
            <CloudOff className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="min-w-0 flex-1 break-words">
              <span className="font-medium">{entry.label}</span>{' '}
              <span className="text-muted-foreground">· {entry.kind}</span>
            </span>
            <Badge variant="secondary">Pending</Badge>
          </li>
        ))}
        {data.rejected.map((write) => (
          <li
            key={write.id}
            role="alert"
            className="flex items-center gap-3 rounded-lg border border-destructive/50 p-3 text-sm"
          >
            <TriangleAlert className="size-4 shrink-0 text-destructive" aria-hidden="true" />
            <span className="min-w-0 flex-1">
              <span className="font-medium">{write.species}</span>{' '}
              <span className="text-muted-foreground">· {kindOf(write)} not saved:</span>{' '}
              {write.reason}
            </span>
            <Badge variant="destructive">Not saved</Badge>
            <IconTooltip label={`Dismiss ${write.species}`}>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Dismiss ${write.species}`}
                onClick={() => dismiss.mutate(write.id)}
              >
                <X />
              </Button>
            </IconTooltip>
          </li>
        ))}
      </ul>
    </section>
  );
}
