import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Unusual } from '../../../common/occurrences.js';
import {
  storedUncertainty,
  type LogPageQuery,
  type LogWritePayload,
  type SpeciesEntry,
} from '../../../common/logs/schemas.js';
import { parseIsoDateTime } from '../../../common/dates.js';
import { storedCount } from '../../../common/logs/count.js';
import { isForeignKeyViolation, type Db } from '../../db/client.js';
import { HttpError } from '../../http-error.js';
import { unusualOf } from '../occurrences/index.js';
import { assertOwnUploads } from '../photos/index.js';
import { resolveTaxa } from '../taxonomy/index.js';
import type { LogsReadContext } from './logs-version.js';
import { recordDetailColumns } from './record-details.js';
import { countLogs, selectLogPageJson } from './queries/list.js';
import { findLogJsonByIdempotencyKey, findOwnLogJson } from './queries/lookup.js';
import { listLocations, listSpecies } from './queries/suggestions.js';
import {
  deleteOwnLog,
  deleteOwnLogs,
  findOwnSources,
  findUploadedPhotos,
  hasOwnOuting,
  insertLogJson,
  insertLogs,
  insertPhotos,
  insertRecordings,
  replacePhotos,
  replaceRecordings,
  updateOwnLog,
  type PhotoValues,
} from './queries/write.js';

// Rules of the logs feature (ARCHITECTURE "Logs"). Every reply that carries a log is the JSON
// the database writes (log-json.ts); this file turns payloads into rows and reads into replies.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether `id` can name a log: anything else is a missing log, not a database error. */
export const isLogId = (id: string) => UUID.test(id);
const notFound = () => new HttpError(404, 'Log not found'); // another user's log too, never 403

function toColumns(payload: LogWritePayload, taxonId: string | null) {
  const observedAt = parseIsoDateTime(payload.observedAt);
  if (!observedAt) throw new HttpError(400, 'Date and time must be valid'); // the schema checked it
  return {
    speciesCommon: payload.speciesCommon,
    speciesScientific: payload.speciesScientific,
    taxonId,
    count: storedCount(payload),
    observedAt,
    timeZone: payload.timeZone,
    timeKnown: payload.timeKnown,
    placeName: payload.placeName,
    latitude: payload.latitude,
    longitude: payload.longitude,
    coordinateUncertainty: storedUncertainty(payload),
    description: payload.description,
    notes: payload.notes,
    showExactLocation: payload.showExactLocation,
    ...recordDetailColumns(payload),
  };
}

type LogColumns = ReturnType<typeof toColumns>;

/** The columns with the flags the occurrence model raises for each (issue 36). */
async function withFlags<Row extends LogColumns>(db: Db, rows: Row[]) {
  const flags = await unusualOf(db, rows);
  return rows.map((row, index) => ({ ...row, unusual: flags[index] ?? null }));
}

/** The outing a write puts the log on: absent keeps it (an update) or none (a create). */
const outingOf = (payload: LogWritePayload) =>
  payload.outingId === undefined ? {} : { outingId: payload.outingId };

const outingNotFound = () => new HttpError(404, 'Outing not found'); // another user's too

/** 404 unless the outing named is the user's own (none named: nothing to check). */
async function assertOwnOuting(db: Db, userId: string, outingId: string | null | undefined) {
  if (outingId && !(await hasOwnOuting(db, userId, outingId))) throw outingNotFound();
}

/**
 * Runs a write that names an outing; an outing deleted between the check and the write makes
 * the foreign key refuse it, which is the same 404.
 */
async function joiningOuting<T>(
  db: Db,
  userId: string,
  outingId: string | null | undefined,
  write: () => Promise<T>,
): Promise<T> {
  await assertOwnOuting(db, userId, outingId);
  try {
    return await write();
  } catch (error) {
    if (outingId && isForeignKeyViolation(error) && !(await hasOwnOuting(db, userId, outingId))) {
      throw outingNotFound();
    }
    throw error;
  }
}

const namesOf = (payload: LogWritePayload) => ({
  taxonId: payload.taxonId,
  scientific: payload.speciesScientific,
  common: payload.speciesCommon,
});

/**
 * The taxon a log written by hand is about: the one chosen (400 when the backbone lacks it), else
 * the one its names match, else none.
 */
async function taxonOf(db: Db, payload: LogWritePayload): Promise<string | null> {
  const { taxonIds, unknown } = await resolveTaxa(db, [namesOf(payload)]);
  if (unknown.length > 0) {
    throw new HttpError(400, 'Unknown taxon');
  }
  return taxonIds[0] ?? null;
}

/** A create's reply: the log's JSON text with whether it is the user's first of its species. */
const withLifer = (json: string, lifer: boolean) => `${json.slice(0, -1)},"lifer":${lifer}}`;

