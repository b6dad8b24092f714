import { GEO_MAX_LIMIT } from '../../../common/geo-limits';
import { buildUrl } from '@/lib/api-client';
import { requestEarly } from '@/lib/early-requests';
import { parseListSearch, setFilterValues } from '@/features/logs/list-search';

// What /map asks the server for. No zod here: main.tsx imports this to start loading the map
// while the app's code still loads (bench/maps.mjs measures it).

/** The map's sightings for the list's search and filters: one page of up to 100,000. */
export const logPointsUrl = (filters: Record<string, string>) =>
  buildUrl('/api/logs/geo', { ...filters, limit: GEO_MAX_LIMIT });

/**
 * Starts what /map needs, given the page's query string: its code (with Leaflet) and the sightings.
 * The filters are taken as typed; should one be invalid, the page asks again without it.
 */
export function preloadMapPage(search: string) {
  requestEarly(logPointsUrl(setFilterValues(parseListSearch(search))));
  void import('./map-page');
}
