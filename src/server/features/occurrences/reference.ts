import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { setImmediate as otherTurns } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { weekOfDate } from '../../../common/occurrences.js';
import type { Db } from '../../db/client.js';
import { cellsOf } from './cells.js';
import { openReference, type OpenReference, type ReferenceMetadata } from './reference-archive.js';

// Issue 36: `npm run occurrences:import -- FILE` loads a GBIF occurrence download as a reference
// set: per species unit, H3 cell (both resolutions) and week, how many records and the most
// individuals one counted. Rows are read a batch at a time, their names made species units by
// the database's own species_unit() (so they match the logs' exactly), and the counts kept in a
// map that is written out whenever it grows large. The rows go to a pending set first; it then
// replaces the set of the same key (the DOI, else the file's SHA-256) in one short transaction,
// or is thrown away when nothing differs.

const BATCH = 5000;
/** Aggregated rows kept in memory before they are added to the pending set. */
const FLUSH_AT = 200_000;
/** The key of a set being imported: the build and /admin leave it out. */
export const PENDING_PREFIX = 'pending:';
/** A condition on reference_sets: the set is imported (not one being imported). */
export const importedSet = sql`key NOT LIKE ${`${PENDING_PREFIX}%`}`;

export interface SkippedRows {
  /** occurrenceStatus absent */
  absent: number;
  /** No coordinates, or out of range. */
  noCoordinates: number;
  /** No eventDate with a day (a year or a month only). */
  noDate: number;
  /** No species: a genus or higher, a hybrid, a slash, or no name at all. */
  noSpecies: number;
}

export interface ReferenceImport extends ReferenceMetadata {
  key: string;
  status: 'added' | 'replaced' | 'unchanged';
  /** Data rows read. */
  rows: number;
  /** Rows kept as records. */
  records: number;
  skipped: SkippedRows;
  /** Rows of reference_occurrences: (species, cell, week) at both resolutions. */
  cells: number;
  ms: number;
}

export interface ReferenceOptions {
  title?: string;
  citation?: string;
}

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** The first day of an eventDate ('2020-05-01', '2020-05-01T06:30Z', '2020-05-01/2020-05-03'). */
export function dayOf(eventDate: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?![\d])/.exec(eventDate.split('/')[0]!.trim());
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const valid =
    month >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day;
  return valid ? match[0] : null;
}

/**
 * A scientific name without its authorship: 'Turdus merula Linnaeus, 1758' → 'Turdus merula',
 * 'Turdus Linnaeus, 1758' → 'Turdus' (a genus: no species unit). The words after the genus that
 * begin in lower case are kept (epithets, 'subsp.', 'var.', '×'); the authorship begins with a
 * capital or a parenthesis.
 */
export function nameWithoutAuthorship(name: string, authorship = ''): string {
  let given = name.trim();
  if (authorship && given.endsWith(authorship.trim())) {
    given = given.slice(0, -authorship.trim().length).trim();
  }
  const [genus, ...rest] = given.split(/\s+/);
  const kept = [genus];
  for (const word of rest) {
    if (!/^[a-z×-]/.test(word)) break;
    kept.push(word);
  }
  return kept.join(' ');
}

const number = (text: string) => (text === '' ? NaN : Number(text));

interface Parsed {
  name: string;
  latitude: number;
  longitude: number;
  week: number;
  count: number | null;
}

type Verdict = Parsed | keyof SkippedRows;

