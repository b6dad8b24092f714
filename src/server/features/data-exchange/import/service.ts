import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { z } from 'zod';
import {
  IMPORT_MAX_LISTED,
  IMPORT_SUMMARY_LINES,
  type ImportInvalidMode,
  type ImportRejection,
  type ImportRejectionGroup,
  type ImportResult,
  type ImportWarning,
} from '../../../../common/data-exchange/import.js';
import type { ImportRefusal } from '../../../../common/data-exchange/import-route.js';
import { ACCOUNT_ARCHIVE_FILES } from '../../../../common/account/schemas.js';
import { LOG_LIMITS, logWriteSchema, NO_NUL_MESSAGE } from '../../../../common/logs/schemas.js';
import { outingWriteSchema, type OutingWritePayload } from '../../../../common/outings/schemas.js';
import { parseIsoDateTime } from '../../../../common/dates.js';
import type { Db } from '../../../db/client.js';
import { othersInFlight } from '../../../db/traffic.js';
import { HttpError } from '../../../http-error.js';
import {
  createImportedLogs,
  deleteImportedLogs,
  findImportedSources,
  type ImportedLog,
} from '../../logs/index.js';
import {
  createImportedOutings,
  deleteImportedOutings,
  findImportedOutings,
  findOwnOutings,
} from '../../outings/index.js';
import { filesToBring, storeFiles, type ArchiveFiles } from './archive-files.js';
import { SOURCE_ID_MAX, type CsvFormat, type RowOuting } from './csv-format.js';
import { csvFormats } from './formats.js';
import { readRecords } from './read-csv.js';
import { madeUnusual, previewUnusual } from './unusual.js';

// Rules of the import (issues 5 and 24): every row through the log write schema; invalid rows
// refuse the file (onInvalid=abort) or are left out (skip); a record already imported is a
// duplicate and adds nothing; the logs are written in batches that let other users' queries in
// between (docs/decisions/008-import-in-batches.md).

const UNRECOGNISED =
  'Unrecognised CSV format: expected a Sightbook export, an iNaturalist observations export or an eBird "My eBird Data" file';

/**
 * How long a batch of rows should hold the database: another user's request waits at most about
 * this long for each of its queries. The rows a batch takes follow from the previous batch's time.
 */
const BATCH_TARGET_MS = 30;
/**
 * The same with no other request being answered: fewer, larger batches (a statement's own cost
 * counts for less); a request that comes meanwhile waits for that one batch, then the import
 * gives way and sizes its batches for BATCH_TARGET_MS again.
 */
const ALONE_BATCH_TARGET_MS = 100;
const FIRST_BATCH_ROWS = 100;
const MAX_BATCH_ROWS = 1000;
/** Rows read between two yields to the event loop. */
const ROWS_BETWEEN_YIELDS = 500;
/** Source keys looked up a query. */
const LOOKUP_KEYS = 500;

/**
 * Leaves the database to other requests for as long as the import just held it (at least a
 * turn of the event loop): the queries queued meanwhile run, and so do the ones that follow
 * them in the same request, before the import's next statement. With no other request being
 * answered, a turn of the event loop: there is no one to wait for (a request that comes during
 * the next batch waits for that batch alone, then gets its turn).
 */
const giveWay = (db: Db, heldMs: number) =>
  othersInFlight(db)
    ? new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(heldMs, 1), 200)))
    : yieldToOthers();

export interface ImportOptions {
  dryRun: boolean;
  onInvalid: ImportInvalidMode;
}

export type ImportOutcome =
  { status: 200 | 201; body: ImportResult } | { status: 422; body: ImportRefusal };

interface ValidRow extends ImportedLog {
  line: number;
  logId?: string;
  warnings: string[];
  uploadedPhotos?: string[];
  uploadedRecordings?: string[];
  /** The source key of the outing the log joins (of the file's outings). */
  outingKey?: string;
}

/** Outing fields an import may leave out when the file's value is refused. */
const OPTIONAL_EFFORT = new Set(['durationMinutes', 'distanceKm', 'partySize']);

/** The first message, after the column it concerns when the file has one. */
function reasonOf(error: z.ZodError, format: CsvFormat): string {
  const issue = error.issues[0];
  const field = issue?.path[0];
  const column = typeof field === 'string' ? format.columnOf[field] : undefined;
  const message = issue?.message ?? 'Invalid row';
  return column ? `${column}: ${message}` : message;
}

/** Rejected rows: all counted by reason, the first ones listed. */
class Rejections {
  readonly listed: ImportRejection[] = [];
  private readonly groups = new Map<string, ImportRejectionGroup>();
  count = 0;

