import { firstLogPointsUrl } from '../../../common/maps/points-url';
import { requestEarly } from '@/lib/early-requests';

// What /map needs before its first paint. No zod here: main.tsx imports this to start loading
// the map while the app's code still loads (bench/maps.mjs measures it).

/**
 * Starts the sightings /map needs, given the page's query string (its code, with Leaflet, is
 * started with every page's by `preloadPageAt` in main.tsx). The filters are taken as typed; should one be invalid, the page asks again
 * without it.
 */
export function preloadMapPage(search: string) {
  requestEarly(firstLogPointsUrl(search));
}
