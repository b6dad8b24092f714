import type {
  PhotoPosition,
  PhotoPositionFixResult,
} from '../../../common/account/photo-positions.js';
import { formPosition, type GpsPosition } from '../../../common/photo-gps.js';
import { localNoon, wallClockAt, wallClockToInstant } from '../../../common/place-time.js';
import { zoneAt } from '../../../common/place-zone.js';
import { canonicalTimeZone } from '../../../common/zone-names.js';
import type { Db } from '../../db/client.js';
import type { ObjectStorage } from '../../storage/object-storage.js';
import { readOriginalPosition } from '../photos/index.js';
import { findLogsWithOwnUploads, movePlaceTime } from './queries.js';

// Issue 31: before its fix, the log form took a photo's GPS position without its hemisphere
// and the zone at that wrong point. The database does not say which points came from a photo;
// a log whose point is exactly its own uploaded original's position without the signs (to the
// form's six decimals), and differs from it, did.

/** Originals read at once: a bucket answers each in its own round trip. */
const READS_AT_ONCE = 4;

type LogPhotoRow = Awaited<ReturnType<typeof findLogsWithOwnUploads>>[number];
type CheckedLog = LogPhotoRow & { latitude: number; longitude: number };

/** What the form stored for the photo's position before issue 31: its degrees, unsigned. */
const unsigned = ({ latitude, longitude }: GpsPosition) =>
  formPosition({ latitude: Math.abs(latitude), longitude: Math.abs(longitude) });

function isFilledWithoutSigns(log: CheckedLog, photo: GpsPosition): boolean {
  const wrong = unsigned(photo);
  const right = formPosition(photo);
  const lostSign = right.latitude !== wrong.latitude || right.longitude !== wrong.longitude;
  return lostSign && log.latitude === wrong.latitude && log.longitude === wrong.longitude;
}

/** The zone at the point, by the name a log keeps (the write schema's canonical one). */
function zoneNameAt(latitude: number, longitude: number): string | undefined {
  const zone = zoneAt(latitude, longitude);
  return zone && (canonicalTimeZone(zone) ?? zone);
}

/** The same wall-clock time in another zone (a DST gap reads forward, as the form does). */
function sameClockIn(instant: Date, from: string, to: string): Date {
  const moved = wallClockToInstant(wallClockAt(instant, from), to) ?? instant;
  return new Date(moved.getTime() + instant.getUTCMilliseconds());
}

/**
 * The log at the photo's position and in the zone there. A date-only log keeps its date (noon
 * there); a time read in the zone of the wrong point keeps its clock reading (the camera's, or
 * the one typed); a time in any other zone (the browser's, kept on purpose) keeps its instant.
 */
function correction(log: CheckedLog, photo: GpsPosition): PhotoPosition | undefined {
  const point = formPosition(photo);
  const zone = zoneNameAt(point.latitude, point.longitude);
  if (!zone) return undefined;
  const readIn = log.timeZone ?? 'UTC';
  const observedAt = !log.timeKnown
    ? (localNoon(wallClockAt(log.observedAt, readIn), zone) ?? log.observedAt)
    : log.timeZone && log.timeZone === zoneNameAt(log.latitude, log.longitude)
      ? sameClockIn(log.observedAt, log.timeZone, zone)
      : log.observedAt;
  return {
    logId: log.logId,
    speciesCommon: log.speciesCommon,
    timeKnown: log.timeKnown,
    stored: {
      latitude: log.latitude,
      longitude: log.longitude,
      timeZone: log.timeZone,
      observedAt: log.observedAt.toISOString(),
    },
    corrected: { ...point, timeZone: zone, observedAt: observedAt.toISOString() },
  };
}

/** The first of the log's originals (in the user's order) that explains its point, if any. */
async function checkLog(storage: ObjectStorage, photos: CheckedLog[]) {
  for (const photo of photos) {
    const position = await readOriginalPosition(storage, {
      id: photo.uploadId,
      contentType: photo.contentType,
    });
    if (position && isFilledWithoutSigns(photo, position)) return correction(photo, position);
  }
  return undefined;
}

/** Runs `work` on each item, `limit` at a time; the answers keep the items' order. */
async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>) {
  const answers = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      answers[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return answers;
}

/** The user's logs whose point is their photo's position without its signs (of `logIds`). */
export async function listPhotoPositions(
  db: Db,
  storage: ObjectStorage,
  userId: string,
  logIds?: string[],
): Promise<PhotoPosition[]> {
  const byLog = new Map<string, CheckedLog[]>();
  for (const row of await findLogsWithOwnUploads(db, userId, logIds)) {
    if (row.latitude === null || row.longitude === null) continue; // the query excludes them
    const photos = byLog.get(row.logId) ?? [];
    photos.push({ ...row, latitude: row.latitude, longitude: row.longitude });
    byLog.set(row.logId, photos);
  }
  const found = await mapLimited([...byLog.values()], READS_AT_ONCE, (photos) =>
    checkLog(storage, photos),
  );
  return found.filter((position) => position !== undefined);
}

/**
 * Fixes the logs named that still need it, read again now: a log fixed meanwhile, edited since,
 * or not the user's is left as it is.
 */
export async function fixPhotoPositions(
  db: Db,
  storage: ObjectStorage,
  userId: string,
  logIds: string[],
): Promise<PhotoPositionFixResult> {
  const positions = await listPhotoPositions(db, storage, userId, logIds);
  const placeTime = (values: PhotoPosition['stored']) => ({
    ...values,
    observedAt: new Date(values.observedAt),
  });
  const fixed = await db.transaction(async (tx) => {
    const moved: string[] = [];
    for (const { logId, stored, corrected } of positions) {
      if (await movePlaceTime(tx, userId, logId, placeTime(stored), placeTime(corrected))) {
        moved.push(logId);
      }
    }
    return moved;
  });
  return { fixed };
}
