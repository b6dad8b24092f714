import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { z } from 'zod';
import {
  IMPORT_MAX_LISTED,
  IMPORT_SUMMARY_LINES,
  type ImportInvalidMode,
  type ImportRefusal,
  type ImportRejection,
  type ImportRejectionGroup,
  type ImportResult,
  type ImportWarning,
} from '../../../../common/data-exchange/import.js';
import { logWriteSchema } from '../../../../common/logs/schemas.js';
import { uploadIdIn } from '../../../../common/photos.js';
import type { Db } from '../../../db/client.js';
import { HttpError } from '../../../http-error.js';
import {
  createImportedLogs,
  deleteImportedLogs,
  findImportedSources,
  type ImportedLog,
} from '../../logs/index.js';
import { csvFormats, type CsvFormat } from './formats.js';
import { readRecords } from './read-csv.js';

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
const FIRST_BATCH_ROWS = 100;
const MAX_BATCH_ROWS = 1000;
/** Rows read between two yields to the event loop. */
const ROWS_BETWEEN_YIELDS = 500;
/** Source keys looked up a query. */
const LOOKUP_KEYS = 500;

/**
 * Leaves the database to other requests for as long as the import just held it (at least a
 * turn of the event loop): the queries queued meanwhile run, and so do the ones that follow
 * them in the same request, before the import's next statement.
 */
const giveWay = (heldMs: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(heldMs, 1), 200)));

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
}

/**
 * The photos of an account archive, and where the importing user's copies go: the route joins
 * the zip (read-archive.ts) and the photos feature.
 */
export interface ArchivePhotos {
  /** The size of the photo the archive holds for an upload id of its CSV, if it holds one. */
  sizeOf(uploadId: string): number | undefined;
  read(uploadId: string): Promise<Buffer>;
  /** 413 unless this many bytes more fit in the user's storage. */
  assertRoom(bytes: number): Promise<void>;
  /** Stores the bytes as a new photo of the user, with its derivatives: its object path. */
  store(bytes: Buffer): Promise<string>;
  /** Takes back photos stored for an import that then failed. */
  release(objectPaths: string[]): Promise<void>;
}

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

/** The file's valid rows and its rejections, read a slice at a time. */
async function readRows(file: Buffer) {
  const [header, ...records] = await readRecords(file);
  if (!header || records.length === 0) throw new HttpError(400, 'The file has no rows');
  const columns = header.cells.map((cell) => cell.trim());
  const format = csvFormats.find((candidate) => candidate.matches(columns));
  if (!format) throw new HttpError(400, UNRECOGNISED);
  const position = new Map(columns.map((column, index) => [column, index] as const).reverse());

  const valid: ValidRow[] = [];
  const rejections = new Rejections();
  for (const [index, { cells, line }] of records.entries()) {
    if (index % ROWS_BETWEEN_YIELDS === ROWS_BETWEEN_YIELDS - 1) await yieldToOthers();
    // Spreadsheets and eBird leave out trailing empty cells: a short row reads as padded.
    const extra = cells.slice(columns.length);
    if (extra.some((cell) => cell.trim() !== '')) {
      rejections.add(line, `Expected ${columns.length} cells, found ${cells.length}`);
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
    valid.push({
      line,
      payload: parsed.data,
      sourceKey: read.sourceKey,
      warnings: read.warnings,
      ...(read.logId ? { logId: read.logId } : {}),
      ...(read.uploadedPhotos ? { uploadedPhotos: read.uploadedPhotos } : {}),
    });
  }
  return { format, rows: records.length, valid, rejections };
}

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
    );
    for (const row of batch) {
      const imported = row.sourceKey !== null && known.sourceKeys.has(row.sourceKey);
      const own = row.logId !== undefined && known.ids.has(row.logId);
      if (!imported && !own) fresh.push(row);
    }
    await giveWay(performance.now() - began);
  }
  return { rows: fresh, duplicates: rows.length - fresh.length };
}

/**
 * Writes the rows a batch at a time, each batch its own transaction of about BATCH_TARGET_MS,
 * giving way to other requests between batches. When a batch fails, the batches before it are
 * deleted again: the import adds all its rows or none. Returns how many logs were made (fewer
 * than the rows when another import made some first).
 */
