import { update } from 'idb-keyval';
import { offlineStore, QUEUE_KEY, REJECTED_KEY, type QueuedWrite } from './offline-queue';
import { forgetFormDrafts } from './form-drafts';
import { USER_CACHES } from './user-caches';

// What this device keeps of a signed-in user, forgotten at sign-out (issue 21): the next person
// on the device must not read the account's photos, API replies or unsent sightings offline.

/** Deletes the user's caches (the worker also does on /api/logout) and their offline writes. */
export async function forgetDeviceData(userId: string | undefined): Promise<void> {
  if ('caches' in globalThis) {
    await Promise.all(USER_CACHES.map((name) => caches.delete(name)));
  }
  if (!userId) return;
  forgetFormDrafts(userId);
  // another account's writes made on this device still wait for that account's session
  const others = <T extends QueuedWrite>(list: T[] = []) =>
    list.filter((one) => one.userId !== userId);
  await update(QUEUE_KEY, others, offlineStore);
  await update(REJECTED_KEY, others, offlineStore);
}
