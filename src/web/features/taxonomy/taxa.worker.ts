import { readTaxaPack, searchTaxaPack, type TaxaIndex } from '../../../common/taxa-pack';
import { likelyAt, loadLastLikely } from './likely-store';
import type { FromPackWorker, PackState, ToPackWorker } from './pack-protocol';

// The species pack's worker (issue 20, docs/decisions/012-offline-taxa-pack.md): keeps the
// backbone of GET /api/taxa/pack in Cache Storage, so that the pickers search it offline after
// one online visit, and searches it off the main thread. The pack is read from the cache first,
// then revalidated with its ETag on every start and at most once a day while the app stays open.

const CACHE = 'taxa-pack';
const REVALIDATE_MS = 24 * 60 * 60 * 1000;

const scope = self as unknown as {
  postMessage(message: FromPackWorker): void;
  onmessage: ((event: MessageEvent<ToPackWorker>) => void) | null;
};

let url = '';
let language = 'en';
let index: TaxaIndex | undefined;
/** The ETag of the pack in use. */
let etag: string | undefined;
let indexMs = 0;
let checkedAt = 0;
let revalidating: Promise<void> | undefined;

const post = (message: FromPackWorker) => scope.postMessage(message);

function state(): PackState {
  return {
    ready: index !== undefined,
    complete: index?.header.complete ?? false,
    taxa: index?.header.taxa ?? 0,
    language: index?.header.language ?? language,
    indexMs,
  };
}

/** Reads a pack's text; false when it is not one this app reads (a newer format). */
function adopt(text: string, tag: string | null): boolean {
  const started = performance.now();
  try {
    index = readTaxaPack(text);
  } catch {
    return false;
  }
  indexMs = Math.round(performance.now() - started);
  etag = tag ?? undefined;
  return true;
}

/** Cache Storage needs a secure context (HTTPS or localhost): without it the pack lives in memory. */
const openCache = () =>
  typeof caches === 'undefined'
    ? Promise.resolve(undefined)
    : caches.open(CACHE).catch(() => undefined);

async function fromCache() {
  const cache = await openCache();
  const cached = await cache?.match(url);
  if (cached && !adopt(await cached.text(), cached.headers.get('etag'))) await cache?.delete(url);
}

/**
 * Asks the server whether the pack changed, and takes the new one when it did. Offline, or
 * when the connection drops mid-way, the pack in use stays.
 */
async function revalidate() {
  checkedAt = Date.now();
  let text: string;
  let fresh: string | null;
  try {
    const response = await fetch(url, {
      credentials: 'same-origin',
      cache: 'no-store', // this worker is the pack's cache; the browser's would hold a copy
      headers: etag ? { 'If-None-Match': etag } : {},
    });
    if (response.status !== 200) return; // 304 unchanged; 401 signed out: keep what there is
    text = await response.text();
    fresh = response.headers.get('etag');
  } catch {
    return;
  }
  if (!adopt(text, fresh)) return;
  const cache = await openCache();
  await cache
    ?.put(
      url,
      new Response(text, {
        headers: { 'Content-Type': 'text/plain; charset=utf-8', ...(fresh ? { ETag: fresh } : {}) },
      }),
    )
    .catch(() => undefined); // a full disk leaves the pack in memory
  // one pack is kept: the one of an earlier browser language goes
  const kept = new URL(url, self.location.href).href;
  for (const request of (await cache?.keys()) ?? []) {
    if (request.url !== kept) await cache?.delete(request);
  }
  post({ type: 'state', state: state() });
}

function startRevalidation() {
  revalidating ??= revalidate().finally(() => (revalidating = undefined));
  return revalidating;
}

async function load() {
  await Promise.all([fromCache().catch(() => undefined), loadLastLikely().catch(() => undefined)]);
  const cached = index !== undefined;
  if (cached) post({ type: 'state', state: state() });
  try {
    await startRevalidation();
  } finally {
    if (!cached) post({ type: 'state', state: state() }); // none cached: the first answer is now
  }
}

scope.onmessage = ({ data: message }) => {
  if (message.type === 'load') {
    language = message.language;
    url = `/api/taxa/pack?lang=${encodeURIComponent(language)}`;
    void load();
    return;
  }
  if (Date.now() - checkedAt >= REVALIDATE_MS && navigator.onLine) void startRevalidation();
  void answer(message);
};

async function answer({ id, text, limit, region, place }: ToPackWorker & { type: 'search' }) {
  if (!index) return post({ type: 'result', id, taxa: null });
  // the region's pack (issue 36): likely taxa first; without one, ranked as without a place
  const likely = place ? await likelyAt(place).catch(() => undefined) : undefined;
  post({ type: 'result', id, taxa: searchTaxaPack(index, text, limit, region, likely) });
}
