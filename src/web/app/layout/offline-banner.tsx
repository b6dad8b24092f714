import { WifiOff } from 'lucide-react';
import { lastSynced } from '@/lib/last-synced';
import { useOnline } from '@/lib/use-online';

/** '14:32' today, 'Nov 23, 14:32' before. */
function formatSynced(at: Date) {
  const today = at.toDateString() === new Date().toDateString();
  return new Intl.DateTimeFormat(undefined, {
    ...(today ? {} : { month: 'short', day: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
}

/** Issue 23: offline, the app says so, and how fresh what it shows is. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  const synced = lastSynced();
  return (
    <div
      role="status"
      className="border-b bg-muted px-4 py-2 text-center text-sm text-muted-foreground"
    >
      <WifiOff className="mr-2 inline size-4 align-[-2px]" aria-hidden="true" />
      {synced
        ? `You are offline — showing what was synced at ${formatSynced(synced)}`
        : 'You are offline — showing what this device has kept'}
    </div>
  );
}
