import { and, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { LogFilters } from '../../../common/logs/schemas.js';
import { MAP_COORDINATE_DECIMALS, type GeoCursor } from '../../../common/maps/geo.js';
import { isoUtc, type Db } from '../../db/client.js';
import { countKindSql } from '../../db/count-kind.js';
import { logs } from '../../db/schema.js';
import { ianaZone } from '../../db/zone-names.js';
import { logFilterWhere } from '../logs/index.js';
import { pointFeatureJson } from './geojson.js';

// SQL of the map: the user's logs with coordinates, matching the list's filters.

// A feature of the map: coordinates to 6 decimals (0.1 m) and the few fields a marker shows;
// the count's kind (X or evidence only), the time's zone, date-only flag and uncertainty only
// when set.
const DECIMALS = sql.raw(String(MAP_COORDINATE_DECIMALS));
const featureJson = pointFeatureJson(
  {
    longitude: sql`round(p.longitude::numeric, ${DECIMALS})::float8`,
    latitude: sql`round(p.latitude::numeric, ${DECIMALS})::float8`,
  },
  sql`('{"id":"' || p.id || '","species":' || to_json(p.species_common)::text
    || ',"count":' || coalesce(p.count::text, 'null')
    || CASE WHEN p.count >= 1 THEN '' ELSE ',"countKind":"' || ${countKindSql(sql`p.count`)} || '"' END
    || ',"observedAt":"' || ${isoUtc(sql`p.observed_at`)} || '"'
    || coalesce(',"timeZone":' || to_json(p.time_zone)::text, '')
    || CASE WHEN p.time_known THEN '' ELSE ',"timeKnown":false' END
    || coalesce(',"coordinateUncertainty":' || p.coordinate_uncertainty, '') || '}')`,
);

const featurePageSchema = z.object({
  rows: z.number(),
  features: z.string().nullable(), // comma-separated features; null when there are none
  lastAt: z.string().nullable(),
  lastCreatedAt: z.string().nullable(),
  lastId: z.string().nullable(),
});

/**
 * The user's matching logs with coordinates, newest observed first (then newest created, then
 * id: logs_user_newest_idx's order, so a page sorts nothing): up to `limit` features after the
 * keyset `after`, whether more follow (`rows` > limit), the keyset of the last
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
    ? sql`(${logs.observedAt}, ${logs.createdAt}, ${logs.id}) < (${after.observedAt}::timestamptz,
        ${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : undefined;
  const [result, total] = await Promise.all([
    // One pass over the page in the index's order: the aggregate's ORDER BY is the order its
    // rows arrive in, so neither store sorts them again.
    db.execute(sql`
      SELECT count(*)::int AS "rows",
        string_agg(${featureJson}, ',' ORDER BY p.observed_at DESC, p.created_at DESC, p.id DESC)
          FILTER (WHERE p.n <= ${limit}) AS "features",
        min(${isoUtc(sql`p.observed_at`, 'US')}) FILTER (WHERE p.n = ${limit}) AS "lastAt",
        min(${isoUtc(sql`p.created_at`, 'US')}) FILTER (WHERE p.n = ${limit}) AS "lastCreatedAt",
        min(p.id::text) FILTER (WHERE p.n = ${limit}) AS "lastId"
      FROM (
        SELECT l.*,
          row_number() OVER (ORDER BY l.observed_at DESC, l.created_at DESC, l.id DESC) AS n
        FROM (
          SELECT ${logs.id} AS id, ${logs.speciesCommon} AS species_common, ${logs.count} AS count,
                 ${logs.latitude} AS latitude, ${logs.longitude} AS longitude,
                 ${logs.observedAt} AS observed_at, ${logs.createdAt} AS created_at,
                 ${ianaZone(logs.timeZone)} AS time_zone, ${logs.timeKnown} AS time_known,
                 ${logs.coordinateUncertainty} AS coordinate_uncertainty
          FROM ${logs}
          WHERE ${and(located, before)}
          ORDER BY ${logs.observedAt} DESC, ${logs.createdAt} DESC, ${logs.id} DESC
          LIMIT ${limit + 1}
        ) l
      ) p`),
    db.$count(logs, located),
  ]);
  const page = featurePageSchema.parse((result as unknown as { rows: unknown[] }).rows[0]);
  return { ...page, total };
}
