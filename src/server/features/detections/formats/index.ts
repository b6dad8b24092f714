import { parse } from 'csv-parse/sync';
import { DETECTION_TEXTS, type DetectionFormatName } from '../../../../common/detections.js';
import { birdnetAnalyzerCsv } from './birdnet-analyzer-csv.js';
import { birdnetAnalyzerTable } from './birdnet-analyzer-table.js';
import { birdnetGo } from './birdnet-go.js';
import { birdnetPi } from './birdnet-pi.js';
import type { DetectionFormat, DetectionRow, ReadContext } from './detection-format.js';

export type { Cells, DetectionFormat, DetectionRow, ReadContext } from './detection-format.js';
export { groupDetections, type DetectionGroup, type GroupedDetections } from './group.js';
export { speciesKeyOf } from './cells.js';

/** In the order they are tried: BirdNET-Go's CSV before BirdNET-Analyzer's, whose header it shares. */
export const DETECTION_FORMATS: readonly DetectionFormat[] = [
  birdnetPi,
  birdnetGo,
  birdnetAnalyzerCsv,
  birdnetAnalyzerTable,
];

export class DetectionFileError extends Error {}

export interface DetectionsRead {
  format: DetectionFormatName;
  rows: DetectionRow[];
  /** 1-based lines of the file, the header being line 1. */
  rejected: { line: number; reason: string }[];
  /** Rows whose key an earlier row of the same file had (the same detection written twice). */
  repeated: number;
}

interface Parsed {
  header: string[];
  records: { cells: string[]; line: number }[];
}

/** Tabs for Raven tables, ';' for BirdDB.txt and older CSVs, else ','. */
function delimiterOf(text: string): string {
  const first = text.split(/\r?\n|\r/, 1)[0] ?? '';
  if (first.includes('\t')) return '\t';
  return (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ';' : ',';
}

function parseText(text: string): Parsed {
  const body = text.replace(/^\uFEFF/, '');
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    // with info, each record comes with where it ends (types for it only come with columns)
    rows = parse(body, {
      delimiter: delimiterOf(body),
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }) as unknown as typeof rows;
  } catch (error) {
    throw new DetectionFileError(`The file is not readable as CSV: ${(error as Error).message}`);
  }
  const [head, ...records] = rows;
  return {
    header: (head?.record ?? []).map((column) => column.trim()),
    records: records.map(({ record, info }) => ({ cells: record, line: info.lines })),
  };
}

const formatOf = ({ header, records }: Parsed) =>
  DETECTION_FORMATS.find((format) => format.detect(header, records[0]?.cells));

/** The format of a detection file's text, if it is one we read. */
export const detectFormat = (text: string): DetectionFormatName | undefined =>
  formatOf(parseText(text))?.name;

/**
 * A detection file's rows, each read by its format; rows it cannot use are rejected with the
 * reason, and a row written twice is kept once. Throws DetectionFileError for a file that is
 * no detection file.
 */
export function readDetections(text: string, context: ReadContext = {}): DetectionsRead {
  const parsed = parseText(text);
  const format = formatOf(parsed);
  if (!format) throw new DetectionFileError(DETECTION_TEXTS.unknownFormat);
  const columns = new Map(parsed.header.map((column, index) => [column, index]));
  const rows: DetectionRow[] = [];
  const rejected: DetectionsRead['rejected'] = [];
  const keys = new Set<string>();
  let repeated = 0;
  for (const { cells, line } of parsed.records) {
    const result = format.read((column) => {
      const index = columns.get(column);
      return index === undefined ? '' : (cells[index] ?? '');
    }, context);
    if ('rejection' in result) rejected.push({ line, reason: result.rejection });
    else if (keys.has(result.sourceKey)) repeated += 1;
    else {
      keys.add(result.sourceKey);
      rows.push(result);
    }
  }
  return { format: format.name, rows, rejected, repeated };
}
