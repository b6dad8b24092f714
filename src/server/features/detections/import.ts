import {
  DETECTION_FORMAT_LABELS,
  DETECTIONS_MAX_LISTED,
  type DetectionImportResult,
  type WallClock,
} from '../../../common/detections.js';
import type { DetectionImportQuery } from '../../../common/detection-import-query.js';
import { outingWriteSchema } from '../../../common/outings/schemas.js';
import { localDateAt, localIsoAt, wallClockToInstant, zoneAt } from '../../../common/place-time.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http-error.js';
import { createImportedOutings, findImportedOutings } from '../outings/index.js';
import {
  DetectionFileError,
  groupDetections,
  readDetections,
  speciesKeyOf,
  type DetectionRow,
  type DetectionsRead,
} from './formats/index.js';
import {
  countPendingGroups,
  findOutingPlace,
  insertDetections,
  selectHeldSourceKeys,
  type DetectionValues,
} from './queries.js';

// An import of a detection file (issue 37): rows over the minimum confidence go on an outing,
// the one named or one per station and local day, to wait for a person to confirm them.

/** Where a detection goes: its outing (by id, or by the key of the one to find or make). */
interface Placement {
  outingKey: string;
  outingId?: string;
  date: string;
  zone: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * A wall clock's instant in the zone; UTC when the row says so or no zone is known. A station's
 * clock does not say which pass of an hour repeated at fall-back it means: the first (the
 * earlier instant) is taken, and a time in a spring-forward gap moves on by the gap, on its day
 * (wallClockToInstant).
 */
export function instantOf(clock: WallClock, zone: string | null, utc = false): Date {
  const [year, month, day] = clock.date.split('-').map(Number) as [number, number, number];
  const [hour, minute, second] = clock.time.split(':').map(Number) as [number, number, number];
  const asUtc = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (utc || !zone) return asUtc;
  return wallClockToInstant({ year, month, day, hour, minute, second }, zone) ?? asUtc;
}

/**
 * When the row's detection was. Seconds into a recording count from the instant it started:
 * added to its wall clock, they would be an hour off past a clock change within the recording.
 */
function detectedAtOf(row: DetectionRow, zone: string | null): Date {
  if (!row.recordingStartedAt || row.offsetSeconds === undefined) {
    return instantOf(row.startedAt, zone, row.utc);
  }
  const start = instantOf(row.recordingStartedAt, zone, row.utc);
  return new Date(start.getTime() + Math.floor(row.offsetSeconds) * 1000);
}

/** The wall clock the instant shows in the zone (UTC without one). */
function clockAt(instant: Date, zone: string | null): WallClock {
  const iso = zone ? localIsoAt(instant, zone) : instant.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

/** A row of the file with the instant it was detected at. */
interface TimedRow {
  row: DetectionRow;
  detectedAt: Date;
}

const columnsOf = (
  { row, detectedAt }: TimedRow,
  outingId: string,
  format: DetectionImportResult['format'],
): DetectionValues => ({
  outingId,
  sourceKey: row.sourceKey,
  format,
  speciesKey: speciesKeyOf(row),
  scientificName: row.scientificName ?? null,
  commonName: row.commonName,
  speciesCode: row.speciesCode ?? null,
  confidence: row.confidence,
  detectedAt,
  offsetSeconds: row.offsetSeconds ?? null,
  endSeconds: row.endSeconds ?? null,
  file: row.file ?? null,
});

function readFile(text: string, query: DetectionImportQuery): DetectionsRead {
  try {
    return readDetections(text, {
      ...(query.fileName ? { fileName: query.fileName } : {}),
      ...(query.recordingStart ? { recordingStart: query.recordingStart } : {}),
    });
  } catch (error) {
    if (error instanceof DetectionFileError) throw new HttpError(400, error.message);
    throw error;
  }
}

/** Each row's outing (the one given, or its station's on its local date) and its instant. */
async function placeRows(
  db: Db,
  userId: string,
  format: DetectionImportResult['format'],
  query: DetectionImportQuery,
): Promise<(row: DetectionRow) => { placement: Placement; detectedAt: Date }> {
  if (query.outingId) {
    const outing = await findOutingPlace(db, userId, query.outingId);
    if (!outing) throw new HttpError(404, 'Outing not found');
    const zone = outing.timeZone ?? query.timeZone ?? null;
    const placement = {
      outingKey: outing.id,
      outingId: outing.id,
      date: zone
        ? localDateAt(outing.startedAt, zone)
        : outing.startedAt.toISOString().slice(0, 10),
      zone,
      latitude: outing.latitude,
      longitude: outing.longitude,
    };
    return (row) => ({ placement, detectedAt: detectedAtOf(row, zone) });
  }
  const zones = new Map<string, string | null>();
  return (row) => {
    const latitude = row.latitude ?? query.latitude ?? null;
    const longitude = row.longitude ?? query.longitude ?? null;
    // a station is its position; without one, all the format's detections are one station's
    const station =
      latitude === null || longitude === null
        ? format
        : `${latitude.toFixed(4)},${longitude.toFixed(4)}`;
    if (!zones.has(station)) {
      const found =
        latitude === null || longitude === null ? undefined : zoneAt(latitude, longitude);
      zones.set(station, query.timeZone ?? found ?? null);
    }
    const zone = zones.get(station) ?? null;
    const detectedAt = detectedAtOf(row, zone);
    const date = zone ? localDateAt(detectedAt, zone) : detectedAt.toISOString().slice(0, 10);
    const placement = { outingKey: `birdnet:${station}:${date}`, date, zone, latitude, longitude };
    return { placement, detectedAt };
  };
}

/** Reads, sorts out and (unless a dry run) stores the file's detections. */
export async function importDetections(
  db: Db,
  userId: string,
  text: string,
  query: DetectionImportQuery,
): Promise<{ status: 200 | 201; body: DetectionImportResult }> {
  const read = readFile(text, query);
  const kept = read.rows.filter((row) => row.confidence >= query.minConfidence);
  const held = await selectHeldSourceKeys(
    db,
    userId,
    kept.map((row) => row.sourceKey),
  );
  const fresh = kept.filter((row) => !held.has(row.sourceKey));
  const placeOf = await placeRows(db, userId, read.format, query);

  const byOuting = new Map<string, { placement: Placement; rows: TimedRow[] }>();
  for (const row of kept) {
    const { placement, detectedAt } = placeOf(row);
    const entry = byOuting.get(placement.outingKey) ?? { placement, rows: [] };
    if (!held.has(row.sourceKey)) entry.rows.push({ row, detectedAt });
    byOuting.set(placement.outingKey, entry);
  }
  const ids = await outingIds(db, userId, [...byOuting.values()], query.dryRun, read.format);

  let stored = fresh.length;
  if (!query.dryRun) {
    stored = await insertDetections(
      db,
      userId,
      [...byOuting.values()].flatMap(({ placement, rows }) =>
        rows.map((row) => columnsOf(row, ids.get(placement.outingKey)!, read.format)),
      ),
    );
  }
  // an outing the file's rows are on, or would be on (a dry run)
  const shown = [...byOuting.values()].filter(
    ({ placement, rows }) => ids.has(placement.outingKey) || rows.length > 0,
  );
  const outings = await Promise.all(
    shown.map(async ({ placement, rows }) => {
      const id = ids.get(placement.outingKey) ?? null;
      // by the hour the zone shows, as the outing's list groups them once stored
      const local = rows.map(({ row, detectedAt }) => ({
        ...row,
        startedAt: clockAt(detectedAt, placement.zone),
      }));
      const toConfirm =
        query.dryRun || !id
          ? groupDetections(local, query.minConfidence).groups.length
          : await countPendingGroups(db, userId, id, placement.zone ?? 'UTC');
      return { id, date: placement.date, timeZone: placement.zone, toConfirm };
    }),
  );
  return {
    status: query.dryRun ? 200 : 201,
    body: {
      format: read.format,
      outings: outings.sort((a, b) => a.date.localeCompare(b.date)),
      read: read.rows.length,
      kept: stored,
      belowMinimum: read.rows.length - kept.length,
      alreadyImported: kept.length - stored,
      rejected: read.rejected.slice(0, DETECTIONS_MAX_LISTED),
      rejectedCount: read.rejected.length,
      repeated: read.repeated,
    },
  };
}

/**
 * The outing of each placement: the one named, the station's day's found again, or made (unless
 * a dry run) when new detections go on it. Ids by outing key.
 */
async function outingIds(
  db: Db,
  userId: string,
  entries: { placement: Placement; rows: TimedRow[] }[],
  dryRun: boolean,
  format: DetectionImportResult['format'],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const stations = entries.filter(({ placement }) => !placement.outingId);
  for (const { placement } of entries) {
    if (placement.outingId) ids.set(placement.outingKey, placement.outingId);
  }
  const found = await findImportedOutings(
    db,
    userId,
    stations.map(({ placement }) => placement.outingKey),
  );
  for (const [key, id] of found) ids.set(key, id);
  const toMake = stations.filter(
    ({ placement, rows }) => !ids.has(placement.outingKey) && rows.length > 0,
  );
  if (dryRun || toMake.length === 0) return ids;
  const label = DETECTION_FORMAT_LABELS[format];
  const made = await createImportedOutings(
    db,
    userId,
    toMake.map(({ placement, rows }) => {
      const first = rows.reduce(
        (earliest, { detectedAt }) => Math.min(earliest, detectedAt.getTime()),
        Infinity,
      );
      return {
        sourceKey: placement.outingKey,
        payload: outingWriteSchema.parse({
          startedAt: new Date(first).toISOString(),
          timeZone: placement.zone,
          protocol: 'stationary',
          placeName: `${label} detections`,
          latitude: placement.latitude,
          longitude: placement.longitude,
        }),
      };
    }),
  );
  for (const [key, id] of made.ids) ids.set(key, id);
  return ids;
}
