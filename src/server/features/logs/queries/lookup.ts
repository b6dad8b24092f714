import { and, eq, sql } from 'drizzle-orm';
import { perDatabase, type Db } from '../../../db/client.js';
import { logRow, logRowJson } from '../log-json.js';
import { isFirstOfSpecies } from '../species.js';

// SQL that finds one log, as the API's JSON: by id for its owner, or by the idempotency key of
// the create that made it.

const ownLogStatement = perDatabase((db) =>
  db
    .select({ json: logRowJson })
    .from(logRow)
    .where(and(eq(logRow.id, sql.placeholder('id')), eq(logRow.userId, sql.placeholder('userId'))))
    .prepare('find_own_log'),
);

/** The user's log as JSON text (logSchema), written by the database; undefined for none. */
export async function findOwnLogJson(db: Db, userId: string, id: string) {
  const [found] = await ownLogStatement(db).execute({ id, userId });
  return found?.json;
}

/**
 * The log the user made with this idempotency key, as the API's JSON, and whether it was their
 * first of its species; undefined for none.
 */
export async function findLogJsonByIdempotencyKey(db: Db, userId: string, key: string) {
  const [found] = await db
    .select({ json: logRowJson, lifer: isFirstOfSpecies(logRow) })
    .from(logRow)
    .where(and(eq(logRow.userId, userId), eq(logRow.idempotencyKey, key)));
  return found;
}