/** External links first, then uploads, each once, in the order given. */
function toPhotos(payload: LogWritePayload): PhotoValues[] {
  const external = [...new Set(payload.photoLinks)].map((url) => ({
    url,
    sourceType: 'external' as const,
  }));
  const uploaded = [...new Set(payload.uploadedPhotoUrls)].map((url) => ({
    url,
    sourceType: 'uploaded' as const,
  }));
  return [...external, ...uploaded];
}

/**
 * A page of the list and the number of matching logs, as JSON text (logListSchema). Without
 * filters the number is the users row's logs_count, read with the page; with filters it is
 * counted once per version of the user's logs: for a heavy user that reads 100,000 index
 * entries, the page only 20 rows.
 */
export async function getLogPageJson(
  { db, logsResults }: LogsReadContext,
  userId: string,
  query: LogPageQuery,
): Promise<string> {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  const page = await selectLogPageJson(db, userId, query);
  if (!page) return '{"items":[],"total":0}'; // the user was deleted a moment ago
  const total =
    page.total ??
    (await logsResults.getAt(userId, page.version, JSON.stringify(['list-total', filters]), () =>
      countLogs(db, userId, filters),
    ));
  return `{"items":${page.items},"total":${total}}`;
}

/** The user's log as JSON text (logSchema); another user's is not found, as a missing one. */
export async function getOwnLogJson(db: Db, userId: string, id: string): Promise<string> {
  const json = isLogId(id) ? await findOwnLogJson(db, userId, id) : undefined;
  if (!json) throw notFound();
  return json;
}

/**
 * The log and its photos are written together or not at all, as the API's JSON. With an
 * idempotency key the user used before, nothing is written: the log that create made is
 * returned, `created` false.
 */
export async function createLog(
  db: Db,
  userId: string,
  payload: LogWritePayload,
  idempotencyKey?: string,
): Promise<{ json: string; created: boolean }> {
  const [columns] = await withFlags(db, [toColumns(payload, await taxonOf(db, payload))]);
  const values = {
    ...columns!,
    ...outingOf(payload),
    isPublic: payload.isPublic ?? true,
    idempotencyKey,
  };
  const photos = toPhotos(payload);
  const recordings = [...new Set(payload.uploadedRecordingUrls ?? [])];
  const create = async (db: Db): Promise<{ json: string; created: boolean }> => {
    const inserted = await insertLogJson(db, userId, values, photos, recordings);
    if (inserted) return { json: withLifer(inserted.json, inserted.lifer), created: true };
    // Only a key can make the insert a no-op; a concurrent create with it has committed by now.
    const made = await findLogJsonByIdempotencyKey(db, userId, idempotencyKey!);
    if (!made) throw new Error('insert into logs returned no row');
    return { json: withLifer(made.json, made.lifer), created: false };
  };
  // One statement, unless uploads come along: they are checked, and held (FOR SHARE) against
  // the orphan clean-up, in the transaction that takes them.
  return joiningOuting(db, userId, payload.outingId, () => {
    if (payload.uploadedPhotoUrls.length === 0 && recordings.length === 0) return create(db);
    return db.transaction(async (tx) => {
      await assertOwnUploads(tx, userId, payload.uploadedPhotoUrls);
      await assertOwnUploads(tx, userId, recordings, 'recording');
      return create(tx);
    });
  });
}

/** A log an import makes, with the key of its record in the file's source (or null). */
export interface ImportedLog {
  payload: LogWritePayload;
  sourceKey: string | null;
  /** When the log was made and last changed, where the file says (a Sightbook export); else now. */
  createdAt?: Date;
  updatedAt?: Date;
}

/**
 * Many new logs at once (a batch of an import), with their photos and uploaded recordings, in one
 * transaction: all of them or none. A log whose source key the user already has is not made
 * again. Returns the ids of the logs made.
 */
