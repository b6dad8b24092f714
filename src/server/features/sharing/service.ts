import { sharedLogSchema, type SharedLog } from '../../../common/logs/schemas.js';
import { roundCoordinate, SHARED_COORDINATE_DECIMALS } from '../../../common/maps/geo.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http-error.js';
import { isLogId } from '../logs/index.js';
import { findPublicLogJson } from './queries.js';

// Rules of sharing (SPEC §2 "Public shared log"): a public log for anyone with its link.

/** The public log as anyone sees it; undefined when it is private or missing (they look alike). */
export async function findSharedLog(db: Db, id: string): Promise<SharedLog | undefined> {
  const json = isLogId(id) ? await findPublicLogJson(db, id) : undefined;
  if (!json) return undefined;
  const shared = sharedLogSchema.parse(JSON.parse(json)); // without its owner's id
  if (shared.showExactLocation) return shared;
  // Location privacy for sensitive species: the exact point never leaves the server.
  const rounded = (value: number | null) =>
    value === null ? null : roundCoordinate(value, SHARED_COORDINATE_DECIMALS);
  return { ...shared, latitude: rounded(shared.latitude), longitude: rounded(shared.longitude) };
}

/** The same, or 404 as for any missing log. */
export async function getSharedLog(db: Db, id: string): Promise<SharedLog> {
  const log = await findSharedLog(db, id);
  if (!log) throw new HttpError(404, 'Log not found');
  return log;
}
