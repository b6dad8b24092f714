import { setImmediate as otherTurns } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { cellOf, obscuredPoint } from '../../../common/location-privacy.js';
import { readInBatches } from '../../db/batches.js';
import type { Db, StreamRows } from '../../db/client.js';
import { outingLevelSql } from '../../db/location-privacy.js';
import { ianaZone } from '../../db/zone-names.js';
import { cellsOf } from './cells.js';
import { importedSet } from './reference.js';

// Issue 36: the occurrence model, rebuilt from every account's logs and the reference sets.
// A log counts at the place it shows to others (location-privacy.ts): an open one at its point,
// an obscured one at its stable point in the 0.2° cell (so only the cell is in the model), a
// private or embargoed one not at all; captive ones and those no species unit names never.
// The logs are read and staged a batch at a time, giving way between batches; the model's
// tables are then replaced in one transaction, their rows written in key order, with a week 0
// row per cell holding its whole year: a flag's lookup (flags.ts) reads a place's year and season
// from a few rows of a few pages, not its 52 weeks from one page a row.

const BATCH = 5000;

interface LogRow {
  id: string;
  unit: string;
  latitude: number;
  longitude: number;
  week: number;
  count: number | null;
  level: number;
}

/** The logs the model reads, after `after` in id order (readInBatches's page). */
const logsAfter = (after?: LogRow, limit?: number) => sql`
  SELECT l.id, l.species_unit AS unit, l.latitude, l.longitude, l.count,
    least(52, (extract(doy FROM l.observed_at AT TIME ZONE coalesce(${ianaZone(sql`l.time_zone`)}, 'UTC'))::int - 1) / 7 + 1) AS week,
    greatest(l.location_privacy, embargo_level(l.location_embargo_until), l.sensitive_level,
      ${outingLevelSql(sql`l.outing_id`)}) AS level
  FROM logs l
  WHERE l.species_unit IS NOT NULL AND l.latitude IS NOT NULL AND NOT l.captive
    ${after ? sql`AND l.id > ${after.id}` : sql.empty()}
  ORDER BY l.id ${limit ? sql`LIMIT ${limit}` : sql.empty()}`;

/** Where a log counts: its point for others, or none (private). */
function countedPoint(row: LogRow) {
  if (row.level >= 2) return null;
  if (row.level === 1) return obscuredPoint(row.id, cellOf(row.latitude, row.longitude));
  return { latitude: row.latitude, longitude: row.longitude };
}

async function stage(db: Db, rows: LogRow[]): Promise<number> {
  const staged = rows.flatMap((row) => {
    const point = countedPoint(row);
    if (!point) return [];
    const { fine, coarse } = cellsOf(point.latitude, point.longitude);
    return [{ u: row.unit, f: fine, c: coarse, w: Number(row.week), n: row.count }];
  });
  if (staged.length === 0) return 0;
  // one JSON parameter: a statement takes at most 65,535 parameters
  await db.execute(sql`INSERT INTO occurrence_staging (species_unit, fine, coarse, week, count)
    SELECT u, f, c, w, n FROM jsonb_to_recordset(${JSON.stringify(staged)}::jsonb)
      AS r(u text, f bigint, c bigint, w smallint, n int)`);
  return staged.length;
}

export interface OccurrenceBuild {
  logs: number;
  referenceRecords: number;
  cells: number;
  ms: number;
}

/** Replaces the model's tables with what the staged logs and the reference sets say. */
async function replaceModel(db: Db, logs: number, started: number): Promise<OccurrenceBuild> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM occurrence_cells`);
    await tx.execute(sql`INSERT INTO occurrence_cells (species_unit, cell, week, records, max_count)
      SELECT species_unit, cell, coalesce(week, 0), sum(records), max(max_count) FROM (
        SELECT species_unit, fine AS cell, week, 1 AS records, count AS max_count
          FROM occurrence_staging
        UNION ALL SELECT species_unit, coarse, week, 1, count FROM occurrence_staging
        UNION ALL SELECT species_unit, cell, week, records, max_count FROM reference_occurrences
          WHERE set_id IN (SELECT id FROM reference_sets WHERE ${importedSet})
      ) parts GROUP BY GROUPING SETS ((species_unit, cell, week), (species_unit, cell))
      ORDER BY species_unit, cell, coalesce(week, 0)`);
    await tx.execute(sql`DELETE FROM occurrence_effort`);
    await tx.execute(sql`INSERT INTO occurrence_effort (cell, week, records)
      SELECT cell, week, sum(records) FROM occurrence_cells GROUP BY cell, week ORDER BY cell, week`);
    const totals = await tx.execute(sql`SELECT
      (SELECT count(*) FROM occurrence_cells WHERE week > 0)::int AS cells,
      (SELECT coalesce(sum(records), 0) FROM reference_sets WHERE ${importedSet})::int AS reference`);
    const { cells, reference } = (
      totals as unknown as { rows: [{ cells: number; reference: number }] }
    ).rows[0];
    const build = {
      logs,
      referenceRecords: reference,
      cells,
      ms: Math.round(performance.now() - started),
    };
    await tx.execute(sql`INSERT INTO occurrence_builds (logs, reference_records, cells, ms)
      VALUES (${build.logs}, ${build.referenceRecords}, ${build.cells}, ${build.ms})`);
    await tx.execute(sql`DELETE FROM occurrence_builds WHERE id NOT IN (
      SELECT id FROM occurrence_builds ORDER BY finished_at DESC LIMIT 30)`);
    await tx.execute(sql`TRUNCATE occurrence_staging`);
    return build;
  });
}

const running = new WeakMap<Db, Promise<OccurrenceBuild>>();
const next = new WeakMap<Db, Promise<OccurrenceBuild>>();

async function build(db: Db, streamRows: StreamRows | null): Promise<OccurrenceBuild> {
  const started = performance.now();
  await db.execute(sql`TRUNCATE occurrence_staging`);
  let logs = 0;
  for await (const rows of readInBatches<LogRow>(db, streamRows, logsAfter, BATCH)) {
    logs += await stage(db, rows);
    await otherTurns();
  }
  const made = await replaceModel(db, logs, started);
  // the old rows are dead and the new ones unknown to the planner; PGlite runs no autovacuum
  await db.execute(sql`VACUUM (ANALYZE) occurrence_cells, occurrence_effort, occurrence_staging`);
  return made;
}

/**
 * Builds the occurrence model again from the logs as they are now. One build runs at a time: a
 * build asked for while one runs starts when it ends (and those asked for meanwhile share it).
 */
export function buildOccurrenceModel(
  db: Db,
  streamRows: StreamRows | null,
): Promise<OccurrenceBuild> {
  const current = running.get(db);
  if (current) {
    let queued = next.get(db);
    if (!queued) {
      queued = current
        .catch(() => undefined)
        .then(() => {
          next.delete(db);
          return buildOccurrenceModel(db, streamRows);
        });
      next.set(db, queued);
    }
    return queued;
  }
  const made = build(db, streamRows).finally(() => running.delete(db));
  running.set(db, made);
  return made;
}

/** Whether the last build is older than `ms` (or there is none): the nightly job's test. */
export async function modelOlderThan(db: Db, ms: number): Promise<boolean> {
  const result = await db.execute(sql`SELECT max(finished_at) AS last FROM occurrence_builds`);
  const [row] = (result as unknown as { rows: [{ last: Date | string | null }] }).rows;
  return !row.last || Date.now() - new Date(row.last).getTime() > ms;
}
