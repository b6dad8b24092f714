import { count, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { logs, rateLimits, sessions, users } from '../../db/schema.js';

// SQL of the account feature: the user's own row, and what goes with it when it is deleted.

export async function findAccount(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function updateAccount(
  db: Db,
  userId: string,
  values: Partial<
    Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'email' | 'dataLicense'>
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
