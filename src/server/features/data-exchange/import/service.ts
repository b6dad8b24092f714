import { isUtf8 } from 'node:buffer';
import { CsvError, parse } from 'csv-parse/sync';
import type { z } from 'zod';
import {
  IMPORT_MAX_ROWS,
  type ImportRefusal,
  type ImportRejection,
  type ImportResult,
  type ImportWarning,
} from '../../../../common/data-exchange/import.js';
import { logWriteSchema, type LogWritePayload } from '../../../../common/logs/schemas.js';
import type { Db } from '../../../db/client.js';
import { HttpError } from '../../../http-error.js';
import { createLogs } from '../../logs/index.js';
import { csvFormats, type CsvFormat } from './formats.js';

// Rules of the import (issue 5): every row through the log write schema, all rows or none.

const UNRECOGNISED =
  'Unrecognised CSV format: expected a Sightbook export, an iNaturalist observations export or an eBird "My eBird Data" file';

interface CsvRecord {
  cells: string[];
  /** Where the record begins: 1-based, counting the lines inside quoted cells. */
  line: number;
}

/** The file's records, header first; one more than the cap at most, blank records left out. */
function readRecords(file: Buffer): CsvRecord[] {
  if (!isUtf8(file)) throw new HttpError(400, 'The file is not UTF-8 text: save it as CSV UTF-8');
  const ends: Array<{ cells: string[]; end: number }> = [];
  try {
    parse(file, {
      bom: true,
      relax_column_count: true, // a short or long row is that row's fault, reported with its line
      skip_empty_lines: true,
      to: IMPORT_MAX_ROWS + 2,
      on_record: (cells: string[], { bytes }) => void ends.push({ cells, end: bytes }),
    });
  } catch (error) {
    if (error instanceof CsvError)
      throw new HttpError(400, `The file is not valid CSV: ${error.message}`);
    throw error;
  }
  // The parser's own line count is off for CRLF inside quotes: count from byte offsets instead.
  const newline = file.includes(0x0a) ? 0x0a : 0x0d;
  const records: CsvRecord[] = [];
  let line = 1;
  let at = 0;
  let previousEnd = 0;
  for (const { cells, end } of ends) {
    for (; at < previousEnd; at += 1) if (file[at] === newline) line += 1;
    for (; file[at] === 0x0a || file[at] === 0x0d; at += 1) if (file[at] === newline) line += 1;
    previousEnd = end;
    if (cells.some((cell) => cell.trim() !== '')) records.push({ cells, line });
  }
  return records;
}

/** The first message, after the column it concerns when the file has one. */
function reasonOf(error: z.ZodError, format: CsvFormat): string {
  const issue = error.issues[0];
  const field = issue?.path[0];
  const column = typeof field === 'string' ? format.columnOf[field] : undefined;
  const message = issue?.message ?? 'Invalid row';
  return column ? `${column}: ${message}` : message;
}

export type ImportOutcome =
  { status: 201; body: ImportResult } | { status: 422; body: ImportRefusal };

export async function importCsv(db: Db, userId: string, file: Buffer): Promise<ImportOutcome> {
  const [header, ...rows] = readRecords(file);
  if (!header || rows.length === 0) throw new HttpError(400, 'The file has no rows');
  if (rows.length > IMPORT_MAX_ROWS) {
    throw new HttpError(
      400,
      `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en')} rows: split it into smaller files`,
    );
  }
  const columns = header.cells.map((cell) => cell.trim());
  const format = csvFormats.find((candidate) => candidate.matches(columns));
  if (!format) throw new HttpError(400, UNRECOGNISED);
  const position = new Map(columns.map((column, index) => [column, index] as const).reverse());

  const payloads: LogWritePayload[] = [];
  const rejected: ImportRejection[] = [];
  const warnings: ImportWarning[] = [];
  for (const { cells, line } of rows) {
    if (cells.length !== columns.length) {
      rejected.push({ line, reason: `Expected ${columns.length} cells, found ${cells.length}` });
      continue;
    }
    const read = format.read((column) => cells[position.get(column) ?? -1] ?? '');
    const parsed = logWriteSchema.safeParse(read.input);
    if (!parsed.success) {
      rejected.push({ line, reason: reasonOf(parsed.error, format) });
      continue;
    }
    payloads.push(parsed.data);
    warnings.push(...read.warnings.map((message) => ({ line, message })));
  }

  if (rejected.length > 0) {
    const rowsWord = rejected.length === 1 ? '1 row' : `${rejected.length} rows`;
    return {
      status: 422,
      body: {
        message: `${rowsWord} could not be imported; nothing was imported`,
        format: format.name,
        imported: 0,
        rejected,
        warnings,
      },
    };
  }
  const imported = await createLogs(db, userId, payloads);
  return { status: 201, body: { format: format.name, imported, rejected: [], warnings } };
}
