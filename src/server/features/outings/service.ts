import type {
  Outing,
  OutingListQuery,
  OutingSummary,
  OutingWritePayload,
} from '../../../common/outings/schemas.js';
import { locationPrivacyLevels } from '../../../common/location-privacy.js';
import type { Log } from '../../../common/logs/schemas.js';
import { parseIsoDateTime } from '../../../common/dates.js';
import { storedTimeZone } from '../../../common/zone-names.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http-error.js';
import { isLogId, placeColumns } from '../logs/index.js';
import {
  deleteOwnEmptyOutings,
  deleteOwnOuting,
  findOutingByIdempotencyKey,
  findOutingsBySource,
  findOwnOutingIds,
  findPublicOuting,
  insertSourcedOutings,
  selectAllOutings,
  selectPublicOutingLogs,
  findOwnOuting,
  insertOuting,
  selectOutingLogsJson,
  selectOutingPage,
  updateOwnOuting,
  type TalliedOuting,
} from './queries.js';

// Rules of the outings feature (issue 22): payloads into rows, rows into replies. Another
// user's outing is not found, as a missing one.

const notFound = () => new HttpError(404, 'Outing not found');

function toColumns(payload: OutingWritePayload) {
  const startedAt = parseIsoDateTime(payload.startedAt);
  if (!startedAt) throw new HttpError(400, 'Start time must be valid'); // the schema checked it
  const located = payload.latitude !== null;
  return {
    startedAt,
    timeZone: payload.timeZone,
    durationMinutes: payload.durationMinutes,
    distanceKm: payload.distanceKm,
    protocol: payload.protocol,
    partySize: payload.partySize,
    complete: payload.complete,
    placeName: payload.placeName,
    latitude: payload.latitude,
    longitude: payload.longitude,
    coordinateUncertainty: located ? payload.coordinateUncertainty : null,
    notes: payload.notes,
    isPublic: payload.isPublic,
    ...placeColumns(payload),
  };
}

const toSummary = ({
  outing,
  species,
  individuals,
  locationShown,
}: TalliedOuting): OutingSummary => ({
  id: outing.id,
  startedAt: outing.startedAt.toISOString(),
  timeZone: storedTimeZone(outing.timeZone),
  durationMinutes: outing.durationMinutes,
  distanceKm: outing.distanceKm,
  protocol: outing.protocol,
  partySize: outing.partySize,
  complete: outing.complete,
  placeName: outing.placeName,
  latitude: outing.latitude,
  longitude: outing.longitude,
  coordinateUncertainty: outing.coordinateUncertainty,
  notes: outing.notes,
  isPublic: outing.isPublic,
  createdAt: outing.createdAt.toISOString(),
  updatedAt: outing.updatedAt.toISOString(),
  county: outing.county,
  stateProvince: outing.stateProvince,
  countryCode: outing.countryCode,
  locationId: outing.locationId,
  sourceUrl: outing.sourceUrl,
  locationPrivacy: locationPrivacyLevels[outing.locationPrivacy] ?? 'private',
  locationEmbargoUntil: outing.locationEmbargoUntil,
  locationShown,
  species,
  individuals,
});

export async function listOutings(db: Db, userId: string, query: OutingListQuery) {
  const page = await selectOutingPage(db, userId, query);
  return { items: page.items.map(toSummary), total: page.total };
}

/** The outing with its logs, as JSON text (outingDetailsSchema): the logs as the database writes them. */
export async function getOutingJson(db: Db, userId: string, id: string): Promise<string> {
  const found = isLogId(id) ? await findOwnOuting(db, userId, id) : undefined;
  if (!found) throw notFound();
  const logs = await selectOutingLogsJson(db, userId, id);
  return `${JSON.stringify(toSummary(found)).slice(0, -1)},"logs":${logs}}`;
}

