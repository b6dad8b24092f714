import {
  CLIPS_PER_GROUP,
  OUTING_DETECTION_TEXTS,
  type DetectionConfirm,
  type DetectionGroupReply,
  type DetectionReject,
  type OutingDetections,
} from '../../../common/detections.js';
import { logWriteSchema } from '../../../common/logs/schemas.js';
import { localIsoAt } from '../../../common/place-time.js';
import type { Db } from '../../db/client.js';
import type { DetectionRecord } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { createImportedLogs, getOwnLogJson, isLogId } from '../logs/index.js';
import {
  findOutingPlace,
  lockSpecies,
  markDetections,
  selectDecided,
  selectLogDetections,
  selectPending,
} from './queries.js';

// An outing's list to confirm (issue 37): its pending detections by species and local hour. A
// person confirms a species, which makes one log of the outing, or rejects it.

async function ownOuting(db: Db, userId: string, id: string) {
  const outing = isLogId(id) ? await findOutingPlace(db, userId, id) : undefined;
  if (!outing) throw new HttpError(404, 'Outing not found'); // another user's too
  return { ...outing, zone: outing.timeZone ?? 'UTC' };
}

const nameOf = (group: Pick<DetectionGroupReply, 'scientificName' | 'commonName'>) =>
  group.scientificName ?? group.commonName;

export async function getOutingDetections(
  db: Db,
  userId: string,
  outingId: string,
): Promise<OutingDetections> {
  const { zone } = await ownOuting(db, userId, outingId);
  const [pending, decided] = await Promise.all([
    selectPending(db, userId, outingId, zone),
    selectDecided(db, userId, outingId),
  ]);
  // rows come by hour and species, best first: the first of a group names it
  const groups = new Map<string, DetectionGroupReply>();
  for (const { detection, hour } of pending) {
    const key = `${hour}|${detection.speciesKey}`;
    const group = groups.get(key) ?? {
      speciesKey: detection.speciesKey,
      scientificName: detection.scientificName,
      commonName: detection.commonName,
      speciesCode: detection.speciesCode,
      hour,
      detections: 0,
      bestConfidence: detection.confidence,
      clips: [],
    };
    group.detections += 1;
    if (group.clips.length < CLIPS_PER_GROUP) {
      group.clips.push({
        detectedAt: localIsoAt(detection.detectedAt, zone),
        confidence: detection.confidence,
        file: detection.file,
        offsetSeconds: detection.offsetSeconds,
      });
    }
    groups.set(key, group);
  }
  return {
    toConfirm: [...groups.values()].sort(
      (a, b) => a.hour.localeCompare(b.hour) || nameOf(a).localeCompare(nameOf(b)),
    ),
    decided: decided.map((row) => ({ ...row, bestConfidence: Number(row.bestConfidence) })),
  };
}

/** The species' pending detections in the hours, locked; 404 when it has none, 409 when decided. */
async function pendingOf(
  db: Db,
  userId: string,
  outing: { id: string; zone: string },
  choice: DetectionReject,
): Promise<DetectionRecord[]> {
  const rows = await lockSpecies(
    db,
    userId,
    outing.id,
    choice.speciesKey,
    outing.zone,
    choice.hours,
  );
  if (rows.length === 0) throw new HttpError(404, OUTING_DETECTION_TEXTS.noSuchSpecies);
  const pending = rows.filter((row) => row.status === 'pending');
  if (pending.length === 0) throw new HttpError(409, OUTING_DETECTION_TEXTS.alreadyDecided);
  return pending;
}

/**
 * Makes the species a log of the outing (its names from the detections, linked to a taxon as
 * any log: by its eBird code where the backbone has it, else by its names), observed at its
 * first detection, with the clip files the user uploaded as its recordings, and marks the
 * detections confirmed. Answers the log's JSON.
 */
export async function confirmSpecies(
  db: Db,
  userId: string,
  outingId: string,
  choice: DetectionConfirm,
): Promise<string> {
  const outing = await ownOuting(db, userId, outingId);
  return db.transaction(async (tx) => {
    const pending = await pendingOf(tx, userId, outing, choice);
    const first = pending[0]!;
    const best = pending.reduce((most, row) => Math.max(most, row.confidence), 0);
    const payload = logWriteSchema.parse({
      speciesCommon: first.commonName,
      speciesScientific: first.scientificName,
      taxonId: first.speciesCode ? `ebird:${first.speciesCode}` : null,
      count: choice.count,
      observedAt: first.detectedAt.toISOString(),
      timeZone: outing.timeZone,
      latitude: outing.latitude,
      longitude: outing.longitude,
      notes: OUTING_DETECTION_TEXTS.confirmedNote(pending.length, best),
      outingId: outing.id,
      isPublic: outing.isPublic, // as public as its outing: a station is often at home
      uploadedRecordingUrls: choice.uploadedRecordingUrls, // the clip files, uploaded
    });
    const [logId] = await createImportedLogs(tx, userId, [
      { payload, sourceKey: `detections:${first.id}` },
    ]);
    if (!logId) throw new Error('the confirmed log was not made');
    await markDetections(
      tx,
      userId,
      pending.map((row) => row.id),
      'confirmed',
      logId,
    );
    return getOwnLogJson(tx, userId, logId);
  });
}

/** Marks the species' pending detections (in the hours) rejected; answers how many. */
export async function rejectSpecies(
  db: Db,
  userId: string,
  outingId: string,
  choice: DetectionReject,
): Promise<{ decided: number }> {
  const outing = await ownOuting(db, userId, outingId);
  return db.transaction(async (tx) => {
    const pending = await pendingOf(tx, userId, outing, choice);
    await markDetections(
      tx,
      userId,
      pending.map((row) => row.id),
      'rejected',
      null,
    );
    return { decided: pending.length };
  });
}

/**
 * The seam for recordings: the clips of the detections a log was confirmed from, best first,
 * so that an upload of the clip file can be attached to the log by its id.
 */
export async function clipsOfLog(db: Db, userId: string, logId: string) {
  const rows = await selectLogDetections(db, userId, logId);
  return rows.flatMap((row) =>
    row.file
      ? [
          {
            file: row.file,
            detectedAt: row.detectedAt,
            confidence: row.confidence,
            offsetSeconds: row.offsetSeconds,
            endSeconds: row.endSeconds,
          },
        ]
      : [],
  );
}
