import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploads } from '../../db/schema.js';

// What a user's photos take in storage (issue 21): originals and their derivatives, of every
// upload row the user has, the ones no log took yet included (they hold their bytes until the
// clean-up deletes them). An upload not yet completed counts nothing: its size is unknown.

/** Bytes of one upload row: the original and its derivatives. */
export const uploadBytesSql = sql<number>`coalesce(${uploads.size}, 0) + coalesce(${uploads.derivativesSize}, 0)`;

/** The user's storage used, in bytes. */
export async function storageUsedBy(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${uploadBytesSql}), 0)` })
    .from(uploads)
    .where(eq(uploads.userId, userId));
  return Number(row?.bytes ?? 0);
}

/** Storage used by every user who has uploads, in bytes (the admin's list of users). */
export async function storageUsedByUser(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ userId: uploads.userId, bytes: sql<string>`sum(${uploadBytesSql})` })
    .from(uploads)
    .groupBy(uploads.userId);
  return new Map(rows.map((row) => [row.userId, Number(row.bytes)]));
}

/** A user's quota in bytes: their own when an admin set one, else the instance's. */
export const quotaBytes = (user: { storageQuotaMb: number | null }, defaultMb: number) =>
  (user.storageQuotaMb ?? defaultMb) * 1024 * 1024;
