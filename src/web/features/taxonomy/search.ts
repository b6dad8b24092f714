import { z } from 'zod';
import { TAXA_LIMITS, taxonSchema, type Taxon } from '../../../common/taxonomy';
import { api } from '@/lib/api-client';

const taxonListSchema = z.array(taxonSchema);

/** Taxa whose scientific or common name holds `text`, best first (GET /api/taxa). */
export async function searchTaxa(
  text: string,
  { limit = TAXA_LIMITS.defaultResults, signal }: { limit?: number; signal?: AbortSignal } = {},
): Promise<Taxon[]> {
  if (text.trim() === '') return [];
  return api('/api/taxa', taxonListSchema, { query: { q: text, limit }, signal });
}
