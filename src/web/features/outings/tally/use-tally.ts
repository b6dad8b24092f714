import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';
import {
  createdOutingId,
  deleteDraft,
  draftKey,
  QUEUED,
  queueWrites,
  readDraft,
  readOfflineWrites,
  saveDraft,
  syncOfflineWrites,
} from '@/features/offline';
import { afterLogWrite, currentUserId, queryKeys } from '@/lib/query-keys';
import type { Tally } from './tally';
import { tallyWrites, type OutingEnd } from './tally-writes';

// The outing in progress lives on the device (a draft of the offline feature, in IndexedDB): a
// reload, a phone that sleeps or a lost connection lose nothing, and signing out forgets it.
// Every change is kept there, in order, as it is shown.

const TALLY_DRAFT = 'outing-tally';

/** The writes of the tally to the device, one after another: the last change is the one kept. */
let saving: Promise<unknown> = Promise.resolve();

function signedInUser(queryClient: QueryClient): string {
  const userId = currentUserId(queryClient);
  if (!userId) throw new Error('Sign in to tally an outing');
  return userId;
}

/** The tally in progress on this device: null when there is none. */
export function useTally() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.outingTally,
    queryFn: async () => (await readDraft<Tally>(signedInUser(queryClient), TALLY_DRAFT)) ?? null,
    networkMode: 'always', // IndexedDB needs no connection
    staleTime: Infinity, // this page is the one that changes it
  });
}

/** Changes the tally: shown at once, kept on the device right after. */
export function useChangeTally() {
  const queryClient = useQueryClient();
  return useCallback(
    (change: (tally: Tally) => Tally) => {
      const current = queryClient.getQueryData<Tally | null>(queryKeys.outingTally);
      if (!current) return;
      const next = change(current);
      if (next === current) return;
      queryClient.setQueryData(queryKeys.outingTally, next);
      keep(queryClient, next);
    },
    [queryClient],
  );
}

/** Starts a tally (or replaces one: the caller asks first). */
export function beginTally(queryClient: QueryClient, tally: Tally): Promise<void> {
  queryClient.setQueryData(queryKeys.outingTally, tally);
  return keep(queryClient, tally);
}

function keep(queryClient: QueryClient, tally: Tally): Promise<void> {
  const userId = signedInUser(queryClient);
  const run = saving.then(() => saveDraft(userId, TALLY_DRAFT, tally, tally.entries.length));
  saving = run.catch((error: unknown) => {
    console.error(error);
    toast.error('Not kept on this device', {
      description: 'The tally could not be stored here; keep this page open until you end it.',
    });
  });
  return saving as Promise<void>;
}

/** Drops the tally from the device, its species with it. */
export async function discardTally(queryClient: QueryClient): Promise<void> {
  const userId = signedInUser(queryClient);
  await saving;
  await deleteDraft(userId, TALLY_DRAFT);
  queryClient.setQueryData(queryKeys.outingTally, null);
}

/** How an ended tally stands: on the server, waiting for the connection, or refused. */
export type EndedTally = { outingId: string } | typeof QUEUED | 'refused';

/**
 * Ends the tally: its writes are queued in the transaction that removes it from the device, then
 * sent at once (the sync toasts a refusal, and the pending list keeps its reason).
 */
export async function endTally(
  queryClient: QueryClient,
  tally: Tally,
  end: OutingEnd,
): Promise<EndedTally> {
  const userId = signedInUser(queryClient);
  await saving; // a change still being kept must not bring the draft back afterwards
  await queueWrites(tallyWrites(tally, end, userId), draftKey(userId, TALLY_DRAFT));
  queryClient.setQueryData(queryKeys.outingTally, null);
  await syncOfflineWrites(queryClient).catch((error: unknown) => console.error(error));
  for (const queryKey of [queryKeys.offlineWrites, queryKeys.outings.all, ...afterLogWrite]) {
    void queryClient.invalidateQueries({ queryKey });
  }
  const outingId = await createdOutingId(tally.key);
  if (outingId) return { outingId };
  const { rejected } = await readOfflineWrites(userId);
  return rejected.some((write) => write.id === tally.key) ? 'refused' : QUEUED;
}
