import { isUtf8 } from 'node:buffer';
import Papa from 'papaparse';
import { IMPORT_MAX_ROWS } from '../../../../common/data-exchange/import.js';
import { HttpError } from '../../../http-error.js';

// A CSV file read into records, pausing every few thousand records so that a 20 MB file does
// not hold the event loop: other users' requests are served in between. (Papa Parse reads rows
// of any length without complaint, 15× faster than csv-parse on eBird's short rows.)

export interface CsvRecord {
  cells: string[];
  /** Where the record begins: 1-based, counting the lines inside quoted cells. */
  line: number;
}

const RECORDS_BETWEEN_PAUSES = 2000;

export const tooManyRows = () =>
  new HttpError(
    413,
    `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en')} rows: split it into smaller files`,
  );

/**
 * The file's records, header first, blank ones left out (an empty line, or a row of empty
 * cells). A file of more than IMPORT_MAX_ROWS data records is refused whole (413).
 */
export function readRecords(file: Buffer): Promise<CsvRecord[]> {
  if (!isUtf8(file)) throw new HttpError(400, 'The file is not UTF-8 text: save it as CSV UTF-8');
  const text = file.toString('utf8').replace(/^\uFEFF/, '');
  const newline = text.includes('\n') ? 0x0a : 0x0d;
  return new Promise((resolve, reject) => {
    const records: CsvRecord[] = [];
    let line = 1;
    let at = 0; // where the current record begins: the previous one's end, its newline included
    // After a pause Papa Parse resumes on the text not yet read, and its cursor counts from there.
    let resumedAt = 0;
    let sincePause = 0;
    let failed = false;
    const fail = (parser: Papa.Parser, error: HttpError) => {
      failed = true;
      parser.abort();
      reject(error);
    };
    Papa.parse<string[]>(text, {
      delimiter: ',',
      skipEmptyLines: false,
      step(result, parser) {
        if (failed) return;
        const error = result.errors[0];
        if (error) {
          const where = error.row === undefined ? '' : ` (the record at line ${line})`;
          return fail(
            parser,
            new HttpError(400, `The file is not valid CSV: ${error.message}${where}`),
          );
        }
        const cells = result.data;
        if (cells.some((cell) => cell.trim() !== '')) {
          records.push({ cells, line });
          if (records.length > IMPORT_MAX_ROWS + 1) return fail(parser, tooManyRows());
        }
        for (const end = resumedAt + result.meta.cursor; at < end; at += 1) {
          if (text.charCodeAt(at) === newline) line += 1;
        }
        if (++sincePause >= RECORDS_BETWEEN_PAUSES) {
          sincePause = 0;
          resumedAt = at;
          parser.pause();
          setImmediate(() => parser.resume());
        }
      },
      complete: () => {
        if (!failed) resolve(records);
      },
    });
  });
}
