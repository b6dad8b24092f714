import { and, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { LocationShown } from '../../../common/location-privacy.js';
import type { OutingListQuery } from '../../../common/outings/schemas.js';
import type { Db } from '../../db/client.js';
import { outingLocationShownSql } from '../../db/location-privacy.js';
import { logPhotos, logRecordings, logs, outings, type OutingRow } from '../../db/schema.js';
import { logRow, logRowJson, speciesUnit } from '../logs/index.js';

// SQL of the outings feature. Every statement is scoped by the outing's owner.

type OutingValues = Omit<typeof outings.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

// In a selected field Drizzle writes a column without its table: the outer row's id is
// written out, or it would read as the logs' own id inside the subqueries.
const outerColumn = (name: string) => sql`${outings}.${sql.identifier(name)}`;
const outerId = outerColumn('id');

/** How many species (as the lists count them: no spuhs, slashes, hybrids) and individuals. */
const tally = {
  species: sql<number>`(SELECT count(DISTINCT ${speciesUnit})::int FROM ${logs}
    WHERE ${logs.outingId} = ${outerId})`,
  individuals: sql<string>`(SELECT coalesce(sum(${logs.count}), 0) FROM ${logs}
    WHERE ${logs.outingId} = ${outerId})`,
  /** How the outing's place shows to others (issue 35), as the database rules it. */
  locationShown: sql<LocationShown>`${outingLocationShownSql({
    locationPrivacy: outerColumn('location_privacy'),
    locationEmbargoUntil: outerColumn('location_embargo_until'),
    logsPrivacy: outerColumn('logs_privacy'),
    logsSensitive: outerColumn('logs_sensitive'),
    logsEmbargoUntil: outerColumn('logs_embargo_until'),
  })}`,
};

export interface TalliedOuting {
  outing: OutingRow;
  species: number;
  individuals: number;
  locationShown: LocationShown;
}

const tallied = (row: {
  outing: OutingRow;
  species: number;
  individuals: string;
  locationShown: LocationShown;
}) => ({
  outing: row.outing,
  locationShown: row.locationShown,
  species: Number(row.species),
  individuals: Number(row.individuals), // a sum is a bigint: text from the driver
});

/** A page of the user's outings (or of those of `ids`), newest started first, and how many. */
export async function selectOutingPage(db: Db, userId: string, query: OutingListQuery) {
  const where = and(
    eq(outings.userId, userId),
    query.ids ? inArray(outings.id, query.ids) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ outing: outings, ...tally })
      .from(outings)
      .where(where)
      .orderBy(desc(outings.startedAt), desc(outings.createdAt), desc(outings.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(outings)
      .where(where),
  ]);
  return { items: rows.map(tallied), total: total?.total ?? 0 };
}

/** Every outing of the user, oldest started first. */
export const selectAllOutings = (db: Db, userId: string) =>
  db
    .select({ outing: outings, locationShown: tally.locationShown })
    .from(outings)
    .where(eq(outings.userId, userId))
    .orderBy(outings.startedAt, outings.createdAt, outings.id);

export async function findOwnOuting(db: Db, userId: string, id: string) {
  const [row] = await db
    .select({ outing: outings, ...tally })
    .from(outings)
    .where(and(eq(outings.id, id), eq(outings.userId, userId)));
  return row && tallied(row);
}

/** The outing's logs as a JSON array (logSchema each), oldest observed first. */
export async function selectOutingLogsJson(db: Db, userId: string, outingId: string) {
  const [row] = await db
    .select({
      json: sql<string>`'[' || coalesce(string_agg(${logRowJson}, ',' ORDER BY ${logRow.observedAt},
        ${logRow.createdAt}, ${logRow.id}), '') || ']'`,
    })
    .from(logRow)
    .where(and(eq(logRow.outingId, outingId), eq(logRow.userId, userId)));
  return row?.json ?? '[]';
}

/** The outing when it is public (whoever owns it); undefined when private or missing. */
export async function findPublicOuting(db: Db, id: string) {
  const [row] = await db
    .select({ outing: outings, locationShown: tally.locationShown })
    .from(outings)
    .where(and(eq(outings.id, id), eq(outings.isPublic, true)));
  return row;
}

/**
 * The public logs of the outing as a JSON array (logSchema each), oldest observed first, with
 * the species and individuals they hold: a private log of it is neither shown nor counted.
 */
