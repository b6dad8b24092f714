import { z } from 'zod';
import { regionOfZone } from '../../../common/regions';
import { TAXA_LIMITS, taxonHitSchema, type TaxonHit } from '../../../common/taxonomy';
import { api } from '@/lib/api-client';
import { taxaPack } from './pack-client';
import type { LikelyPlace } from './pack-protocol';

const taxonListSchema = z.array(taxonHitSchema);

export interface TaxaSearchOptions {
  limit?: number;
  signal?: AbortSignal;
  /** The place's time zone: taxa living in its region come first. */
  zone?: string | null;
  /**
   * The record's point and local date: taxa recorded near it in the season come first, marked
   * `likely` (issue 36; offline from the region's pack once fetched).
   */
  place?: LikelyPlace | null;
}

/**
 * Taxa whose scientific or common name holds `text`, best first, as GET /api/taxa ranks them.
 * Answered by the offline pack once it is loaded (a worker; names in the browser's language,
 * else English), else by the server; offline without a pack, none. A pack the server had to
 * cut (a backbone of more than 130,000 taxa) answers only when the server cannot.
 */
export async function searchTaxa(
  text: string,
  { limit = TAXA_LIMITS.defaultResults, signal, zone, place }: TaxaSearchOptions = {},
): Promise<TaxonHit[]> {
  if (text.trim() === '') return [];
  const pack = taxaPack();
  const region = regionOfZone(zone);
  if (pack.state?.ready && pack.state.complete) {
    const taxa = await pack.search(text, limit, region, signal, place ?? undefined);
    if (taxa) return taxa;
  }
  try {
    const query = {
      q: text,
      limit,
      ...(zone ? { zone } : {}),
      ...(place ? { lat: place.latitude, lon: place.longitude, date: place.date } : {}),
    };
    return await api('/api/taxa', taxonListSchema, { query, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    // unreachable server (offline), or one that fails: the pack, when there is one
    const state = await pack.loaded;
    const taxa = state.ready
      ? await pack.search(text, limit, region, signal, place ?? undefined)
      : null;
    if (taxa) return taxa;
    if (error instanceof TypeError) return []; // fetch's "the network failed"
    throw error;
  }
}

/**
 * Starts loading the offline pack (the species pickers call it on mount), so that the first
 * search is answered offline too. Settles with whether a pack can answer.
 */
export async function preloadTaxa(): Promise<boolean> {
  return (await taxaPack().loaded).ready;
}
