import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { logRow, logRowJson } from '../logs/index.js';

// SQL of sharing: a public log, written by the logs feature's one builder of a log's JSON.

/** A public log as JSON text (logSchema); undefined when it is private or missing. */
export async function findPublicLogJson(db: Db, id: string) {
  const [found] = await db
    .select({ json: logRowJson })
    .from(logRow)
    .where(and(eq(logRow.id, id), eq(logRow.isPublic, true)));
  return found?.json;
}