function parseRow(file: OpenReference, row: string[]): Verdict {
  const value = (term: string) => file.value(row, term);
  if (value('occurrenceStatus').toLowerCase() === 'absent') return 'absent';
  const latitude = number(value('decimalLatitude'));
  const longitude = number(value('decimalLongitude'));
  if (
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude) ||
    Math.abs(latitude) > 90 ||
    Math.abs(longitude) > 180
  ) {
    return 'noCoordinates';
  }
  const day = dayOf(value('eventDate'));
  if (!day) return 'noDate';
  // GBIF's interpreted species (a subspecies' too), else the name as given
  const name =
    value('species') ||
    nameWithoutAuthorship(value('scientificName'), value('scientificNameAuthorship'));
  if (!name) return 'noSpecies';
  const count = number(value('individualCount'));
  return {
    name,
    latitude,
    longitude,
    week: weekOfDate(day),
    count: Number.isInteger(count) && count >= 0 ? count : null,
  };
}

interface Aggregate {
  records: number;
  maxCount: number | null;
}

/** The species units of names, as the database computes them for logs (null: none). */
async function unitsOf(db: Db, names: string[]): Promise<Map<string, string | null>> {
  const rows = rowsOf<{ name: string; unit: string | null }>(
    await db.execute(sql`SELECT n AS name, species_unit(NULL, n, NULL) AS unit
      FROM json_array_elements_text(${JSON.stringify(names)}::json) AS n`),
  );
  return new Map(rows.map((row) => [row.name, row.unit]));
}

