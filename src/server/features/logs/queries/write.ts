import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { logPhotos, logRecordings, logs, outings } from '../../../db/schema.js';
import { insertedLogJson, LOG_ROW, logRow } from '../log-json.js';
import { isFirstOfSpecies } from '../species.js';

// SQL that writes logs and their photos; every statement is scoped by its owner.

type LogValues = Omit<typeof logs.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;
export type PhotoValues = Pick<typeof logPhotos.$inferInsert, 'url' | 'sourceType' | 'label'>;

const createdLogSchema = z.object({ json: z.string(), lifer: z.boolean() });

/**
 * A new log with its photos and recordings (object paths), as the API's JSON, in one statement
 * that commits on its own; none when the user already made a log with this idempotency key. The
 * photos' and recordings' JSON comes from their RETURNING: a statement does not see its own
 * inserts anywhere else.
 */
export async function insertLogJson(
  db: Db,
  userId: string,
  values: LogValues,
  photos: PhotoValues[],
  recordingUrls: string[] = [],
): Promise<{ json: string; lifer: boolean } | undefined> {
  const insert = db
    .insert(logs)
    .values({ ...values, userId })
    .onConflictDoNothing({ target: [logs.userId, logs.idempotencyKey] })
    .returning();
  const made = sql.identifier(LOG_ROW);
  const result = await db.execute(sql`WITH ${made} AS (${insert.getSQL()}),
    added AS (
      INSERT INTO ${logPhotos} (log_id, url, source_type, position)
      SELECT ${logRow.id}, p.url, p."sourceType", p.ord - 1
      FROM ${made}, ROWS FROM (json_to_recordset(${JSON.stringify(photos)}::json)
        AS (url text, "sourceType" text)) WITH ORDINALITY AS p(url, "sourceType", ord)
      RETURNING *),
    added_recordings AS (
      INSERT INTO ${logRecordings} (log_id, url, position)
      SELECT ${logRow.id}, r.url, r.ord - 1
      FROM ${made}, json_array_elements_text(${JSON.stringify(recordingUrls)}::json)
        WITH ORDINALITY AS r(url, ord)
      RETURNING *)
    SELECT ${insertedLogJson(sql`added`, sql`added_recordings`)} AS "json", ${isFirstOfSpecies(logRow)} AS "lifer" FROM ${made}`);
  const [created] = (result as unknown as { rows: unknown[] }).rows;
  return created === undefined ? undefined : createdLogSchema.parse(created);
}

// PostgreSQL takes at most 65,535 bind parameters a statement: a log has 16 columns, a photo 5.
const INSERT_BATCH = 2000;

/**
 * Many logs in multi-row inserts; the caller gives the ids, so photos can refer to them. A log
 * whose source key the user already has is left out (the unique index decides, so two imports
 * at once cannot both add it). Returns the ids of the logs made.
 */
export async function insertLogs(
  db: Db,
  userId: string,
  rows: Array<LogValues & { id: string; createdAt?: Date; updatedAt?: Date }>,
): Promise<string[]> {
  const made: string[] = [];
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    const inserted = await db
      .insert(logs)
      .values(batch.map((row) => ({ ...row, userId })))
      .onConflictDoNothing({ target: [logs.userId, logs.sourceKey] })
      .returning({ id: logs.id });
    made.push(...inserted.map((row) => row.id));
  }
  return made;
}

export async function insertPhotos(
  db: Db,
  photos: Array<PhotoValues & { logId: string; position: number }>,
): Promise<void> {
  for (let start = 0; start < photos.length; start += INSERT_BATCH) {
    await db.insert(logPhotos).values(photos.slice(start, start + INSERT_BATCH));
  }
}

/** Recordings (object paths) of new logs, in the order each log lists them. */
export async function insertRecordings(
  db: Db,
  recordings: Array<{ logId: string; url: string; position: number }>,
): Promise<void> {
  for (let start = 0; start < recordings.length; start += INSERT_BATCH) {
    await db.insert(logRecordings).values(recordings.slice(start, start + INSERT_BATCH));
  }
}

