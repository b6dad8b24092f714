import { parseListSearch, setFilterValues } from '../logs/list-search.js';

// The map's request for its sightings, apart from the zod schemas of geo.ts: the web app's entry
// chunk builds it to start it early (main.tsx), and the server to preload it (web-app.ts).

export const GEO_DEFAULT_LIMIT = 10_000;
export const GEO_MAX_LIMIT = 100_000;

/** The map's sightings for the list's search and filters: one page of up to 100,000. */
export const logPointsUrl = (filters: Record<string, string>) =>
  `/api/logs/geo?${new URLSearchParams({ ...filters, limit: String(GEO_MAX_LIMIT) }).toString()}`;

/** What /map asks for first, given the page's query string, the filters taken as typed. */
export const firstLogPointsUrl = (search: string) =>
  logPointsUrl(setFilterValues(parseListSearch(search)));