/** Adds the aggregated rows to the set's, a batch a transaction, giving way between batches. */
async function flush(db: Db, setId: string, totals: Map<string, Aggregate>) {
  let rows: Array<{ u: string; c: string; w: number; r: number; m: number | null }> = [];
  const write = async () => {
    if (rows.length === 0) return;
    await db.execute(sql`INSERT INTO reference_occurrences
        (set_id, species_unit, cell, week, records, max_count)
      SELECT ${setId}::uuid, u, c, w, r, m
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(u text, c bigint, w smallint, r int, m int)
      ON CONFLICT (set_id, species_unit, cell, week) DO UPDATE SET
        records = reference_occurrences.records + excluded.records,
        max_count = greatest(reference_occurrences.max_count, excluded.max_count)`);
    rows = [];
    await otherTurns();
  };
  for (const [key, total] of totals) {
    const [u, c, w] = key.split('|') as [string, string, string];
    rows.push({ u, c, w: Number(w), r: total.records, m: total.maxCount });
    if (rows.length >= BATCH) await write();
  }
  await write();
  totals.clear();
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Reads the file into the pending set `setId`; answers what it read and skipped. */
async function readInto(db: Db, file: OpenReference, setId: string) {
  const skipped: SkippedRows = { absent: 0, noCoordinates: 0, noDate: 0, noSpecies: 0 };
  const units = new Map<string, string | null>();
  const totals = new Map<string, Aggregate>();
  let rows = 0;
  let records = 0;
  let batch: Parsed[] = [];
  const add = async () => {
    const unknown = [...new Set(batch.map((row) => row.name))].filter((name) => !units.has(name));
    if (unknown.length > 0)
      for (const [name, unit] of await unitsOf(db, unknown)) units.set(name, unit);
    for (const row of batch) {
      const unit = units.get(row.name);
      if (!unit) {
        skipped.noSpecies++;
        continue;
      }
      records++;
      const { fine, coarse } = cellsOf(row.latitude, row.longitude);
      for (const cell of [fine, coarse]) {
        const key = `${unit}|${cell}|${row.week}`;
        const total = totals.get(key);
        if (!total) totals.set(key, { records: 1, maxCount: row.count });
        else {
          total.records++;
          if (row.count !== null && (total.maxCount === null || row.count > total.maxCount)) {
            total.maxCount = row.count;
          }
        }
      }
    }
    batch = [];
    if (units.size > 100_000) units.clear(); // a download of the whole tree of life
    if (totals.size >= FLUSH_AT) await flush(db, setId, totals);
    await otherTurns();
  };
  for await (const row of file.rows()) {
    rows++;
    const verdict = parseRow(file, row);
    if (typeof verdict === 'string') skipped[verdict]++;
    else batch.push(verdict);
    if (batch.length >= BATCH) await add();
  }
  await add();
  await flush(db, setId, totals);
  return { rows, records, skipped };
}

/** Whether two sets hold the same rows. */
async function sameRows(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = rowsOf<{ differ: boolean }>(
    await db.execute(sql`SELECT EXISTS (
      (SELECT species_unit, cell, week, records, max_count FROM reference_occurrences WHERE set_id = ${a}
        EXCEPT SELECT species_unit, cell, week, records, max_count FROM reference_occurrences WHERE set_id = ${b})
      UNION ALL
      (SELECT species_unit, cell, week, records, max_count FROM reference_occurrences WHERE set_id = ${b}
        EXCEPT SELECT species_unit, cell, week, records, max_count FROM reference_occurrences WHERE set_id = ${a})
    ) AS differ`),
  );
  return !row!.differ;
}

interface SetRow extends ReferenceMetadata {
  id: string;
  rows: number;
  records: number;
}

/**
 * Imports a GBIF occurrence download (or any Darwin Core Archive with an Occurrence core) as a
 * reference set, replacing the set of the same DOI (else the same file). The caller rebuilds the
 * occurrence model.
 */
export async function importReferenceSet(
  db: Db,
  path: string,
  options: ReferenceOptions = {},
): Promise<ReferenceImport> {
  const started = performance.now();
  // a pending set an interrupted import left behind
  await db.execute(sql`DELETE FROM reference_sets WHERE key LIKE ${`${PENDING_PREFIX}%`}`);
  const file = await openReference(path);
  try {
    const metadata: ReferenceMetadata = {
      ...file.metadata,
      title: (options.title ?? file.metadata.title).slice(0, 500),
      citation: options.citation ?? file.metadata.citation,
    };
    const key = metadata.doi
      ? `doi:${metadata.doi.toLowerCase()}`
      : `sha256:${await sha256Of(path)}`;
    const [pending] = rowsOf<{ id: string }>(
      await db.execute(sql`INSERT INTO reference_sets (key, title, citation, doi, license, rows, records)
        VALUES (${PENDING_PREFIX + randomUUID()}, ${metadata.title}, ${metadata.citation},
          ${metadata.doi}, ${metadata.license}, 0, 0) RETURNING id`),
    );
    const setId = pending!.id;
    try {
      const read = await readInto(db, file, setId);
      const [{ cells }] = rowsOf<{ cells: number }>(
        await db.execute(sql`SELECT count(*)::int AS cells FROM reference_occurrences
          WHERE set_id = ${setId}`),
      ) as [{ cells: number }];
      const [old] = rowsOf<SetRow>(
        await db.execute(sql`SELECT id, title, citation, doi, license, rows, records
          FROM reference_sets WHERE key = ${key}`),
      );
      const result = { key, ...metadata, ...read, cells };
      const unchanged =
        old !== undefined &&
        old.title === metadata.title &&
        old.citation === metadata.citation &&
        old.doi === metadata.doi &&
        old.license === metadata.license &&
        old.rows === read.rows &&
        old.records === read.records &&
        (await sameRows(db, old.id, setId));
      if (unchanged) {
        await db.execute(sql`DELETE FROM reference_sets WHERE id = ${setId}`);
        return { ...result, status: 'unchanged', ms: Math.round(performance.now() - started) };
      }
      await db.transaction(async (tx) => {
        if (old) await tx.execute(sql`DELETE FROM reference_sets WHERE id = ${old.id}`);
        await tx.execute(sql`UPDATE reference_sets SET key = ${key}, rows = ${read.rows},
          records = ${read.records}, imported_at = now() WHERE id = ${setId}`);
      });
      return {
        ...result,
        status: old ? 'replaced' : 'added',
        ms: Math.round(performance.now() - started),
      };
    } catch (error) {
      await db.execute(sql`DELETE FROM reference_sets WHERE id = ${setId}`).catch(() => undefined);
      throw error;
    }
  } finally {
    file.close();
  }
}
