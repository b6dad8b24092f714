// The map's page sizes, apart from the zod schemas of geo.ts: the web app's entry chunk reads
// them to start the map's request early, and must not pull zod in.

export const GEO_DEFAULT_LIMIT = 10_000;
export const GEO_MAX_LIMIT = 100_000;
