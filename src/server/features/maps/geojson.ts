import { sql, type SQLWrapper } from 'drizzle-orm';

// GeoJSON (RFC 7946) of logs with coordinates: the one encoder of the map's pages
// (GET /api/logs/geo) and of the GeoJSON export (GET /api/export.geojson). The database writes
// each feature as text (docs/decisions/003-json-written-by-the-database.md): PGlite hands rows
// over one value at a time, and 100,000 rows of six columns took seconds where one text takes a
// fraction. A float8's text is its shortest exact form, and valid JSON.

/** A Point feature as JSON text, longitude first; `properties` is a JSON object's text. */
export const pointFeatureJson = (
  point: { longitude: SQLWrapper; latitude: SQLWrapper },
  properties: SQLWrapper,
) =>
  sql<string>`('{"type":"Feature","geometry":{"type":"Point","coordinates":['
    || ${point.longitude} || ',' || ${point.latitude} || ']},"properties":' || ${properties} || '}')`;

const OPEN = '{"type":"FeatureCollection","features":[';

/**
 * A FeatureCollection of comma-separated features, and after them the foreign members given
 * (RFC 7946 §6.1; the map's `total` and `nextCursor`).
 */
export function featureCollectionJson(features: string, members: Record<string, unknown> = {}) {
  const after = Object.entries(members)
    .map(([name, value]) => `,${JSON.stringify(name)}:${JSON.stringify(value)}`)
    .join('');
  return `${OPEN}${features}]${after}}`;
}

/** A FeatureCollection streamed a chunk of comma-separated features at a time. */
export async function* streamFeatureCollection(chunks: AsyncIterable<string>) {
  yield OPEN;
  let separator = '';
  for await (const features of chunks) {
    yield separator + features;
    separator = ',';
  }
  yield ']}';
}
