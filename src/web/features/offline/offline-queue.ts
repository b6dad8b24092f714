import { createStore, get, promisifyRequest, update } from 'idb-keyval';
import { IDEMPOTENCY_KEY_HEADER, type LogWriteInput } from '../../../common/logs/schemas';
import type { OutingWriteInput } from '../../../common/outings/schemas';
import { OUTINGS_API_PATH } from '../../../common/routes';
import { api, ApiError, type ReplyParser } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';

// Offline logging (issue 6, beyond SPEC): a create, edit or delete that cannot reach the server
// is kept in IndexedDB and sent again, in order, when the connection returns. A write the server
// then refuses is kept with its reason until the person dismisses it: never silently lost.
//
// An outing ended offline (issue 22) is queued as its create followed by one create per species,
// all in one transaction. The logs cannot name the outing's id, which the server has not made
// yet: they name the outing's create instead (`outingKey`, that create's id and so its
// Idempotency-Key). The replay sends the outing first (the queue's order), keeps the id it
// answers under that key in the same transaction that takes the create off the queue, and puts
// the id into each log's `outingId` as it sends it. A reload at any point resends at most the
// write at the head of the queue, which its Idempotency-Key makes harmless: the outing's create
// answers the same outing again, and its id is known before any of its logs is sent.

export interface QueuedWrite {
  /** Also the create's Idempotency-Key: a create sent twice makes one log. */
  id: string;
  /** Whose session made it: a write is only ever replayed in that user's session. */
  userId: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: LogWriteInput | OutingWriteInput;
  /** The species, for the list's pending entry (an outing's create: the outing's label). */
  species: string;
  queuedAt: string;
  /** A log of an outing whose create is queued too: that create's id (see the top). */
  outingKey?: string;
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
/** The ids the server gave the outings created by the replay, under their create's id. */
export const CREATED_OUTINGS_KEY = 'created-outings';
const store = offlineStore;

export interface CreatedOuting {
  /** The queued create's id: the logs' `outingKey`. */
  key: string;
  userId: string;
  id: string;
  createdAt: string;
}

/** How long a created outing's id is kept once no queued log needs it. */
const CREATED_OUTING_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** The create of an outing, which the logs queued with it refer to by its id. */
export const isOutingCreate = (write: Pick<QueuedWrite, 'method' | 'path'>) =>
  write.method === 'POST' && write.path === OUTINGS_API_PATH;

type Updater = (value: never) => unknown;

/** Changes several keys of the store in one transaction: all of them are made, or none. */
function updateTogether(updaters: Record<string, Updater>): Promise<void> {
  return store('readwrite', (objects) => {
    for (const [key, updater] of Object.entries(updaters)) {
      const request = objects.get(key);
      request.onsuccess = () => {
        const next = updater(request.result as never);
        if (next === undefined) objects.delete(key);
        else objects.put(next, key);
      };
    }
    return promisifyRequest(objects.transaction);
  });
}

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

/**
 * Queues writes that belong together (an outing and its logs) behind the others, and in the same
 * transaction deletes `settledKey` (the draft they were made from): after a crash the device holds
 * either the draft or its writes, never both and never neither.
 */
export async function queueWrites(
  writes: Array<Omit<QueuedWrite, 'queuedAt'>>,
  settledKey?: string,
): Promise<void> {
  const queuedAt = new Date().toISOString();
  await updateTogether({
    [QUEUE_KEY]: (list: QueuedWrite[] = []) => [
      ...list,
      // a write queued before (same id) is not queued twice
      ...writes
        .filter((write) => !list.some((one) => one.id === write.id))
        .map((write) => ({ ...write, queuedAt })),
    ],
    ...(settledKey ? { [settledKey]: () => undefined } : {}),
  });
}

/** The id the server gave an outing whose create was queued with this id, once it was sent. */
export async function createdOutingId(key: string): Promise<string | undefined> {
  const created = await get<CreatedOuting[]>(CREATED_OUTINGS_KEY, store);
  return created?.find((one) => one.key === key)?.id;
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

let replaying: Promise<unknown> = Promise.resolve();

/**
 * Sends the queued writes in order; stops at the first that cannot reach the server. A call
 * during a replay runs after it (one at a time), so writes queued meanwhile are sent too.
 */
export function replayOfflineWrites(userId: string): Promise<ReplayResult> {
  const run = replaying.catch(() => undefined).then(() => replay(userId));
  replaying = run;
  return run;
}

async function replay(userId: string): Promise<ReplayResult> {
  const result: ReplayResult = { done: 0, rejected: [] };
  for (;;) {
    const { queued } = await readOfflineWrites(userId);
    const [next] = queued;
    if (!next) return result;
    let created: CreatedOuting | undefined;
    let refused: RejectedWrite | undefined;
    try {
      const reply = await api(next.path, anyReply, {
        method: next.method,
        body: await bodyToSend(next),
        headers: writeHeaders(next),
      });
      if (isOutingCreate(next)) created = createdOuting(next, reply);
    } catch (error) {
      if (unreachable(error)) return result; // still offline: try again later
      if (error instanceof ApiError && error.status === 401) return result; // after sign-in
      if (!alreadyDeleted(next, error)) {
        const reason =
          error instanceof OutingNotSaved
            ? error.message
            : errorMessage(error, 'The server refused this change');
        refused = { ...next, reason };
        result.rejected.push(refused);
      }
    }
    result.done++;
    // an id no queued log waits for any more is kept a while, for whoever ended the outing
    const keptSince = Date.now() - CREATED_OUTING_KEPT_MS;
    const kept = (one: CreatedOuting) =>
      one.userId !== userId ||
      queued.some((write) => write.outingKey === one.key) ||
      Date.parse(one.createdAt) > keptSince;
    await updateTogether({
      [QUEUE_KEY]: (list: QueuedWrite[] = []) => list.filter((one) => one.id !== next.id),
      ...(refused && {
        [REJECTED_KEY]: (list: RejectedWrite[] = []) => [...list, refused],
      }),
      ...(created && {
        [CREATED_OUTINGS_KEY]: (list: CreatedOuting[] = []) => [...list.filter(kept), created],
      }),
    });
  }
}

class OutingNotSaved extends Error {
  constructor() {
    super('Its outing was not saved');
  }
}

/** The body as sent: a log of a queued outing gets the id the outing's create was answered with. */
async function bodyToSend(write: QueuedWrite): Promise<QueuedWrite['body']> {
  if (!write.outingKey) return write.body;
  const outingId = await createdOutingId(write.outingKey);
  if (!outingId) throw new OutingNotSaved(); // its create was refused: the reason is shown there
  return { ...write.body, outingId } as LogWriteInput;
}

function createdOuting(write: QueuedWrite, reply: unknown): CreatedOuting {
  const id = (reply as { id?: unknown } | null)?.id;
  if (typeof id !== 'string') throw new Error('The server answered an outing without its id');
  return { key: write.id, userId: write.userId, id, createdAt: new Date().toISOString() };
}

export async function dismissRejectedWrite(id: string) {
  await update<RejectedWrite[]>(
    REJECTED_KEY,
    (list = []) => list.filter((one) => one.id !== id),
    store,
  );
}
