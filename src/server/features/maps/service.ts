import { formatGeoCursor, type GeoQuery } from '../../../common/maps/geo.js';
import type { Db } from '../../db/client.js';
import { featureCollectionJson } from './geojson.js';
import { selectFeaturePage } from './queries.js';

/**
 * A page of the map's points as GeoJSON text, sent as is: the database wrote the features
 * (geojson.ts), and a response schema check of 100,000 of them would double the time.
 * `nextCursor` is null on the last page.
 */
export async function getLogPointsJson(
  db: Db,
  userId: string,
  { cursor, limit, ...filters }: GeoQuery,
): Promise<string> {
  const page = await selectFeaturePage(db, userId, filters, { after: cursor, limit });
  const nextCursor =
    page.rows > limit && page.lastAt && page.lastCreatedAt && page.lastId
      ? formatGeoCursor({ observedAt: page.lastAt, createdAt: page.lastCreatedAt, id: page.lastId })
      : null;
  return featureCollectionJson(page.features ?? '', { total: page.total, nextCursor });
}
