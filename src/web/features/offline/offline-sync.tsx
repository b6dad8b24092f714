import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { afterLogWrite, currentUserId, queryKeys } from '@/lib/query-keys';
import { replayOfflineWrites } from './offline-queue';

/**
 * Sends the writes kept on the device now, toasts those the server refuses and refreshes what
 * the sent ones change. Also after queueing writes to send at once (an ended outing).
 */
export async function syncOfflineWrites(queryClient: QueryClient): Promise<void> {
  const userId = currentUserId(queryClient);
  if (!userId) return;
  const { done, rejected } = await replayOfflineWrites(userId);
  for (const write of rejected) {
    toast.error('Not saved', { description: `${write.species}: ${write.reason}` });
  }
  if (done === 0) return;
  for (const queryKey of [queryKeys.offlineWrites, ...afterLogWrite]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** Sends the writes kept offline when the connection returns, and at start (signed in). */
export function OfflineSync() {
  const queryClient = useQueryClient();

  useEffect(() => {
    const onOnline = () =>
      void syncOfflineWrites(queryClient).catch((error: unknown) => console.error(error));
    onOnline();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [queryClient]);

  return null;
}
