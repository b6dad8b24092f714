import type { LogWriteInput } from '../../../../common/logs/schemas';
import type { OutingProtocol, OutingWriteInput } from '../../../../common/outings/schemas';
import { OUTINGS_API_PATH } from '../../../../common/routes';
import type { QueuedWrite } from '@/features/offline';
import { formatObservedMedium } from '@/lib/log-dates';
import type { Fix, Tally, TallyEntry } from './tally';

// An ended tally as writes (issue 22): the outing's create, then one log create per species in
// the order they were tallied. Their ids are the tally's keys, so ending the same tally twice
// (a reload before it was cleared) queues nothing new and the server makes nothing twice.

/** What the person confirms when ending an outing. */
export interface OutingEnd {
  /** Null when the person clears it: an incidental outing may have none. */
  durationMinutes: number | null;
  /** Only a traveling outing has a distance (eBird's protocols). */
  distanceKm: number | null;
  protocol: OutingProtocol;
  partySize: number | null;
  complete: boolean;
  placeName: string;
  notes: string;
}

/** Protocols whose effort includes a distance walked. */
export const hasDistance = (protocol: OutingProtocol) => protocol === 'traveling';

/** A fix as the write payloads take a place. */
function placeOf(fix: Fix | null) {
  if (!fix) return { latitude: null, longitude: null, coordinateUncertainty: null };
  return {
    latitude: fix.latitude,
    longitude: fix.longitude,
    coordinateUncertainty: Math.max(1, Math.round(fix.accuracy)),
  };
}

/** Where the outing started, as the write payloads take it. */
const startPlace = (tally: Tally) => placeOf(tally.start);

/** A species first tallied by a recording is logged when and where it was heard (issue 37). */
function timeAndPlace(tally: Tally, entry: TallyEntry) {
  const heard = entry.heard;
  return {
    observedAt: heard?.recordedAt ?? tally.startedAt,
    ...(heard?.at ? placeOf(heard.at) : startPlace(tally)),
  };
}

/** 'Outing, May 1, 2026, 7:02 AM': the outing in the pending list and in messages. */
export const outingLabel = (tally: Pick<Tally, 'startedAt' | 'timeZone'>) =>
  `Outing, ${formatObservedMedium({ observedAt: tally.startedAt, timeZone: tally.timeZone })}`;

export function outingPayload(tally: Tally, end: OutingEnd): OutingWriteInput {
  return {
    startedAt: tally.startedAt, // the instant; the zone goes beside it
    timeZone: tally.timeZone,
    durationMinutes: end.durationMinutes,
    distanceKm: hasDistance(end.protocol) ? end.distanceKm : null,
    protocol: end.protocol,
    partySize: end.partySize,
    complete: end.complete,
    placeName: end.placeName,
    ...startPlace(tally),
    notes: end.notes,
  };
}

/**
 * A species' log: the outing's time and place (or its recording's), its count, its note (in the
 * log's notes) and its recordings.
 */
export function logPayloads(
  tally: Tally,
  end: OutingEnd,
): Array<{ key: string; body: LogWriteInput }> {
  return [...tally.entries].reverse().map((entry) => ({
    key: entry.key,
    body: {
      speciesCommon: entry.speciesCommon,
      speciesScientific: entry.speciesScientific,
      taxonId: entry.taxonId,
      count: entry.count,
      timeZone: tally.timeZone,
      timeKnown: true,
      placeName: end.placeName,
      ...timeAndPlace(tally, entry),
      notes: entry.note,
      ...(entry.recordings?.length && {
        uploadedRecordingUrls: entry.recordings.map((recording) => recording.objectPath),
      }),
    },
  }));
}

/** The writes that save an ended tally, in the order the server must see them. */
export function tallyWrites(
  tally: Tally,
  end: OutingEnd,
  userId: string,
): Array<Omit<QueuedWrite, 'queuedAt'>> {
  const outing: Omit<QueuedWrite, 'queuedAt'> = {
    id: tally.key,
    userId,
    method: 'POST',
    path: OUTINGS_API_PATH,
    body: outingPayload(tally, end),
    species: outingLabel(tally),
  };
  const logs = logPayloads(tally, end).map(({ key, body }) => ({
    id: key,
    userId,
    method: 'POST' as const,
    path: '/api/logs',
    body,
    species: body.speciesCommon,
    outingKey: tally.key,
  }));
  return [outing, ...logs];
}