async function writeInBatches(db: Db, userId: string, rows: ValidRow[]): Promise<number> {
  const made: string[] = [];
  let size = FIRST_BATCH_ROWS;
  try {
    for (let start = 0; start < rows.length;) {
      const batch = rows.slice(start, start + size);
      start += batch.length;
      const began = performance.now();
      made.push(...(await createImportedLogs(db, userId, batch)));
      const took = performance.now() - began;
      await giveWay(took);
      const fitting = Math.round((batch.length * BATCH_TARGET_MS) / Math.max(took, 1));
      size = Math.min(MAX_BATCH_ROWS, Math.max(10, fitting, Math.round(size / 2)));
    }
  } catch (error) {
    await deleteImportedLogs(db, userId, made);
    throw error;
  }
  return made.length;
}

const rowsWord = (count: number) => (count === 1 ? '1 row' : `${count.toLocaleString('en')} rows`);

/**
 * Which uploaded photos of each row come along: those the archive holds. The others are left
 * out, with a warning on the row.
 */
function photosToBring(rows: ValidRow[], archive: ArchivePhotos | undefined) {
  const bring = new Map<ValidRow, string[]>();
  for (const row of rows) {
    const uploaded = row.uploadedPhotos ?? [];
    const held = uploaded.filter((path) => {
      const id = uploadIdIn(path);
      return id !== undefined && archive?.sizeOf(id) !== undefined;
    });
    const missing = uploaded.filter((path) => !held.includes(path));
    if (missing.length > 0) {
      row.warnings.push(
        archive
          ? `Photos missing from the archive: ${missing.length} left out (${missing.join(' ')})`
          : `Uploaded photos cannot be imported: ${missing.length} left out (${missing.join(' ')})`,
      );
    }
    if (held.length > 0) bring.set(row, held);
  }
  return bring;
}

/**
 * Stores the archive's photos of the rows anew, one at a time, within the user's quota, and
 * points the rows' payloads at the copies. Returns the object paths stored.
 */
async function storePhotos(bring: Map<ValidRow, string[]>, archive: ArchivePhotos) {
  const ids = [...bring.values()].flat().map((path) => uploadIdIn(path)!);
  await archive.assertRoom(ids.reduce((sum, id) => sum + (archive.sizeOf(id) ?? 0), 0));
  const stored: string[] = [];
  try {
    for (const [row, paths] of bring) {
      const copies: string[] = [];
      for (const path of paths) {
        const copy = await archive.store(await archive.read(uploadIdIn(path)!));
        stored.push(copy);
        copies.push(copy);
      }
      row.payload = { ...row.payload, uploadedPhotoUrls: copies };
    }
  } catch (error) {
    await archive.release(stored);
    throw error;
  }
  return stored;
}

/**
 * Imports a CSV file; with `archive` (an account archive's photos) the uploaded photos its rows
 * name come along, stored anew as the importing user's.
 */
export async function importCsv(
  db: Db,
  userId: string,
  file: Buffer,
  { dryRun, onInvalid }: ImportOptions,
  archive?: ArchivePhotos,
): Promise<ImportOutcome> {
  const { format, rows, valid, rejections } = await readRows(file);
  const { rows: toImport, duplicates } = await withoutDuplicates(db, userId, format, valid);
  const bring = photosToBring(toImport, archive);
  const warnings: ImportWarning[] = toImport
    .flatMap(({ line, warnings }) => warnings.map((message) => ({ line, message })))
    .slice(0, IMPORT_MAX_LISTED);
  const report = {
    format: format.name,
    rows,
    duplicates,
    rejected: rejections.listed,
    rejectedSummary: rejections.summary(),
    warnings,
  };

  if (rejections.count > 0 && onInvalid === 'abort') {
    return {
      status: 422,
      body: {
        message: `${rowsWord(rejections.count)} could not be imported; nothing was imported`,
        ...report,
        imported: 0,
      },
    };
  }
  if (dryRun) return { status: 200, body: { ...report, imported: toImport.length } };
  const stored = archive ? await storePhotos(bring, archive) : [];
  let imported: number;
  try {
    imported = await writeInBatches(db, userId, toImport);
  } catch (error) {
    await archive?.release(stored);
    throw error;
  }
  // Photos of rows another import made meanwhile belong to no log: they go again.
  if (archive && imported < toImport.length) await archive.release(stored);
  // Another import of the same records may have made some of them meanwhile.
  const late = toImport.length - imported;
  return { status: 201, body: { ...report, imported, duplicates: duplicates + late } };
}
