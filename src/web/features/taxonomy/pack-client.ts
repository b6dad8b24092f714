import { primaryLanguage, type TaxonHit } from '../../../common/taxonomy';
import type { FromPackWorker, LikelyPlace, PackState, ToPackWorker } from './pack-protocol';

// The page's side of the species pack: one worker (taxa.worker.ts), started on first use so
// that neither the main bundle nor a page that never shows a picker pays for it.

export interface TaxaPack {
  /** The latest state the worker reported; undefined until the first. */
  readonly state: PackState | undefined;
  /** Settles with the first state: after the cached pack is read, or the server answered. */
  readonly loaded: Promise<PackState>;
  search(
    text: string,
    limit: number,
    region: number,
    signal?: AbortSignal,
    place?: LikelyPlace,
  ): Promise<TaxonHit[] | null>;
}

let pack: TaxaPack | undefined;

const aborted = () => new DOMException('The search was aborted', 'AbortError');

const NONE: PackState = { ready: false, complete: false, taxa: 0, language: 'en', indexMs: 0 };

/** Without workers (an old browser, a test in Node) there is no pack: searches use the server. */
const noPack: TaxaPack = { state: NONE, loaded: Promise.resolve(NONE), search: async () => null };

/** The pack of this page, its worker started on the first call. */
export function taxaPack(): TaxaPack {
  pack ??= typeof Worker === 'undefined' ? noPack : startPack();
  return pack;
}

function startPack(): TaxaPack {
  const worker = new Worker(new URL('./taxa.worker.ts', import.meta.url), {
    type: 'module',
    name: 'taxa-pack',
  });
  const send = (message: ToPackWorker) => worker.postMessage(message);
  const pending = new Map<number, (taxa: TaxonHit[] | null) => void>();
  let nextId = 1;
  let state: PackState | undefined;
  let settle: (state: PackState) => void = () => undefined;
  const loaded = new Promise<PackState>((resolve) => (settle = resolve));

  worker.onmessage = ({ data }: MessageEvent<FromPackWorker>) => {
    if (data.type === 'state') {
      state = data.state;
      settle(data.state);
    } else {
      pending.get(data.id)?.(data.taxa);
      pending.delete(data.id);
    }
  };
  // a worker that cannot start (a browser without module workers) leaves the network
  worker.onerror = () => {
    state = NONE;
    settle(NONE);
    for (const answer of pending.values()) answer(null);
    pending.clear();
  };
  send({ type: 'load', language: primaryLanguage(navigator.language) ?? 'en' });

  return {
    get state() {
      return state;
    },
    loaded,
    search(text, limit, region, signal, place) {
      if (signal?.aborted) return Promise.reject(aborted());
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          pending.delete(id);
          reject(aborted());
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        pending.set(id, (taxa) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(taxa);
        });
        send({ type: 'search', id, text, limit, region, ...(place ? { place } : {}) });
      });
    },
  };
}