export async function selectPublicOutingLogs(db: Db, outingId: string) {
  const onOuting = and(eq(logRow.outingId, outingId), eq(logRow.isPublic, true));
  const [[page], [tallies]] = await Promise.all([
    db
      .select({
        json: sql<string>`'[' || coalesce(string_agg(${logRowJson}, ',' ORDER BY ${logRow.observedAt},
          ${logRow.createdAt}, ${logRow.id}), '') || ']'`,
      })
      .from(logRow)
      .where(onOuting),
    db
      .select({
        species: sql<number>`count(DISTINCT ${speciesUnit})::int`,
        individuals: sql<string>`coalesce(sum(${logs.count}), 0)`,
      })
      .from(logs)
      .where(and(eq(logs.outingId, outingId), eq(logs.isPublic, true))),
  ]);
  return {
    json: page?.json ?? '[]',
    species: Number(tallies?.species ?? 0),
    individuals: Number(tallies?.individuals ?? 0),
  };
}

/** Inserts the outing; with a key the user used before, nothing is inserted (undefined). */
export async function insertOuting(
  db: Db,
  userId: string,
  values: OutingValues,
): Promise<OutingRow | undefined> {
  const [row] = await db
    .insert(outings)
    .values({ ...values, userId })
    .onConflictDoNothing({ target: [outings.userId, outings.idempotencyKey] })
    .returning();
  return row;
}

export async function findOutingByIdempotencyKey(db: Db, userId: string, key: string) {
  const [row] = await db
    .select({ id: outings.id })
    .from(outings)
    .where(and(eq(outings.userId, userId), eq(outings.idempotencyKey, key)));
  return row?.id;
}

export async function updateOwnOuting(db: Db, userId: string, id: string, values: OutingValues) {
  const updated = await db
    .update(outings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(outings.id, id), eq(outings.userId, userId)))
    .returning({ id: outings.id });
  return updated.length > 0;
}

/**
 * Deletes the outing; its logs stay, in no outing (the foreign key sets them free), unless
 * `withLogs`: then they go first. Returns whether the user had the outing, and the object
 * paths of the deleted logs' uploaded photos and recordings, to release after commit.
 */
export async function deleteOwnOuting(db: Db, userId: string, id: string, withLogs: boolean) {
  let uploads: string[] = [];
  if (withLogs) {
    const photos = await db
      .select({ url: logPhotos.url })
      .from(logPhotos)
      .innerJoin(logs, eq(logs.id, logPhotos.logId))
      .where(
        and(eq(logs.outingId, id), eq(logs.userId, userId), eq(logPhotos.sourceType, 'uploaded')),
      );
    const recordings = await db
      .select({ url: logRecordings.url })
      .from(logRecordings)
      .innerJoin(logs, eq(logs.id, logRecordings.logId))
      .where(and(eq(logs.outingId, id), eq(logs.userId, userId)));
    uploads = [...photos, ...recordings].map((upload) => upload.url);
    await db.delete(logs).where(and(eq(logs.outingId, id), eq(logs.userId, userId)));
  }
  const deleted = await db
    .delete(outings)
    .where(and(eq(outings.id, id), eq(outings.userId, userId)))
    .returning({ id: outings.id });
  return { deleted: deleted.length > 0, uploads };
}

/** Of the source keys (`ebird:S123`), the user's outings made from them: id by key. */
export async function findOutingsBySource(db: Db, userId: string, sourceKeys: string[]) {
  if (sourceKeys.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: outings.id, sourceKey: outings.sourceKey })
    .from(outings)
    .where(and(eq(outings.userId, userId), inArray(outings.sourceKey, sourceKeys)));
  return new Map(rows.map((row) => [row.sourceKey!, row.id]));
}

/** Of the ids, those of the user's own outings. */
export async function findOwnOutingIds(db: Db, userId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: outings.id })
    .from(outings)
    .where(and(eq(outings.userId, userId), inArray(outings.id, ids)));
  return new Set(rows.map((row) => row.id));
}

/**
 * Inserts the outings; one whose source key the user has already (another import made it a
 * moment ago) is not inserted. Returns the ids inserted, by source key.
 */
export async function insertSourcedOutings(
  db: Db,
  userId: string,
  values: Array<OutingValues & { sourceKey: string; createdAt?: Date; updatedAt?: Date }>,
) {
  if (values.length === 0) return new Map<string, string>();
  const rows = await db
    .insert(outings)
    .values(values.map((value) => ({ ...value, userId })))
    .onConflictDoNothing({ target: [outings.userId, outings.sourceKey] })
    .returning({ id: outings.id, sourceKey: outings.sourceKey });
  return new Map(rows.map((row) => [row.sourceKey!, row.id]));
}

/** Deletes those of the user's outings that no log belongs to. */
export async function deleteOwnEmptyOutings(db: Db, userId: string, ids: string[]) {
  if (ids.length === 0) return;
  await db.delete(outings).where(
    and(
      eq(outings.userId, userId),
      inArray(outings.id, ids),
      notExists(
        db
          .select({ one: sql`1` })
          .from(logs)
          .where(eq(logs.outingId, outings.id)),
      ),
    ),
  );
}