export async function createImportedLogs(
  db: Db,
  userId: string,
  logs: ImportedLog[],
): Promise<string[]> {
  // A taxon id in the file (iNaturalist's) links only when the backbone holds it; else the names.
  const { taxonIds } = await resolveTaxa(
    db,
    logs.map(({ payload }) => namesOf(payload)),
  );
  const columns = await withFlags(
    db,
    logs.map(({ payload }, index) => toColumns(payload, taxonIds[index] ?? null)),
  );
  const rows = logs.map(({ payload, sourceKey, createdAt, updatedAt }, index) => ({
    id: randomUUID(),
    ...columns[index]!,
    ...outingOf(payload),
    isPublic: payload.isPublic ?? true,
    sourceKey,
    ...(createdAt ? { createdAt, updatedAt: updatedAt ?? createdAt } : {}),
  }));
  const recordingsOf = (payload: LogWritePayload) => [...new Set(payload.uploadedRecordingUrls)];
  return db.transaction(async (tx) => {
    // checked and held against the orphan clean-up before a log takes them, as createLog does
    const uploads = logs.flatMap(({ payload }) => recordingsOf(payload));
    if (uploads.length > 0) await assertOwnUploads(tx, userId, uploads, 'recording');
    const made = new Set(await insertLogs(tx, userId, rows));
    const kept = <T>(ofLog: (payload: LogWritePayload, logId: string) => T[]) =>
      logs.flatMap(({ payload }, index) => {
        const logId = rows[index]!.id;
        return made.has(logId) ? ofLog(payload, logId) : [];
      });
    await insertPhotos(
      tx,
      kept((payload, logId) =>
        toPhotos(payload).map((photo, position) => ({ ...photo, logId, position })),
      ),
    );
    await insertRecordings(
      tx,
      kept((payload, logId) =>
        recordingsOf(payload).map((url, position) => ({ url, logId, position })),
      ),
    );
    return rows.flatMap((row) => (made.has(row.id) ? [row.id] : []));
  });
}

/** The flags an import's logs would get (its dry run), written nowhere. */
export async function unusualOfImported(db: Db, logs: ImportedLog[]) {
  const { taxonIds } = await resolveTaxa(
    db,
    logs.map(({ payload }) => namesOf(payload)),
  );
  return unusualOf(
    db,
    logs.map(({ payload }, index) => toColumns(payload, taxonIds[index] ?? null)),
  );
}

/** The flags of the user's logs of these ids that have some, with their species. */
export async function findUnusualOf(db: Db, userId: string, ids: string[]) {
  const result = await db.execute(sql`SELECT species_common AS species, unusual FROM logs
    WHERE user_id = ${userId} AND unusual IS NOT NULL AND id IN (
      SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
    ORDER BY observed_at, id`);
  return (result as unknown as { rows: { species: string; unusual: Unusual }[] }).rows;
}

/** Takes back logs an import made (when a later batch of it failed). */
export const deleteImportedLogs = (db: Db, userId: string, ids: string[]) =>
  deleteOwnLogs(db, userId, ids);

/**
 * Of an import's source keys and Sightbook log ids, those already in the user's account; and
 * the species names of the logs of the named outings (by the outings' source keys).
 */
export const findImportedSources = (
  db: Db,
  userId: string,
  sourceKeys: string[],
  ids: string[],
  outingKeys: string[] = [],
) => findOwnSources(db, userId, sourceKeys, ids.filter(isLogId), outingKeys);

/**
 * A full replacement, answered as the API's JSON; an absent isPublic keeps the current
 * visibility. The reply is read back in the transaction, as every other read writes a log.
 */
export async function updateLog(
  db: Db,
  userId: string,
  id: string,
  payload: LogWritePayload,
): Promise<string> {
  if (!isLogId(id)) throw notFound();
  const [columns] = await withFlags(db, [toColumns(payload, await taxonOf(db, payload))]);
  return joiningOuting(db, userId, payload.outingId, () =>
    db.transaction(async (tx) => {
      const visibility = payload.isPublic === undefined ? {} : { isPublic: payload.isPublic };
      const values = { ...columns!, ...outingOf(payload), ...visibility };
      if (!(await updateOwnLog(tx, userId, id, values))) throw notFound();
      await assertOwnUploads(tx, userId, payload.uploadedPhotoUrls);
      await replacePhotos(tx, id, toPhotos(payload));
      if (payload.uploadedRecordingUrls !== undefined) {
        const recordings = [...new Set(payload.uploadedRecordingUrls)];
        await assertOwnUploads(tx, userId, recordings, 'recording');
        await replaceRecordings(tx, id, recordings);
      }
      const json = await findOwnLogJson(tx, userId, id);
      if (!json) throw new Error('the updated log was not found');
      return json;
    }),
  );
}

/**
 * Deletes the log and returns the object paths of its uploads (photos, recordings), to release
 * after commit.
 */
export async function deleteLog(db: Db, userId: string, id: string): Promise<string[]> {
  if (!isLogId(id)) throw notFound();
  return db.transaction(async (tx) => {
    const uploaded = await findUploadedPhotos(tx, id);
    if (!(await deleteOwnLog(tx, userId, id))) throw notFound();
    return uploaded;
  });
}

/** The user's species for the form's picker, listed again only after a write to their logs. */
export const getSpecies = (
  { db, logsResults }: LogsReadContext,
  userId: string,
): Promise<SpeciesEntry[]> => logsResults.get(db, userId, 'species', () => listSpecies(db, userId));

/** The user's places for the form's picker, listed again only after a write to their logs. */
export const getLocations = (
  { db, logsResults }: LogsReadContext,
  userId: string,
): Promise<string[]> => logsResults.get(db, userId, 'locations', () => listLocations(db, userId));
