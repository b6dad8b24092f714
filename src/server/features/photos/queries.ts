import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  logPhotos,
  logRecordings,
  logs,
  recordings,
  uploads,
  type UploadKind,
} from '../../db/schema.js';

// SQL of the photos feature. An uploaded photo is referred to by its object path in log_photos.url.

const objectPathSql = sql`'/objects/uploads/' || ${uploads.id}::text`;

export async function insertUpload(db: Db, userId: string, kind: UploadKind = 'photo') {
  const [row] = await db.insert(uploads).values({ userId, kind }).returning();
  return row!;
}

export async function findUpload(db: Db, id: string) {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  return row;
}

export async function markUploadComplete(
  db: Db,
  id: string,
  values: {
    contentType: string;
    size: number;
    derivativesSize: number;
    width: number | null;
    height: number | null;
  },
) {
  await db
    .update(uploads)
    .set({ ...values, completedAt: new Date() })
    .where(eq(uploads.id, id));
}

/** The ids of every upload of the user, complete or not. */
export async function findUploadIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.userId, userId));
  return rows.map((row) => row.id);
}

/**
 * The user's completed uploads that their logs show (the account archive's photos/), oldest
 * first.
 */
export async function findLoggedUploadsOf(db: Db, userId: string) {
  return db
    .select({ id: uploads.id, contentType: uploads.contentType })
    .from(uploads)
    .where(
      and(
        eq(uploads.userId, userId),
        isNotNull(uploads.completedAt),
        sql`EXISTS (SELECT 1 FROM ${logPhotos} WHERE ${logPhotos.url} = ${objectPathSql})`,
      ),
    )
    .orderBy(uploads.createdAt, uploads.id);
}

/** True when some public log shows this object, as a photo or as a sound recording. */
export async function isOnPublicLog(db: Db, objectPath: string): Promise<boolean> {
  const onPublic = (links: typeof logPhotos | typeof logRecordings) =>
    sql`EXISTS (SELECT 1 FROM ${links} JOIN ${logs} ON ${logs.id} = ${links.logId}
      WHERE ${links.url} = ${objectPath} AND ${logs.isPublic})`;
  const result = await db.execute(
    sql`SELECT ${onPublic(logPhotos)} OR ${onPublic(logRecordings)} AS "shown"`,
  );
  return (result as unknown as { rows: { shown: boolean }[] }).rows[0]?.shown === true;
}

/** Whether a completed recording upload has a listening copy (listen.mp3). */
export async function hasListeningCopy(db: Db, uploadId: string): Promise<boolean> {
  const [row] = await db
    .select({ has: recordings.hasListeningCopy })
    .from(recordings)
    .where(eq(recordings.uploadId, uploadId));
  return row?.has === true;
}

/** Of these uploads, the ones of this kind this user completed. */
export async function findOwnCompletedUploads(
  db: Db,
  userId: string,
  ids: string[],
  kind: UploadKind,
) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        inArray(uploads.id, ids),
        eq(uploads.userId, userId),
        eq(uploads.kind, kind),
        isNotNull(uploads.completedAt),
      ),
    )
    .for('share'); // the orphan clean-up waits for the log that is taking them
  return rows.map((row) => row.id);
}

// A log refers to an upload as a photo or as a sound recording (issue 37).
const unreferenced = sql`NOT EXISTS (SELECT 1 FROM ${logPhotos} WHERE ${logPhotos.url} = ${objectPathSql})
  AND NOT EXISTS (SELECT 1 FROM ${logRecordings} WHERE ${logRecordings.url} = ${objectPathSql})`;

/**
 * Deletes upload rows no log refers to, among the given ids or those created before `createdBefore`,
 * and returns their ids so their objects can go too.
 */
export async function deleteUnreferencedUploads(
  db: Db,
  which: { ids: string[] } | { createdBefore: Date; limit: number },
): Promise<string[]> {
  const scope =
    'ids' in which
      ? which.ids.length > 0
        ? inArray(uploads.id, which.ids)
        : sql`false`
      : inArray(
          uploads.id,
          db
            .select({ id: uploads.id })
            .from(uploads)
            .where(and(lt(uploads.createdAt, which.createdBefore), unreferenced))
            .limit(which.limit),
        );
  const rows = await db
    .delete(uploads)
    .where(and(scope, unreferenced))
    .returning({ id: uploads.id });
  return rows.map((row) => row.id);
}
