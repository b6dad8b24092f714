import { del, get, set } from 'idb-keyval';
import { offlineStore } from './offline-queue';

// Work in progress kept on the device until it becomes writes (issue 22: the tally of an outing):
// beside the queue, in the same store, so that turning a draft into queued writes is one
// transaction (queueWrites) and signing out forgets it with the rest (device-data.ts).

export interface DeviceDraft<T> {
  value: T;
  /** How many sightings it holds: signing out asks before discarding them. */
  sightings: number;
}

const DRAFT_PREFIX = 'draft:';

/** The store key of a user's draft; `queueWrites` deletes it with the writes it became. */
export const draftKey = (userId: string, name: string) => `${DRAFT_PREFIX}${userId}:${name}`;

/** Whether a store key is one of this user's drafts. */
export const isDraftOf = (key: IDBValidKey, userId: string) =>
  typeof key === 'string' && key.startsWith(`${DRAFT_PREFIX}${userId}:`);

export async function readDraft<T>(userId: string, name: string): Promise<T | undefined> {
  return (await get<DeviceDraft<T>>(draftKey(userId, name), offlineStore))?.value;
}

export function saveDraft<T>(userId: string, name: string, value: T, sightings: number) {
  const draft: DeviceDraft<T> = { value, sightings };
  return set(draftKey(userId, name), draft, offlineStore);
}

export function deleteDraft(userId: string, name: string) {
  return del(draftKey(userId, name), offlineStore);
}
