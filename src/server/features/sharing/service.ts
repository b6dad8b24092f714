import { sharedLogSchema, type SharedLog } from '../../../common/logs/schemas.js';
import { roundCoordinate, SHARED_COORDINATE_DECIMALS } from '../../../common/maps/geo.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http-error.js';
import { sharedOutingSchema, type SharedOuting } from '../../../common/outings/schemas.js';
import { isLogId } from '../logs/index.js';
import { findPublicOutingWithLogs } from '../outings/index.js';
import { findPublicLogJson } from './queries.js';

// Rules of sharing (SPEC §2 "Public shared log"): a public log for anyone with its link.

const rounded = (value: number | null) =>
  value === null ? null : roundCoordinate(value, SHARED_COORDINATE_DECIMALS);

/** A public log (the API's JSON of it) as anyone sees it: no owner, the point as allowed. */
function asShared(log: unknown): SharedLog {
  const shared = sharedLogSchema.parse(log); // without its owner's id
  if (shared.showExactLocation) return shared;
  // Location privacy for sensitive species: the exact point never leaves the server.
  return { ...shared, latitude: rounded(shared.latitude), longitude: rounded(shared.longitude) };
}

/** The public log as anyone sees it; undefined when it is private or missing (they look alike). */
export async function findSharedLog(db: Db, id: string): Promise<SharedLog | undefined> {
  const json = isLogId(id) ? await findPublicLogJson(db, id) : undefined;
  return json ? asShared(JSON.parse(json)) : undefined;
}

/**
 * The public outing as anyone sees it: its public logs as shared logs, and its own point
 * rounded as a log's is by default (an outing has no exact-location choice); undefined when it
 * is private or missing.
 */
export async function findSharedOuting(db: Db, id: string): Promise<SharedOuting | undefined> {
  const outing = await findPublicOutingWithLogs(db, id);
  if (!outing) return undefined;
  return sharedOutingSchema.parse({
    ...outing,
    latitude: rounded(outing.latitude),
    longitude: rounded(outing.longitude),
    logs: outing.logs.map(asShared),
  });
}

/** The same, or 404 as for any missing outing. */
export async function getSharedOuting(db: Db, id: string): Promise<SharedOuting> {
  const outing = await findSharedOuting(db, id);
  if (!outing) throw new HttpError(404, 'Outing not found');
  return outing;
}

/** The same, or 404 as for any missing log. */
export async function getSharedLog(db: Db, id: string): Promise<SharedLog> {
  const log = await findSharedLog(db, id);
  if (!log) throw new HttpError(404, 'Log not found');
  return log;
}