  add(line: number, reason: string) {
    this.count += 1;
    if (this.listed.length < IMPORT_MAX_LISTED) this.listed.push({ line, reason });
    const group = this.groups.get(reason) ?? { reason, count: 0, lines: [] };
    group.count += 1;
    if (group.lines.length < IMPORT_SUMMARY_LINES) group.lines.push(line);
    this.groups.set(reason, group);
  }

  /** Most frequent reason first. */
  summary(): ImportRejectionGroup[] {
    return [...this.groups.values()].sort((a, b) => b.count - a.count || a.lines[0]! - b.lines[0]!);
  }
}

/**
 * An outing of the file as the outing write schema reads it. An effort value it refuses (a
 * duration that is no number) is left out, with a warning; the outing is dropped only for what
 * its logs would be refused for too. Returns the payload, or undefined, and the warnings.
 */
function readOuting(outing: RowOuting & { input: Record<string, unknown> }, format: CsvFormat) {
  const warnings: string[] = [];
  // The lines of where it came from always fit: what the notes cannot hold besides ends in '…'.
  const tail = outing.noteLines.join('\n');
  const room = LOG_LIMITS.notes - tail.length - 1;
  const own = typeof outing.input.notes === 'string' ? outing.input.notes.trim() : '';
  const notes = [own.length > room ? `${own.slice(0, room - 1)}…` : own, tail]
    .filter(Boolean)
    .join('\n');
  const input: Record<string, unknown> = { ...outing.input, notes };
  for (;;) {
    const parsed = outingWriteSchema.safeParse(input);
    if (parsed.success) return { payload: parsed.data, warnings };
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    const column = typeof field === 'string' ? (format.outingColumnOf?.[field] ?? field) : '';
    if (typeof field === 'string' && OPTIONAL_EFFORT.has(field) && input[field] !== null) {
      warnings.push(`${column}: ${issue!.message}; left out of the outing`);
      input[field] = null;
      continue;
    }
    warnings.push(
      `Outing ${outing.sourceKey} left out (${column ? `${column}: ` : ''}${issue?.message ?? 'invalid'}): its logs are imported without it`,
    );
    return { payload: undefined, warnings };
  }
}

/** An outing of the file: its payload when the file holds it, its id in its own account. */
interface FileOuting {
  payload?: OutingWritePayload;
  ownId?: string;
  createdAt?: Date;
  updatedAt?: Date;
}

/** When an account archive's outing was made and last changed (outings.json has both). */
function timesOf(input: Record<string, unknown> | undefined) {
  const read = (value: unknown) =>
    typeof value === 'string' ? parseIsoDateTime(value) : undefined;
  const createdAt = read(input?.createdAt);
  return createdAt ? { createdAt, updatedAt: read(input?.updatedAt) ?? createdAt } : {};
}

/**
 * What no field may hold, found before a row is read: a NUL in any cell (PostgreSQL text cannot
 * hold it) or a record id too long to be one.
 */
function cellProblem(cells: string[], columns: string[], format: CsvFormat): string | undefined {
  const nul = cells.findIndex((cell) => cell.includes('\u0000'));
  if (nul >= 0) return `${columns[nul] ?? `Cell ${nul + 1}`}: ${NO_NUL_MESSAGE}`;
  const key = cells[columns.indexOf(format.keyColumn)]?.trim() ?? '';
  if (key.length > SOURCE_ID_MAX) {
    return `${format.keyColumn} must be at most ${SOURCE_ID_MAX} characters`;
  }
  return undefined;
}

/**
 * The file's valid rows and its rejections, read a slice at a time; `archiveOutings` are the
 * outings an account archive holds beside its CSV, by id.
 */
