import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { perDatabase, type Db } from '../../db/client.js';
import { sessions, users, type SessionData } from '../../db/schema.js';

// SQL for the sessions table. Rows are keyed by the SHA-256 of the cookie token (see sessions.ts).

/**
 * A new session for an account that exists and is not disabled; what stopped it otherwise. The
 * account's row stays locked until the session is in: a disable that runs at the same moment
 * either comes first (and this refuses) or waits and then ends this session with the others.
 */
export async function openSession(
  db: Db,
  sid: string,
  data: SessionData,
  expire: Date,
): Promise<'opened' | 'gone' | 'disabled'> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.id, data.userId))
      .for('update');
    if (!user) return 'gone';
    if (user.disabledAt) return 'disabled';
    await tx
      .update(users)
      .set({ lastActiveAt: sql`now()` })
      .where(eq(users.id, data.userId));
    await tx.insert(sessions).values({ sid, sess: data, expire });
    return 'opened';
  });
}

// Every API request looks its session up: the statement is prepared by name on the server.
const liveSessionQuery = perDatabase((db) =>
  db
    .select()
    .from(sessions)
    .where(
      and(eq(sessions.sid, sql.placeholder('sid')), gt(sessions.expire, sql.placeholder('now'))),
    )
    .prepare('find_live_session'),
);

export async function findLiveSession(db: Db, sid: string, now: Date) {
  const [row] = await liveSessionQuery(db).execute({ sid, now });
  return row;
}

export async function findSessionData(db: Db, sid: string): Promise<SessionData | undefined> {
  const [row] = await db
    .select({ sess: sessions.sess })
    .from(sessions)
    .where(eq(sessions.sid, sid));
  return row?.sess;
}

/** A session in use: its expiry moves on, and its user counts as active (users.last_active_at). */
export async function extendSession(db: Db, sid: string, userId: string, expire: Date) {
  await db.update(sessions).set({ expire }).where(eq(sessions.sid, sid));
  await db
    .update(users)
    .set({ lastActiveAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function deleteSession(db: Db, sid: string) {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

/** The hourly clean-up (src/server/jobs.ts). */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(lt(sessions.expire, now))
    .returning({ sid: sessions.sid });
  return removed.length;
}

/** Ends every session of a user: sign-out everywhere. */
export async function deleteUserSessions(db: Db, userId: string) {
  await db.delete(sessions).where(sql`(${sessions.sess}->>'userId') = ${userId}`);
}

/** The user's live sessions, newest first by expiry. */
export async function findUserSessions(db: Db, userId: string, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(and(sql`(${sessions.sess}->>'userId') = ${userId}`, gt(sessions.expire, now)))
    .orderBy(sql`${sessions.expire} DESC`);
}

/** Ends every session of a user but one (a password change keeps the session that made it). */
export async function deleteUserSessionsExcept(db: Db, userId: string, keepSid: string) {
  await db
    .delete(sessions)
    .where(and(sql`(${sessions.sess}->>'userId') = ${userId}`, ne(sessions.sid, keepSid)));
}
