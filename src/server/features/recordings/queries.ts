import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { logRecordings, recordings, uploads } from '../../db/schema.js';

// SQL of the recordings feature: the facts of a completed recording upload.

export type RecordingValues = typeof recordings.$inferInsert;

/** The recording's facts and its upload marked complete, together. */
export async function insertRecording(
  db: Db,
  values: RecordingValues,
  upload: { contentType: string; size: number; derivativesSize: number },
) {
  await db.transaction(async (tx) => {
    await tx.insert(recordings).values(values);
    await tx
      .update(uploads)
      .set({ ...upload, completedAt: new Date() })
      .where(eq(uploads.id, values.uploadId));
  });
}

export async function findRecording(db: Db, uploadId: string) {
  const [row] = await db.select().from(recordings).where(eq(recordings.uploadId, uploadId));
  return row;
}

/**
 * The user's recordings their logs carry (the account archive's recordings/), oldest first, with
 * their format: the file's extension.
 */
export async function findLoggedRecordingsOf(db: Db, userId: string) {
  return db
    .select({ id: uploads.id, format: recordings.format })
    .from(recordings)
    .innerJoin(uploads, eq(uploads.id, recordings.uploadId))
    .where(
      and(
        eq(uploads.userId, userId),
        sql`EXISTS (SELECT 1 FROM ${logRecordings}
          WHERE ${logRecordings.url} = '/objects/uploads/' || ${uploads.id}::text)`,
      ),
    )
    .orderBy(uploads.createdAt, uploads.id);
}