/** A create; with an idempotency key the user used before, the outing it made (`created` false). */
export async function createOuting(
  db: Db,
  userId: string,
  payload: OutingWritePayload,
  idempotencyKey?: string,
): Promise<{ json: string; created: boolean }> {
  const made = await insertOuting(db, userId, { ...toColumns(payload), idempotencyKey });
  const id = made?.id ?? (await findOutingByIdempotencyKey(db, userId, idempotencyKey!));
  if (!id) throw new Error('insert into outings returned no row');
  return { json: await getOutingJson(db, userId, id), created: made !== undefined };
}

export async function updateOuting(
  db: Db,
  userId: string,
  id: string,
  payload: OutingWritePayload,
): Promise<string> {
  if (!isLogId(id) || !(await updateOwnOuting(db, userId, id, toColumns(payload)))) {
    throw notFound();
  }
  return getOutingJson(db, userId, id);
}

/** Deletes the outing, with or without its logs; returns the uploads to release after commit. */
export async function deleteOuting(
  db: Db,
  userId: string,
  id: string,
  withLogs: boolean,
): Promise<string[]> {
  if (!isLogId(id)) throw notFound();
  return db.transaction(async (tx) => {
    const { deleted, uploads } = await deleteOwnOuting(tx, userId, id, withLogs);
    if (!deleted) throw notFound();
    return uploads;
  });
}

/** An outing an import makes, with the key of its record in the file's source. */
export interface ImportedOuting {
  payload: OutingWritePayload;
  sourceKey: string;
  /** When the outing was made and last changed, where the file says (an account archive). */
  createdAt?: Date;
  updatedAt?: Date;
}

/** Of an import's outing source keys, the user's outings made from them: id by key. */
export const findImportedOutings = findOutingsBySource;

/** Of the ids (an account archive's outings), those the user has: their own archive. */
export const findOwnOutings = findOwnOutingIds;

/**
 * Makes the outings of an import, each once: one whose source key the user already has (a
 * concurrent import of the same file) is found instead. Returns every outing's id by source key,
 * and the ids this call made.
 */
export async function createImportedOutings(db: Db, userId: string, outings: ImportedOuting[]) {
  const made = await insertSourcedOutings(
    db,
    userId,
    outings.map(({ payload, sourceKey, createdAt, updatedAt }) => ({
      ...toColumns(payload),
      sourceKey,
      ...(createdAt ? { createdAt, updatedAt: updatedAt ?? createdAt } : {}),
    })),
  );
  const missing = outings.map((o) => o.sourceKey).filter((key) => !made.has(key));
  const found = await findOutingsBySource(db, userId, missing);
  return { ids: new Map([...made, ...found]), made: [...made.values()] };
}

/** Takes back outings an import made, unless logs joined them meanwhile (another import's). */
export const deleteImportedOutings = deleteOwnEmptyOutings;

/**
 * A public outing with its public logs (each as the API writes a log, its owner's fields still
 * in: the sharing feature takes them out); undefined when the outing is private or missing.
 */
export async function findPublicOutingWithLogs(
  db: Db,
  id: string,
): Promise<(OutingSummary & { ownerId: string; logs: Log[] }) | undefined> {
  const found = isLogId(id) ? await findPublicOuting(db, id) : undefined;
  if (!found) return undefined;
  const { json, species, individuals } = await selectPublicOutingLogs(db, id);
  return {
    ...toSummary({ ...found, species, individuals }),
    ownerId: found.outing.userId,
    logs: JSON.parse(json) as Log[],
  };
}

/** Every outing of the user as the API writes one (outingSchema): the account archive's. */
export async function allOutingsOf(db: Db, userId: string): Promise<Outing[]> {
  const rows = await selectAllOutings(db, userId);
  return rows.map((row) => {
    const {
      species: _species,
      individuals: _individuals,
      ...plain
    } = toSummary({
      ...row,
      species: 0,
      individuals: 0,
    });
    return plain;
  });
}
