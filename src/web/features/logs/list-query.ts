import {
  logFiltersSchema,
  logPageQuerySchema,
  PAGE_SIZE,
  type LogPageQuery,
} from '../../../common/logs/schemas';
import { setFilterValues, type ListState } from '../../../common/logs/list-search';

/** Search and filters as the API reads them; empty and invalid values are not sent (SPEC §5). */
export function toFilterQuery(state: Pick<ListState, 'q' | 'filters'>) {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(setFilterValues(state))) {
    const field = logFiltersSchema.shape[name as keyof typeof logFiltersSchema.shape];
    if (field.safeParse(value).success) query[name] = value;
  }
  return query;
}

export const toPageQuery = (state: ListState): LogPageQuery =>
  logPageQuerySchema.parse({ ...toFilterQuery(state), page: state.page, pageSize: PAGE_SIZE });

/** The CSV export (SPEC §7) and the map's GeoJSON export get the current search and filters. */
export const exportUrl = (state: ListState, file: 'export.csv' | 'export.geojson' = 'export.csv') =>
  `/api/${file}?${new URLSearchParams(toFilterQuery(state)).toString()}`;
