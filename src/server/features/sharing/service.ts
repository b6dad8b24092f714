import { logSchema, sharedLogSchema, type SharedLog } from '../../../common/logs/schemas.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http-error.js';
import { sharedOutingSchema, type SharedOuting } from '../../../common/outings/schemas.js';
import { ownerPlaceRules, placeForOthers, type OwnerPlaceRules } from '../geoprivacy/index.js';
import { isLogId } from '../logs/index.js';
import { findPublicOutingWithLogs } from '../outings/index.js';
import { findPublicLogJson } from './queries.js';

// Rules of sharing (SPEC §2 "Public shared log"): a public log for anyone with its link, its
// place as its location privacy allows (issue 35): the exact point never leaves the server but
// for the owner's trusted viewers and reviewers, and only of an obscured place.

/** A log or outing with its place fields, as the owner's API writes it. */
type Placed = Parameters<typeof placeForOthers>[0];

/** The fields of a place as `rules`' viewer sees them. */
function shownPlace(item: Placed, rules: OwnerPlaceRules) {
  const place = placeForOthers(item, rules);
  return {
    latitude: place.latitude,
    longitude: place.longitude,
    coordinateUncertainty: place.coordinateUncertainty,
    placeName: place.placeName,
    locationCell: place.cell,
    locationExact: place.exact,
  };
}

/** A public log (the API's JSON of it) as the viewer sees it: no owner, the place as allowed. */
function asShared(log: unknown, rules: OwnerPlaceRules): SharedLog {
  const own = logSchema.parse(log);
  return sharedLogSchema.parse({ ...own, ...shownPlace(own, rules) });
}

/**
 * The public log as `viewerId` (null: signed out) sees it; undefined when it is private or
 * missing (they look alike).
 */
export async function findSharedLog(
  db: Db,
  id: string,
  viewerId: string | null = null,
): Promise<SharedLog | undefined> {
  const json = isLogId(id) ? await findPublicLogJson(db, id) : undefined;
  if (!json) return undefined;
  const log: unknown = JSON.parse(json);
  const rules = await ownerPlaceRules(db, logSchema.parse(log).userId, viewerId);
  return asShared(log, rules);
}

/**
 * The public outing as the viewer sees it: its public logs as shared logs, and its own place as
 * its location privacy allows (its level is at least its strictest public log's: an open point
 * beside a nest would show the nest); undefined when it is private or missing.
 */
export async function findSharedOuting(
  db: Db,
  id: string,
  viewerId: string | null = null,
): Promise<SharedOuting | undefined> {
  const outing = await findPublicOutingWithLogs(db, id);
  if (!outing) return undefined;
  const rules = await ownerPlaceRules(db, outing.ownerId, viewerId);
  return sharedOutingSchema.parse({
    ...outing,
    // an outing has no exact-location choice: open, it is rounded as a log is by default
    ...shownPlace({ ...outing, showExactLocation: false }, rules),
    logs: outing.logs.map((log) => asShared(log, rules)),
  });
}

/** The same, or 404 as for any missing outing. */
export async function getSharedOuting(
  db: Db,
  id: string,
  viewerId: string | null,
): Promise<SharedOuting> {
  const outing = await findSharedOuting(db, id, viewerId);
  if (!outing) throw new HttpError(404, 'Outing not found');
  return outing;
}

/** The same, or 404 as for any missing log. */
export async function getSharedLog(
  db: Db,
  id: string,
  viewerId: string | null,
): Promise<SharedLog> {
  const log = await findSharedLog(db, id, viewerId);
  if (!log) throw new HttpError(404, 'Log not found');
  return log;
}