async function readRows(file: Buffer, archiveOutings: Map<string, Record<string, unknown>>) {
  const [header, ...records] = await readRecords(file);
  if (!header || records.length === 0) throw new HttpError(400, 'The file has no rows');
  const columns = header.cells.map((cell) => cell.trim());
  const format = csvFormats.find((candidate) => candidate.matches(columns));
  if (!format) {
    const refusal = csvFormats.map((candidate) => candidate.refusal?.(columns)).find(Boolean);
    throw new HttpError(400, refusal ?? UNRECOGNISED);
  }
  const position = new Map(columns.map((column, index) => [column, index] as const).reverse());

  const valid: ValidRow[] = [];
  const rejections = new Rejections();
  // each outing of the file, its fields from its valid rows (the first that gives each one)
  const found = new Map<string, { outing: RowOuting; row: ValidRow }>();
  for (const [index, { cells, line }] of records.entries()) {
    if (index % ROWS_BETWEEN_YIELDS === ROWS_BETWEEN_YIELDS - 1) await yieldToOthers();
    // Spreadsheets and eBird leave out trailing empty cells: a short row reads as padded.
    const extra = cells.slice(columns.length);
    if (extra.some((cell) => cell.trim() !== '')) {
      rejections.add(line, `Expected ${columns.length} cells, found ${cells.length}`);
      continue;
    }
    const problem = cellProblem(cells, columns, format);
    if (problem) {
      rejections.add(line, problem);
      continue;
    }
    const read = format.read((column) => cells[position.get(column) ?? -1] ?? '');
    if (read.rejection) {
      rejections.add(line, read.rejection);
      continue;
    }
    const parsed = logWriteSchema.safeParse(read.input);
    if (!parsed.success) {
      rejections.add(line, reasonOf(parsed.error, format));
      continue;
    }
    const row: ValidRow = {
      line,
      payload: parsed.data,
      sourceKey: read.sourceKey,
      warnings: read.warnings,
      ...(read.logId ? { logId: read.logId } : {}),
      ...(read.uploadedPhotos ? { uploadedPhotos: read.uploadedPhotos } : {}),
      ...(read.uploadedRecordings ? { uploadedRecordings: read.uploadedRecordings } : {}),
      ...(read.outing ? { outingKey: read.outing.sourceKey } : {}),
      ...read.times,
    };
    valid.push(row);
    const outing = read.outing && {
      ...read.outing,
      input:
        read.outing.input ??
        (read.outing.ownId && archiveOutings.has(read.outing.ownId)
          ? { ...archiveOutings.get(read.outing.ownId) }
          : undefined),
    };
    if (outing) {
      const known = found.get(outing.sourceKey);
      if (!known) found.set(outing.sourceKey, { outing, row });
      else if (known.outing.input && outing.input) fillEmpty(known.outing.input, outing.input);
    }
  }
  // Each outing read once; the warnings go on its first row. One that cannot be made is left
  // out, and its rows' logs are imported without it (unless the account has it: ownId).
  const outings = new Map<string, FileOuting>();
  for (const [key, { outing, row }] of found) {
    const { payload, warnings } = outing.input
      ? readOuting({ ...outing, input: outing.input }, format)
      : { payload: undefined, warnings: [] };
    row.warnings.push(...warnings);
    if (payload || outing.ownId) {
      outings.set(key, {
        ...(payload ? { payload, ...timesOf(outing.input) } : {}),
        ...(outing.ownId ? { ownId: outing.ownId } : {}),
      });
    }
  }
  for (const row of valid) if (row.outingKey && !outings.has(row.outingKey)) delete row.outingKey;
  // An archive's outings come back whole, those no log names too (an outing begun, nothing seen).
  const fileWarnings: ImportWarning[] = [];
  const leftOut = format.columnsLeftOut?.(columns) ?? [];
  if (leftOut.length > 0) {
    fileWarnings.push({ line: 1, message: `Columns not imported: ${leftOut.join(', ')}` });
  }
  for (const [id, input] of archiveOutings) {
    const key = `sightbook:${id}`;
    if (found.has(key)) continue;
    const { payload, warnings } = readOuting({ sourceKey: key, input, noteLines: [] }, format);
    for (const message of warnings) {
      fileWarnings.push({ line: 1, message: `${ACCOUNT_ARCHIVE_FILES.outings}: ${message}` });
    }
    if (payload) outings.set(key, { payload, ownId: id, ...timesOf(input) });
  }
  return { format, rows: records.length, valid, rejections, outings, fileWarnings };
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** Takes into `into` the fields it lacks that `from` has. */
function fillEmpty(into: Record<string, unknown>, from: Record<string, unknown>) {
  for (const [field, value] of Object.entries(from)) {
    if (isEmpty(into[field]) && !isEmpty(value)) into[field] = value;
  }
}

/** A row's species names as the database keys them (species_key, scientific_key). */
const speciesNames = (row: ValidRow) =>
  [row.payload.speciesCommon, row.payload.speciesScientific].flatMap((name) =>
    name ? [name.trim().toLowerCase()] : [],
  );

/**
 * The rows to import: without those the file repeats (or, for eBird, with their keys told apart)
 * and those the account already has. Returns the rows and the number of duplicates.
 */
async function withoutDuplicates(db: Db, userId: string, format: CsvFormat, rows: ValidRow[]) {
  const seen = new Map<string, number>();
  const unique: ValidRow[] = [];
  for (const row of rows) {
    if (row.sourceKey === null) {
      unique.push(row);
      continue;
    }
    const times = (seen.get(row.sourceKey) ?? 0) + 1;
    seen.set(row.sourceKey, times);
    if (times === 1) unique.push(row);
    else if (format.keysRepeat) unique.push({ ...row, sourceKey: `${row.sourceKey}#${times}` });
  }
  const fresh: ValidRow[] = [];
  for (let start = 0; start < unique.length; start += LOOKUP_KEYS) {
    const batch = unique.slice(start, start + LOOKUP_KEYS);
    const began = performance.now();
    const known = await findImportedSources(
      db,
      userId,
      batch.flatMap((row) => row.sourceKey ?? []),
      batch.flatMap((row) => row.logId ?? []),
      format.oneRecordPerSpecies ? [...new Set(batch.flatMap((row) => row.outingKey ?? []))] : [],
    );
    for (const row of batch) {
      const imported = row.sourceKey !== null && known.sourceKeys.has(row.sourceKey);
      const own = row.logId !== undefined && known.ids.has(row.logId);
      // the same species on the same checklist, under a name or key a taxonomy since changed
      const names = row.outingKey ? known.speciesOfOutings.get(row.outingKey) : undefined;
      const sameSpecies = names !== undefined && speciesNames(row).some((name) => names.has(name));
      if (!imported && !own && !sameSpecies) fresh.push(row);
    }
    await giveWay(db, performance.now() - began);
  }
  return { rows: fresh, duplicates: rows.length - fresh.length };
}

/**
 * Writes the rows a batch at a time, each batch its own transaction of about BATCH_TARGET_MS,
 * giving way to other requests between batches. When a batch fails, the batches before it are
 * deleted again: the import adds all its rows or none. Returns the ids of the logs made (fewer
 * than the rows when another import made some first).
 */
async function writeInBatches(db: Db, userId: string, rows: ValidRow[]): Promise<string[]> {
  const made: string[] = [];
  let size = FIRST_BATCH_ROWS;
  try {
    for (let start = 0; start < rows.length;) {
      const batch = rows.slice(start, start + size);
      start += batch.length;
      const began = performance.now();
      made.push(...(await createImportedLogs(db, userId, batch)));
      const took = performance.now() - began;
      await giveWay(db, took);
      const target = othersInFlight(db) ? BATCH_TARGET_MS : ALONE_BATCH_TARGET_MS;
      const fitting = Math.round((batch.length * target) / Math.max(took, 1));
      size = Math.min(MAX_BATCH_ROWS, Math.max(10, fitting, Math.round(size / 2)));
    }
  } catch (error) {
    await deleteImportedLogs(db, userId, made);
    throw error;
  }
  return made;
}

/**
 * The outings the rows join that the account does not have yet, looked up 500 keys a query
 * (giving way as the log look-ups do); the rows of outings it has are pointed at them.
 */
async function outingsToMake(
  db: Db,
  userId: string,
  rows: ValidRow[],
  outings: Map<string, FileOuting>,
  archive: boolean,
) {
  const named = rows.flatMap((row) => row.outingKey ?? []);
  // an archive's outings are all wanted; a CSV's only those of the rows to import
  const keys = [...new Set(archive ? [...named, ...outings.keys()] : named)];
  const known = new Map<string, string>();
  for (let start = 0; start < keys.length; start += LOOKUP_KEYS) {
    const began = performance.now();
    const batch = keys.slice(start, start + LOOKUP_KEYS);
    const found = await findImportedOutings(db, userId, batch);
    for (const [key, id] of found) known.set(key, id);
    // a Sightbook export's outing that is the importing user's own (their own file back)
    const ownIds = batch.flatMap((key) => (known.has(key) ? [] : (outings.get(key)?.ownId ?? [])));
    const own = await findOwnOutings(db, userId, ownIds);
    for (const key of batch) {
      const ownId = outings.get(key)?.ownId;
      if (!known.has(key) && ownId && own.has(ownId)) known.set(key, ownId);
    }
    await giveWay(db, performance.now() - began);
  }
  // An outing the file names but neither holds nor the account has: its logs come without it.
  const unresolved = new Set(keys.filter((key) => !known.has(key) && !outings.get(key)?.payload));
  for (const row of rows) {
    if (!row.outingKey || !unresolved.has(row.outingKey)) continue;
    if (unresolved.delete(row.outingKey)) {
      row.warnings.push(
        `outing_id ${outings.get(row.outingKey)?.ownId}: no such outing in this account, and the file does not hold it: its logs are imported without it`,
      );
    }
    delete row.outingKey;
  }
  return {
    known,
    missing: keys
      .filter((key) => !known.has(key) && outings.get(key)?.payload)
      .map((sourceKey) => {
        const { payload, createdAt, updatedAt } = outings.get(sourceKey)!;
        return { sourceKey, payload: payload!, ...(createdAt ? { createdAt, updatedAt } : {}) };
      }),
  };
}

/**
 * Makes the missing outings, a batch of LOOKUP_KEYS a statement, and points every row at its
 * outing. Returns the ids of the outings made; on a failure they are taken back.
 */
async function writeOutings(
  db: Db,
  userId: string,
  rows: ValidRow[],
  { known, missing }: Awaited<ReturnType<typeof outingsToMake>>,
) {
  const made: string[] = [];
  const ids = new Map(known);
  try {
    for (let start = 0; start < missing.length; start += LOOKUP_KEYS) {
      const began = performance.now();
      const batch = await createImportedOutings(
        db,
        userId,
        missing.slice(start, start + LOOKUP_KEYS),
      );
      made.push(...batch.made);
      for (const [key, id] of batch.ids) ids.set(key, id);
      await giveWay(db, performance.now() - began);
    }
  } catch (error) {
    await deleteImportedOutings(db, userId, made);
    throw error;
  }
  for (const row of rows) {
    const outingId = row.outingKey && ids.get(row.outingKey);
    if (outingId) row.payload = { ...row.payload, outingId };
  }
  return made;
}

const rowsWord = (count: number) => (count === 1 ? '1 row' : `${count.toLocaleString('en')} rows`);

/**
 * Imports a CSV file; with `archive` (an account archive's files) the uploaded photos and sound
 * recordings its rows name come along, stored anew as the importing user's, and with
 * `archiveOutings` (its outings.json, by id) the outings its rows' outing_id name.
 */
export async function importCsv(
  db: Db,
  userId: string,
  file: Buffer,
  { dryRun, onInvalid }: ImportOptions,
  archive?: ArchiveFiles,
  archiveOutings = new Map<string, Record<string, unknown>>(),
): Promise<ImportOutcome> {
  const { format, rows, valid, rejections, outings, fileWarnings } = await readRows(
    file,
    archiveOutings,
  );
  const { rows: toImport, duplicates } = await withoutDuplicates(db, userId, format, valid);
  const newOutings = await outingsToMake(db, userId, toImport, outings, archive !== undefined);
  const bring = filesToBring(toImport, archive);
  // the rows' warnings as they stand: a recording refused while stored adds one
  const warnings = (): ImportWarning[] =>
    [
      ...fileWarnings,
      ...toImport.flatMap(({ line, warnings }) => warnings.map((message) => ({ line, message }))),
    ].slice(0, IMPORT_MAX_LISTED);
  const report = {
    format: format.name,
    rows,
    duplicates,
    rejected: rejections.listed,
    rejectedSummary: rejections.summary(),
    warnings: warnings(),
  };

  if (rejections.count > 0 && onInvalid === 'abort') {
    return {
      status: 422,
      body: {
        message: `${rowsWord(rejections.count)} could not be imported; nothing was imported`,
        ...report,
        imported: 0,
        outings: 0,
        unusual: [],
      },
    };
  }
  if (dryRun) {
    const unusual = await previewUnusual(db, toImport);
    return {
      status: 200,
      body: { ...report, imported: toImport.length, outings: newOutings.missing.length, unusual },
    };
  }
  const stored = archive ? await storeFiles(bring, archive) : [];
  let made: string[];
  let madeOutings: string[] = [];
  try {
    madeOutings = await writeOutings(db, userId, toImport, newOutings);
    made = await writeInBatches(db, userId, toImport);
  } catch (error) {
    await deleteImportedOutings(db, userId, madeOutings);
    await archive?.release(stored);
    throw error;
  }
  const imported = made.length;
  // Files of rows another import made meanwhile belong to no log: they go again.
  if (archive && imported < toImport.length) await archive.release(stored);
  // Another import of the same records may have made some of them meanwhile.
  const late = toImport.length - imported;
  return {
    status: 201,
    body: {
      ...report,
      warnings: warnings(),
      imported,
      duplicates: duplicates + late,
      outings: madeOutings.length,
      unusual: await madeUnusual(db, userId, made),
    },
  };
}