/** Of the source keys and log ids, those the user already has. */
export async function findOwnSources(
  db: Db,
  userId: string,
  sourceKeys: string[],
  ids: string[],
  outingKeys: string[] = [],
): Promise<{
  sourceKeys: Set<string>;
  ids: Set<string>;
  /** The names (common and scientific, as keyed) of the logs of each outing, by its key. */
  speciesOfOutings: Map<string, Set<string>>;
}> {
  const [byKey, byId, byOuting] = await Promise.all([
    sourceKeys.length === 0
      ? []
      : db
          .select({ key: logs.sourceKey })
          .from(logs)
          .where(and(eq(logs.userId, userId), inArray(logs.sourceKey, sourceKeys))),
    ids.length === 0
      ? []
      : db
          .select({ id: logs.id })
          .from(logs)
          .where(and(eq(logs.userId, userId), inArray(logs.id, ids))),
    outingKeys.length === 0
      ? []
      : db
          .select({
            outing: outings.sourceKey,
            common: logs.speciesKey,
            scientific: logs.scientificKey,
          })
          .from(outings)
          .innerJoin(logs, and(eq(logs.outingId, outings.id), eq(logs.userId, userId)))
          .where(and(eq(outings.userId, userId), inArray(outings.sourceKey, outingKeys))),
  ]);
  const speciesOfOutings = new Map<string, Set<string>>();
  for (const { outing, common, scientific } of byOuting) {
    if (!outing) continue;
    const names = speciesOfOutings.get(outing) ?? new Set<string>();
    for (const name of [common, scientific]) if (name) names.add(name);
    speciesOfOutings.set(outing, names);
  }
  return {
    sourceKeys: new Set(byKey.flatMap((row) => row.key ?? [])),
    ids: new Set(byId.map((row) => row.id)),
    speciesOfOutings,
  };
}

/** Deletes the user's logs of these ids (their photos cascade). */
export async function deleteOwnLogs(db: Db, userId: string, ids: string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += INSERT_BATCH) {
    const batch = ids.slice(start, start + INSERT_BATCH);
    await db.delete(logs).where(and(eq(logs.userId, userId), inArray(logs.id, batch)));
  }
}

/** Writes the log's new values; false when the user has no such log. */
export async function updateOwnLog(
  db: Db,
  userId: string,
  id: string,
  values: LogValues,
): Promise<boolean> {
  const updated = await db
    .update(logs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(logs.id, id), eq(logs.userId, userId)))
    .returning({ id: logs.id });
  return updated.length > 0;
}

/**
 * The log's photos become `photos`. The write payload carries no labels (SPEC), so a photo the
 * log keeps keeps its label.
 */
export async function replacePhotos(db: Db, logId: string, photos: PhotoValues[]) {
  const removed = await db
    .delete(logPhotos)
    .where(eq(logPhotos.logId, logId))
    .returning({ url: logPhotos.url, label: logPhotos.label });
  const labels = new Map(removed.map((photo) => [photo.url, photo.label]));
  if (photos.length === 0) return;
  await db.insert(logPhotos).values(
    photos.map((photo, position) => ({
      ...photo,
      label: photo.label ?? labels.get(photo.url) ?? null,
      logId,
      position,
    })),
  );
}

/**
 * The log's recordings become these object paths; one it no longer has is left to the orphan
 * clean-up, as a photo is.
 */
export async function replaceRecordings(db: Db, logId: string, urls: string[]) {
  await db.delete(logRecordings).where(eq(logRecordings.logId, logId));
  if (urls.length === 0) return;
  await db.insert(logRecordings).values(urls.map((url, position) => ({ url, logId, position })));
}

/**
 * The object paths of the log's uploads (photos and recordings), to release once the log is
 * gone.
 */
export async function findUploadedPhotos(db: Db, logId: string): Promise<string[]> {
  const photos = await db
    .select({ url: logPhotos.url })
    .from(logPhotos)
    .where(and(eq(logPhotos.logId, logId), eq(logPhotos.sourceType, 'uploaded')));
  const recordings = await db
    .select({ url: logRecordings.url })
    .from(logRecordings)
    .where(eq(logRecordings.logId, logId));
  return [...photos, ...recordings].map((row) => row.url);
}

/** Deletes the log (its photos cascade); false when the user has no such log. */
export async function deleteOwnLog(db: Db, userId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(logs)
    .where(and(eq(logs.id, id), eq(logs.userId, userId)))
    .returning({ id: logs.id });
  return removed.length > 0;
}

/** Whether the user has this outing: a log may only join its owner's (issue 22). */
export async function hasOwnOuting(db: Db, userId: string, outingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: outings.id })
    .from(outings)
    .where(and(eq(outings.id, outingId), eq(outings.userId, userId)));
  return row !== undefined;
}
