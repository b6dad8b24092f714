import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { detections, outings, type DetectionStatus } from '../../db/schema.js';

// SQL of the detections feature; every statement is scoped by the detections' owner.

export type DetectionValues = Omit<
  typeof detections.$inferInsert,
  'id' | 'userId' | 'status' | 'logId' | 'createdAt'
>;

// PostgreSQL takes at most 65,535 bind parameters a statement: a detection has 13 columns.
const INSERT_BATCH = 2000;

/** `column IN (values)` with one parameter, however many values (uuid columns cast). */
const inList = (column: typeof detections.id | typeof detections.sourceKey, values: string[]) =>
  sql`${column} IN (SELECT json_array_elements_text(${JSON.stringify(values)}::json)${
    column === detections.id ? sql`::uuid` : sql``
  })`;

/** Of the source keys, those the user already holds. */
export async function selectHeldSourceKeys(db: Db, userId: string, keys: string[]) {
  if (keys.length === 0) return new Set<string>();
  const rows = await db
    .select({ key: detections.sourceKey })
    .from(detections)
    .where(and(eq(detections.userId, userId), inList(detections.sourceKey, keys)));
  return new Set(rows.map((row) => row.key));
}

/** Inserts the detections; one whose key the user holds is left out. Returns how many went in. */
export async function insertDetections(db: Db, userId: string, values: DetectionValues[]) {
  let inserted = 0;
  for (let start = 0; start < values.length; start += INSERT_BATCH) {
    const rows = await db
      .insert(detections)
      .values(values.slice(start, start + INSERT_BATCH).map((value) => ({ ...value, userId })))
      .onConflictDoNothing({ target: [detections.userId, detections.sourceKey] })
      .returning({ id: detections.id });
    inserted += rows.length;
  }
  return inserted;
}

/** The user's outing's place and zone; undefined for another user's or a missing one. */
export async function findOutingPlace(db: Db, userId: string, id: string) {
  const [row] = await db
    .select({
      id: outings.id,
      startedAt: outings.startedAt,
      timeZone: outings.timeZone,
      latitude: outings.latitude,
      longitude: outings.longitude,
      isPublic: outings.isPublic,
    })
    .from(outings)
    .where(and(eq(outings.id, id), eq(outings.userId, userId)));
  return row;
}

/** The detection's local hour in the zone, YYYY-MM-DDTHH. */
const localHour = (zone: string) =>
  sql<string>`to_char(${detections.detectedAt} AT TIME ZONE ${zone}, 'YYYY-MM-DD"T"HH24')`;

const ofSpecies = (userId: string, outingId: string, speciesKey?: string) =>
  and(
    eq(detections.userId, userId),
    eq(detections.outingId, outingId),
    speciesKey === undefined ? undefined : eq(detections.speciesKey, speciesKey),
  );

/** The outing's pending detections, with their local hour, by species and hour, best first. */
export const selectPending = (db: Db, userId: string, outingId: string, zone: string) =>
  db
    .select({ detection: detections, hour: localHour(zone) })
    .from(detections)
    .where(and(ofSpecies(userId, outingId), eq(detections.status, 'pending')))
    .orderBy(
      localHour(zone),
      detections.speciesKey,
      desc(detections.confidence),
      asc(detections.detectedAt),
    );

/** How many species-and-hour groups of the outing wait for a person. */
export async function countPendingGroups(db: Db, userId: string, outingId: string, zone: string) {
  const [row] = await db
    .select({
      groups: sql<number>`count(DISTINCT (${detections.speciesKey}, ${localHour(zone)}))::int`,
    })
    .from(detections)
    .where(and(ofSpecies(userId, outingId), eq(detections.status, 'pending')));
  return Number(row?.groups ?? 0);
}

/** The outing's decided detections, one row a species, status and log. */
export const selectDecided = (db: Db, userId: string, outingId: string) =>
  db
    .select({
      speciesKey: detections.speciesKey,
      scientificName: sql<string | null>`min(${detections.scientificName})`,
      commonName: sql<string>`min(${detections.commonName})`,
      status: sql<Exclude<DetectionStatus, 'pending'>>`${detections.status}`,
      logId: detections.logId,
      detections: sql<number>`count(*)::int`,
      bestConfidence: sql<number>`max(${detections.confidence})`,
    })
    .from(detections)
    .where(and(ofSpecies(userId, outingId), sql`${detections.status} <> 'pending'`))
    .groupBy(detections.speciesKey, detections.status, detections.logId)
    .orderBy(sql`min(${detections.detectedAt})`, detections.speciesKey);

/**
 * The species' detections on the outing in the hours (all when none named), each with its
 * status, oldest first; the pending ones are locked until the transaction ends, so that two
 * confirmations at once make one log.
 */
export async function lockSpecies(
  db: Db,
  userId: string,
  outingId: string,
  speciesKey: string,
  zone: string,
  hours: string[] | undefined,
) {
  const inHours: SQL | undefined = hours ? inArray(localHour(zone), hours) : undefined;
  return db
    .select()
    .from(detections)
    .where(and(ofSpecies(userId, outingId, speciesKey), inHours))
    .orderBy(asc(detections.detectedAt), desc(detections.confidence))
    .for('update');
}

export async function markDetections(
  db: Db,
  userId: string,
  ids: string[],
  status: Exclude<DetectionStatus, 'pending'>,
  logId: string | null,
) {
  if (ids.length === 0) return;
  await db
    .update(detections)
    .set({ status, logId })
    .where(and(eq(detections.userId, userId), inList(detections.id, ids)));
}

/** The detections a confirmation made the log from, best first. */
export const selectLogDetections = (db: Db, userId: string, logId: string) =>
  db
    .select()
    .from(detections)
    .where(and(eq(detections.userId, userId), eq(detections.logId, logId)))
    .orderBy(desc(detections.confidence), asc(detections.detectedAt));
