import { and, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { LogFilters } from '../../../common/logs/schemas.js';
import { MAP_COORDINATE_DECIMALS, type GeoCursor } from '../../../common/maps/geo.js';
import { isoUtc, type Db } from '../../db/client.js';
import { logs } from '../../db/schema.js';
import { logFilterWhere } from '../logs/index.js';
import { pointFeatureJson } from './geojson.js';

// SQL of the map: the user's logs with coordinates, matching the list's filters.

// A feature of the map: coordinates to 6 decimals (0.1 m) and the few fields a marker shows;
// the time's zone, date-only flag and uncertainty only when set.
const DECIMALS = sql.raw(String(MAP_COORDINATE_DECIMALS));
const featureJson = pointFeatureJson(
  {
    longitude: sql`round(p.longitude::numeric, ${DECIMALS})::float8`,
    latitude: sql`round(p.latitude::numeric, ${DECIMALS})::float8`,
  },
  sql`('{"id":"' || p.id || '","species":' || to_json(p.species_common)::text
    || ',"count":' || p.count || ',"observedAt":"' || ${isoUtc(sql`p.observed_at`)} || '"'
    || coalesce(',"timeZone":' || to_json(p.time_zone)::text, '')
    || CASE WHEN p.time_known THEN '' ELSE ',"timeKnown":false' END
    || coalesce(',"coordinateUncertainty":' || p.coordinate_uncertainty, '') || '}')`,
);

const featurePageSchema = z.object({
  rows: z.number(),
  features: z.string().nullable(), // comma-separated features; null when there are none
  lastAt: z.string().nullable(),
  lastId: z.string().nullable(),
});

/**
 * The user's matching logs with coordinates, newest observed first: up to `limit` features
 * after the keyset `after`, whether more follow (`rows` > limit), the keyset of the last
 * feature, and `total`, counting every page.
 */
export async function selectFeaturePage(
  db: Db,
  userId: string,
  filters: LogFilters,
  { after, limit }: { after?: GeoCursor; limit: number },
) {
  const located = and(logFilterWhere(userId, filters), isNotNull(logs.latitude));
  const before = after
    ? sql`(${logs.observedAt}, ${logs.id}) < (${after.observedAt}::timestamptz, ${after.id}::uuid)`
    : undefined;
  const [result, total] = await Promise.all([
    db.execute(sql`
      WITH page AS (
        SELECT l.*, row_number() OVER (ORDER BY l.observed_at DESC, l.id DESC) AS n
        FROM (
          SELECT ${logs.id} AS id, ${logs.speciesCommon} AS species_common, ${logs.count} AS count,
                 ${logs.latitude} AS latitude, ${logs.longitude} AS longitude,
                 ${logs.observedAt} AS observed_at, ${logs.timeZone} AS time_zone,
                 ${logs.timeKnown} AS time_known,
                 ${logs.coordinateUncertainty} AS coordinate_uncertainty
          FROM ${logs}
          WHERE ${and(located, before)}
          ORDER BY ${logs.observedAt} DESC, ${logs.id} DESC
          LIMIT ${limit + 1}
        ) l
      )
      SELECT (SELECT count(*)::int FROM page) AS "rows",
        (SELECT string_agg(${featureJson}, ',' ORDER BY p.n) FROM page p WHERE p.n <= ${limit})
          AS "features",
        (SELECT ${isoUtc(sql`observed_at`, 'US')} FROM page WHERE n = ${limit}) AS "lastAt",
        (SELECT id::text FROM page WHERE n = ${limit}) AS "lastId"`),
    db.$count(logs, located),
  ]);
  const page = featurePageSchema.parse((result as unknown as { rows: unknown[] }).rows[0]);
  return { ...page, total };
}
