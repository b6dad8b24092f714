import { delMany, entries, update } from 'idb-keyval';
import { isDraftOf, type DeviceDraft } from './drafts';
import { forgetFormDrafts } from './form-drafts';
import {
  CREATED_OUTINGS_KEY,
  isOutingCreate,
  offlineStore,
  QUEUE_KEY,
  readOfflineWrites,
  REJECTED_KEY,
  type QueuedWrite,
} from './offline-queue';
import { USER_CACHES } from './user-caches';

// What this device keeps of a signed-in user, forgotten at sign-out (issue 21): the next person
// on the device must not read the account's photos, API replies, unsent sightings or the outing
// being tallied offline.

/** This user's drafts on the device, by store key. */
async function draftsOf(userId: string): Promise<Array<[IDBValidKey, DeviceDraft<unknown>]>> {
  const all = await entries<IDBValidKey, DeviceDraft<unknown>>(offlineStore);
  return all.filter(([key]) => isDraftOf(key, userId));
}

/**
 * How many sightings signing out would lose: the log writes waiting to be sent (an outing's
 * create is not a sighting; its logs are) and those in drafts, like an outing being tallied.
 */
export async function unsentSightings(userId: string): Promise<number> {
  const [{ queued }, drafts] = await Promise.all([readOfflineWrites(userId), draftsOf(userId)]);
  const writes = queued.filter((write) => !isOutingCreate(write)).length;
  return drafts.reduce((sum, [, draft]) => sum + draft.sightings, writes);
}

/** Deletes the user's caches (the worker also does on /api/logout), offline writes and drafts. */
export async function forgetDeviceData(userId: string | undefined): Promise<void> {
  if ('caches' in globalThis) {
    await Promise.all(USER_CACHES.map((name) => caches.delete(name)));
  }
  if (!userId) return;
  forgetFormDrafts(userId);
  // another account's writes made on this device still wait for that account's session
  const others = <T extends Pick<QueuedWrite, 'userId'>>(list: T[] = []) =>
    list.filter((one) => one.userId !== userId);
  await update(QUEUE_KEY, others, offlineStore);
  await update(REJECTED_KEY, others, offlineStore);
  await update(CREATED_OUTINGS_KEY, others, offlineStore);
  await delMany(
    (await draftsOf(userId)).map(([key]) => key),
    offlineStore,
  );
}
