import { toFilterQuery } from '../../../common/logs/filter-query';
import type { ListState } from '../../../common/logs/list-search';

/** The CSV export (SPEC §7) and the map's GeoJSON export get the current search and filters. */
export const exportUrl = (state: ListState, file: 'export.csv' | 'export.geojson' = 'export.csv') =>
  `/api/${file}?${new URLSearchParams(toFilterQuery(state)).toString()}`;
