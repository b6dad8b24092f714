import { and, count, desc, eq, gte, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { logPhotos, logs, rateLimits, sessions, uploads, users } from '../../db/schema.js';
import { ianaZone } from '../../db/zone-names.js';

// SQL of the account feature: the user's own row, what goes with it when it is deleted, and
// the check of positions filled from photos (issue 31).

export async function findAccount(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function updateAccount(
  db: Db,
  userId: string,
  values: Partial<
    Pick<
      typeof users.$inferInsert,
      'firstName' | 'lastName' | 'email' | 'dataLicense' | 'locationPrivacy' | 'obscuredPlace'
    >
  >,
) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** How many other accounts there are, and how many of them are admins who can sign in. */
export async function countOtherAccounts(db: Db, userId: string) {
  const [row] = await db
    .select({
      others: count(),
      admins:
        sql<number>`count(*) FILTER (WHERE ${users.role} = 'admin' AND ${users.disabledAt} IS NULL)`.mapWith(
          Number,
        ),
    })
    .from(users)
    .where(ne(users.id, userId));
  return { others: row?.others ?? 0, admins: row?.admins ?? 0 };
}

export async function countLogsOf(db: Db, userId: string): Promise<number> {
  return db.$count(logs, eq(logs.userId, userId));
}

/**
 * Deletes the account and what hangs on it: logs (and their photos' rows), uploads, bridge
 * tokens, invitations they made and their reset links go with the row (ON DELETE CASCADE);
 * sessions and rate-limit counters name the user only inside their text, so they go by that.
 */
export async function deleteAccountRows(db: Db, userId: string, email: string | null) {
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(sql`(${sessions.sess}->>'userId') = ${userId}`);
    // keys like `uploads:{id}` or `sign-in-failures:{email}`; strpos: no LIKE wildcards in an email
    await tx
      .delete(rateLimits)
      .where(
        or(
          sql`strpos(${rateLimits.key}, ${userId}) > 0`,
          email ? sql`strpos(${rateLimits.key}, ${email}) > 0` : undefined,
        ),
      );
    await tx.delete(users).where(eq(users.id, userId));
  });
}

/**
 * The user's logs whose point has no negative coordinate (what the form made of every photo's
 * position before issue 31), one row per uploaded original of the user's they show, in the
 * user's order; newest sighting first. Only `logIds` when given.
 */
export async function findLogsWithOwnUploads(db: Db, userId: string, logIds?: string[]) {
  return db
    .select({
      logId: logs.id,
      speciesCommon: logs.speciesCommon,
      observedAt: logs.observedAt,
      timeZone: ianaZone(logs.timeZone),
      timeKnown: logs.timeKnown,
      latitude: logs.latitude,
      longitude: logs.longitude,
      uploadId: uploads.id,
      contentType: uploads.contentType,
    })
    .from(logs)
    .innerJoin(logPhotos, and(eq(logPhotos.logId, logs.id), eq(logPhotos.sourceType, 'uploaded')))
    .innerJoin(
      uploads,
      and(
        eq(logPhotos.url, sql`'/objects/uploads/' || ${uploads.id}::text`),
        eq(uploads.userId, userId), // never another account's photo
        isNotNull(uploads.completedAt),
      ),
    )
    .where(
      and(
        eq(logs.userId, userId),
        gte(logs.latitude, 0),
        gte(logs.longitude, 0),
        logIds ? inArray(logs.id, logIds) : undefined,
      ),
    )
    .orderBy(desc(logs.observedAt), desc(logs.id), logPhotos.position);
}

interface PlaceTime {
  latitude: number;
  longitude: number;
  timeZone: string | null;
  observedAt: Date;
}

/** Gives the log its new place and time, unless they changed since `from` was read. */
export async function movePlaceTime(
  db: Db,
  userId: string,
  logId: string,
  from: PlaceTime,
  to: PlaceTime,
): Promise<boolean> {
  const moved = await db
    .update(logs)
    .set({ ...to, updatedAt: sql`now()` })
    .where(
      and(
        eq(logs.id, logId),
        eq(logs.userId, userId),
        eq(logs.latitude, from.latitude),
        eq(logs.longitude, from.longitude),
        from.timeZone === null ? isNull(logs.timeZone) : eq(ianaZone(logs.timeZone), from.timeZone),
        eq(logs.observedAt, from.observedAt),
      ),
    )
    .returning({ id: logs.id });
  return moved.length > 0;
}
