import { eq, sql } from 'drizzle-orm';
import { overQuotaMessage } from '../../../common/photos.js';
import type { Db } from '../../db/client.js';
import { uploads, users } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';

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

/** The user's storage used and allowed, in bytes. */
export async function storageOf(db: Db, userId: string, defaultMb: number) {
  const [user] = await db
    .select({ storageQuotaMb: users.storageQuotaMb })
    .from(users)
    .where(eq(users.id, userId));
  return {
    usedBytes: await storageUsedBy(db, userId),
    quotaBytes: quotaBytes(user ?? { storageQuotaMb: null }, defaultMb),
  };
}

/**
 * 413 when `addingBytes` more would take the user over their quota; `what` opens the message
 * ('This photo', 'The photos of this archive').
 */
export async function assertRoomFor(
  db: Db,
  userId: string,
  defaultMb: number,
  addingBytes: number,
  what = 'This photo',
) {
  const { usedBytes, quotaBytes } = await storageOf(db, userId, defaultMb);
  if (usedBytes + addingBytes > quotaBytes) {
    throw new HttpError(413, overQuotaMessage(what, usedBytes, quotaBytes));
  }
}
