import type { TaxonHit } from '../../../common/taxonomy';

// The messages between the page and the species pack's worker (taxa.worker.ts).
// bench/taxa-browser.mjs speaks them too: change both together.

export type ToPackWorker =
  /** Sent once, first: the names' language (a primary subtag, e.g. `fr`). */
  | { type: 'load'; language: string }
  /**
   * `region`: the place's (common/regions.ts), 0 when unknown. `place`: the point and local
   * date of the record: taxa recorded near it in the season come first (likely-store.ts).
   */
  | {
      type: 'search';
      id: number;
      text: string;
      limit: number;
      region: number;
      place?: LikelyPlace;
    };

/** Where and when a record is made: its point and its local date ('YYYY-MM-DD'). */
export interface LikelyPlace {
  latitude: number;
  longitude: number;
  date: string;
}

export type FromPackWorker =
  /** After the cached pack is read, and again whenever the server's pack replaces it. */
  | { type: 'state'; state: PackState }
  /** `taxa` is null when there is no pack to search. */
  | { type: 'result'; id: number; taxa: TaxonHit[] | null };

export interface PackState {
  /** A pack is loaded and searchable. */
  ready: boolean;
  /** It holds the whole backbone: false when the server cut it (TAXA_PACK_CAP). */
  complete: boolean;
  taxa: number;
  language: string;
  /** How long reading the pack and computing its name keys took, in ms. */
  indexMs: number;
}
