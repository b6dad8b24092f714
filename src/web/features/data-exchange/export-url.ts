import { toFilterQuery } from '../../../common/logs/filter-query';
import type { ListState } from '../../../common/logs/list-search';

/** The export files, by their path under /api. */
export type ExportFile = 'export.csv' | 'export.geojson' | 'export/dwca.zip';

/**
 * An export (SPEC §7) with the current search and filters: the list's CSV and Darwin Core
 * Archive, the map's GeoJSON; `options` adds the file's own parameters (format, scope, license).
 */
export const exportUrl = (
  state: ListState,
  file: ExportFile = 'export.csv',
  options: Record<string, string> = {},
) => `/api/${file}?${new URLSearchParams({ ...toFilterQuery(state), ...options }).toString()}`;
