import { setFilterValues, type ListState } from './list-search.js';
import { logFiltersSchema } from './schemas.js';

// Apart from list-search.ts, which stays free of zod for the web app's entry chunk.

/** Search and filters as the API reads them; empty and invalid values are not sent (SPEC §5). */
export function toFilterQuery(state: Pick<ListState, 'q' | 'filters'>) {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(setFilterValues(state))) {
    const field = logFiltersSchema.shape[name as keyof typeof logFiltersSchema.shape];
    if (field.safeParse(value).success) query[name] = value;
  }
  return query;
}
