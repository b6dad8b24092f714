import { createStore, get, update } from 'idb-keyval';
import { IDEMPOTENCY_KEY_HEADER, type LogWriteInput } from '../../../common/logs/schemas';
import { api, ApiError, type ReplyParser } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';

// Offline logging (issue 6, beyond SPEC): a create, edit or delete that cannot reach the server
// is kept in IndexedDB and sent again, in order, when the connection returns. A write the server
// then refuses is kept with its reason until the person dismisses it: never silently lost.

export interface QueuedWrite {
  /** Also the create's Idempotency-Key: a create sent twice makes one log. */
  id: string;
  /** Whose session made it: a write is only ever replayed in that user's session. */
  userId: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: LogWriteInput;
  /** The species, for the list's pending entry. */
  species: string;
  queuedAt: string;
}

export interface RejectedWrite extends QueuedWrite {
  reason: string;
}

export interface OfflineWrites {
  queued: QueuedWrite[];
  rejected: RejectedWrite[];
}

export const QUEUED = 'queued' as const;

export const offlineStore = createStore('sightbook-offline', 'writes');
export const QUEUE_KEY = 'queue';
export const REJECTED_KEY = 'rejected';
const store = offlineStore;

const anyReply: ReplyParser<unknown> = { parse: (value) => value };

/** fetch() rejects with a TypeError when the request never reached a server. */
const unreachable = (error: unknown) => error instanceof TypeError;

/** This user's writes; another account's, made on this device, wait for its own session. */
export async function readOfflineWrites(userId: string): Promise<OfflineWrites> {
  const [queued, rejected] = await Promise.all([
    get<QueuedWrite[]>(QUEUE_KEY, store),
    get<RejectedWrite[]>(REJECTED_KEY, store),
  ]);
  const own = <T extends QueuedWrite>(list: T[] = []) =>
    list.filter((one) => one.userId === userId);
  return { queued: own(queued), rejected: own(rejected) };
}

async function enqueue(write: Omit<QueuedWrite, 'queuedAt'>) {
  const queued = { ...write, queuedAt: new Date().toISOString() };
  await update<QueuedWrite[]>(QUEUE_KEY, (list = []) => [...list, queued], store);
}

/** The headers of a write: a create carries its key, so sending it again makes no copy. */
const writeHeaders = ({ id, method }: Pick<QueuedWrite, 'id' | 'method'>) =>
  method === 'POST' ? { [IDEMPOTENCY_KEY_HEADER]: id } : undefined;

/**
 * Sends a write, or queues it when the server cannot be reached. A write also waits its turn
 * behind ones already queued, so that the server sees them in the order they were made.
 * `send` gets the write's headers: a reply lost on the way back queues a write the server
 * did make, and the create's key makes its replay return that log instead of a second one.
 */
export async function sendOrQueue<T>(
  write: Omit<QueuedWrite, 'id' | 'queuedAt' | 'userId'> & {
    userId: string | undefined;
    /** A create's Idempotency-Key when the caller keeps one across tries (one per form). */
    id?: string;
  },
  send: (headers: Record<string, string> | undefined) => Promise<T>,
): Promise<T | typeof QUEUED> {
  const { userId } = write;
  const id = write.id ?? crypto.randomUUID();
  const headers = writeHeaders({ id, method: write.method });
  if (!userId) return send(headers); // no known session to replay it in
  if ((await readOfflineWrites(userId)).queued.length === 0) {
    try {
      return await send(headers);
    } catch (error) {
      if (!unreachable(error)) throw error;
    }
  }
  await enqueue({ ...write, id, userId });
  return QUEUED;
}

/** A deletion the server no longer finds is done: its first try made it, or another device. */
const alreadyDeleted = (write: QueuedWrite, error: unknown) =>
  write.method === 'DELETE' && error instanceof ApiError && error.status === 404;

interface ReplayResult {
  /** How many writes left the queue, sent or refused. */
  done: number;
  rejected: RejectedWrite[];
}

let replaying: Promise<ReplayResult> | undefined;

/** Sends the queued writes in order; stops at the first that cannot reach the server. */
export function replayOfflineWrites(userId: string): Promise<ReplayResult> {
  replaying ??= replay(userId).finally(() => {
    replaying = undefined;
  });
  return replaying;
}

async function replay(userId: string): Promise<ReplayResult> {
  const result: ReplayResult = { done: 0, rejected: [] };
  for (;;) {
    const [next] = (await readOfflineWrites(userId)).queued;
    if (!next) return result;
    try {
      await api(next.path, anyReply, {
        method: next.method,
        body: next.body,
        headers: writeHeaders(next),
      });
    } catch (error) {
      if (unreachable(error)) return result; // still offline: try again later
      if (error instanceof ApiError && error.status === 401) return result; // after sign-in
      if (!alreadyDeleted(next, error)) {
        const refused = { ...next, reason: errorMessage(error, 'The server refused this change') };
        await update<RejectedWrite[]>(REJECTED_KEY, (list = []) => [...list, refused], store);
        result.rejected.push(refused);
      }
    }
    result.done++;
    await update<QueuedWrite[]>(
      QUEUE_KEY,
      (list = []) => list.filter((one) => one.id !== next.id),
      store,
    );
  }
}

export async function dismissRejectedWrite(id: string) {
  await update<RejectedWrite[]>(
    REJECTED_KEY,
    (list = []) => list.filter((one) => one.id !== id),
    store,
  );
}
