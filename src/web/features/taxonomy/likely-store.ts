import {
  likelyUnits,
  packCovers,
  readLikelyPack,
  type LikelyPack,
} from '../../../common/likely-pack';
import type { LikelyPlace } from './pack-protocol';

// The species worker's "likely here" packs (issue 36, common/likely-pack.ts): the region of the
// place being logged, fetched from GET /api/occurrences/pack and kept in Cache Storage (one
// entry a region, at most KEPT), so that the picker ranks by place and season offline in
// regions fetched before. The last region is read at start; a pack is revalidated with its ETag
// at most once a day. Without a pack for the place the ranking is as without a place.

const CACHE = 'likely-pack';
/** The region used last: the worker reads its pack at start. */
const LAST = '/likely-pack/last';
const KEPT = 8;
const REVALIDATE_MS = 24 * 60 * 60 * 1000;
/** How long a search waits for a region's first pack before it ranks without one. */
const FIRST_WAIT_MS = 2500;

interface Loaded {
  region: string;
  pack: LikelyPack;
  etag: string | undefined;
  checkedAt: number;
}

/** The packs read so far this session, by region. */
const loaded = new Map<string, Loaded>();
/** Regions the server named for points not surely in a pack's centre cell (its corners). */
const regionOfPoint = new Map<string, string>();
const fetching = new Map<string, Promise<Loaded | undefined>>();

const keyOf = (region: string) => `/likely-pack/${encodeURIComponent(region)}`;
const pointKey = (latitude: number, longitude: number) =>
  `${latitude.toFixed(4)},${longitude.toFixed(4)}`;

const openCache = () =>
  typeof caches === 'undefined'
    ? Promise.resolve(undefined)
    : caches.open(CACHE).catch(() => undefined);

async function fromResponse(response: Response): Promise<Loaded | undefined> {
  try {
    const pack = readLikelyPack(await response.text());
    return {
      region: pack.header.region,
      pack,
      etag: response.headers.get('etag') ?? undefined,
      checkedAt: Number(response.headers.get('x-checked-at')) || 0,
    };
  } catch {
    return undefined; // another format: fetched again
  }
}

/** Keeps a pack in Cache Storage (its ETag and when it was checked in headers), and as last. */
async function keep(entry: Loaded, text: string) {
  const cache = await openCache();
  if (!cache) return;
  const { centre, reachKm } = entry.pack.header;
  const headers = {
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Checked-At': String(entry.checkedAt),
    'X-Covers': `${centre[0]},${centre[1]},${reachKm}`,
    ...(entry.etag ? { ETag: entry.etag } : {}),
  };
  try {
    await cache.put(keyOf(entry.region), new Response(text, { headers }));
    await cache.put(LAST, new Response(entry.region));
    const kept: Array<{ request: Request; at: number }> = [];
    for (const request of await cache.keys()) {
      if (new URL(request.url).pathname === LAST) continue;
      const at = Number((await cache.match(request))?.headers.get('x-checked-at')) || 0;
      kept.push({ request, at });
    }
    kept.sort((a, b) => b.at - a.at);
    for (const { request } of kept.slice(KEPT)) await cache.delete(request);
  } catch {
    // a full disk: the pack stays in memory
  }
}

/** Reads the last region's pack from the cache: called once, when the worker starts. */
export async function loadLastLikely() {
  const cache = await openCache();
  const region = await (await cache?.match(LAST))?.text();
  const cached = region ? await cache?.match(keyOf(region)) : undefined;
  const entry = cached ? await fromResponse(cached) : undefined;
  if (entry) loaded.set(entry.region, entry);
}

/** A pack already at hand (memory, else Cache Storage) that answers for the point. */
async function packAt(latitude: number, longitude: number): Promise<Loaded | undefined> {
  const named = regionOfPoint.get(pointKey(latitude, longitude));
  if (named && loaded.has(named)) return loaded.get(named);
  for (const entry of loaded.values()) {
    if (packCovers(entry.pack.header, latitude, longitude)) return entry;
  }
  const cache = await openCache();
  for (const request of (await cache?.keys()) ?? []) {
    const response = await cache?.match(request);
    const [lat, lon, reach] = (response?.headers.get('x-covers') ?? '').split(',').map(Number);
    if (lat === undefined || lon === undefined || reach === undefined || !response) continue;
    if (!packCovers({ centre: [lat, lon], reachKm: reach }, latitude, longitude)) continue;
    const entry = await fromResponse(response);
    if (entry) {
      loaded.set(entry.region, entry);
      return entry;
    }
  }
  return undefined;
}

/**
 * Asks the server for the point's region pack (revalidating `known` with its ETag). Offline, or
 * signed out, what there is stays.
 */
function fetchPack(latitude: number, longitude: number, known: Loaded | undefined) {
  const key = known?.region ?? pointKey(latitude, longitude);
  let running = fetching.get(key);
  if (running) return running;
  running = (async () => {
    const url = `/api/occurrences/pack?lat=${latitude.toFixed(4)}&lon=${longitude.toFixed(4)}`;
    let response: Response;
    try {
      response = await fetch(url, {
        credentials: 'same-origin',
        cache: 'no-store', // Cache Storage is the pack's cache
        headers: known?.etag ? { 'If-None-Match': known.etag } : {},
      });
    } catch {
      return known;
    }
    const checkedAt = Date.now();
    if (response.status === 304 && known) {
      known.checkedAt = checkedAt;
      const text = await (await (await openCache())?.match(keyOf(known.region)))?.text();
      if (text !== undefined) await keep(known, text);
      return known;
    }
    if (response.status !== 200) return known;
    const text = await response.text();
    const entry = await fromResponse(new Response(text, { headers: response.headers }));
    if (!entry) return known;
    entry.checkedAt = checkedAt;
    loaded.set(entry.region, entry);
    regionOfPoint.set(pointKey(latitude, longitude), entry.region);
    await keep(entry, text);
    return entry;
  })().finally(() => fetching.delete(key));
  fetching.set(key, running);
  return running;
}

const timeout = (ms: number) =>
  new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms));

let memo: { key: string; units: Set<string> } | undefined;

/**
 * The species units likely at the place on its date, from the region's pack: at hand, else
 * fetched (waited for a moment); undefined without one. A pack older than a day is
 * revalidated in the background.
 */
export async function likelyAt(place: LikelyPlace): Promise<Set<string> | undefined> {
  const { latitude, longitude, date } = place;
  let entry = await packAt(latitude, longitude);
  const online = typeof navigator === 'undefined' || navigator.onLine;
  if (!entry && online) {
    entry = await Promise.race([fetchPack(latitude, longitude, undefined), timeout(FIRST_WAIT_MS)]);
  } else if (entry && online && Date.now() - entry.checkedAt >= REVALIDATE_MS) {
    void fetchPack(latitude, longitude, entry);
  }
  if (!entry) return undefined;
  const key = `${entry.region} ${entry.etag} ${pointKey(latitude, longitude)} ${date}`;
  if (memo?.key !== key) memo = { key, units: likelyUnits(entry.pack, latitude, longitude, date) };
  return memo.units;
}
