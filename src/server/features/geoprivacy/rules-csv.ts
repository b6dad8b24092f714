import { parse } from 'csv-parse/sync';
import {
  SENSITIVE_CSV_COLUMNS,
  sensitiveTaxonWriteSchema,
  type SensitiveImportResult,
} from '../../../common/sensitive-taxa.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http-error.js';
import { relevelLogs, upsertRule, type RuleKey } from './rules.js';

// The admin's CSV of sensitive taxa: a header row, then one rule a row (a scientific name or a
// taxon id, the level, and an optional area as GeoJSON text with its name). A row that cannot
// be read is listed with its line and reason; the others are taken. Importing the same file
// again changes nothing.

type Column = keyof typeof SENSITIVE_CSV_COLUMNS;
const headerKey = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Which column of the file holds each field, from the header's names. */
function columnsOf(header: string[]): Partial<Record<Column, number>> {
  const keys = header.map(headerKey);
  const found: Partial<Record<Column, number>> = {};
  for (const [column, names] of Object.entries(SENSITIVE_CSV_COLUMNS) as Array<
    [Column, readonly string[]]
  >) {
    const at = keys.findIndex((key) => names.includes(key));
    if (at >= 0) found[column] = at;
  }
  return found;
}

function readArea(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text; // the schema says what is wrong with it
  }
}

export async function importRulesCsv(db: Db, csv: string): Promise<SensitiveImportResult> {
  let rows: string[][];
  try {
    rows = parse(csv.replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
      delimiter: [',', ';', '\t'],
    }) as string[][];
  } catch (error) {
    throw new HttpError(400, `The file is not a CSV file: ${(error as Error).message}`);
  }
  const [header, ...body] = rows;
  const columns = columnsOf(header ?? []);
  if (columns.level === undefined || (columns.scientificName ?? columns.taxonId) === undefined) {
    throw new HttpError(
      400,
      'The file needs a header row with scientific_name (or taxon_id) and level columns',
    );
  }
  return db.transaction(async (tx) => {
    const result: SensitiveImportResult = { added: 0, updated: 0, unchanged: 0, refused: [] };
    const written: RuleKey[] = [];
    for (const [index, cells] of body.entries()) {
      const refusal = await importRow(tx, cells, columns, written, result);
      if (refusal) result.refused.push({ line: index + 2, message: refusal });
    }
    await relevelLogs(tx, written);
    return result;
  });
}

/** One row of the file: its rule written, or why not. */
async function importRow(
  db: Db,
  cells: string[],
  columns: Partial<Record<Column, number>>,
  written: RuleKey[],
  result: SensitiveImportResult,
): Promise<string | undefined> {
  const cell = (column: Column) => {
    const at = columns[column];
    const value = at === undefined ? undefined : cells[at]?.trim();
    return value || undefined;
  };
  const area = cell('area');
  const parsed = sensitiveTaxonWriteSchema.safeParse({
    scientificName: cell('scientificName'),
    taxonId: cell('taxonId'),
    level: cell('level')?.toLowerCase(),
    area: area === undefined ? undefined : readArea(area),
    areaName: cell('areaName'),
  });
  if (!parsed.success) return parsed.error.issues[0]!.message;
  try {
    const { outcome, key } = await upsertRule(db, parsed.data, false);
    result[outcome] += 1;
    if (outcome !== 'unchanged') written.push(key);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return error.message;
  }
  return undefined;
}
