import { stringify } from 'csv-stringify/sync';
import { spreadsheetText } from '../../../common/data-exchange/export.js';
import {
  LIST_CSV_COLUMNS,
  type ListItem,
  type ListQuery,
  type ListSort,
  type SpeciesList,
} from '../../../common/lists.js';
import { readerLanguage } from '../../../common/taxonomy.js';
import { isKnownTimeZone, type Db } from '../../db/client.js';
import { HttpError } from '../../http-error.js';
import { listSpecies, type ListScope } from './queries.js';

// Rules of the species lists (docs/decisions/011-lists.md): which logs a kind holds, the order,
// and the CSV file.

function scopeOf({ kind, year, place, tz, outingId, captive }: ListQuery): ListScope {
  const outing = { ...(outingId ? { outingId } : {}), captive: captive === 'include' };
  if (kind === 'year' && year !== undefined) return { kind, year, tz, ...outing };
  if (kind === 'place' && place !== undefined) return { kind, place, ...outing };
  return { kind: 'life', ...outing };
}

/** first: first seen, oldest first; name: A to Z in the reader's language; count: most individuals. */
function sortItems(items: ListItem[], sort: ListSort, language: string): ListItem[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  const byName = (a: ListItem, b: ListItem) =>
    collator.compare(a.commonName, b.commonName) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  const compare = {
    first: (a: ListItem, b: ListItem) =>
      a.firstObservedAt.localeCompare(b.firstObservedAt) || byName(a, b),
    name: byName,
    count: (a: ListItem, b: ListItem) =>
      b.individuals - a.individuals || b.logs - a.logs || byName(a, b),
  }[sort];
  return items.sort(compare);
}

/** The user's list of the kind, sorted; 400 for a zone the database does not know. */
export async function getSpeciesList(
  db: Db,
  userId: string,
  query: ListQuery,
  acceptLanguage: string | undefined,
): Promise<SpeciesList> {
  if (query.kind === 'year' && !(await isKnownTimeZone(db, query.tz))) {
    throw new HttpError(400, 'Unknown time zone');
  }
  const language = readerLanguage(acceptLanguage);
  const rows = await listSpecies(db, userId, scopeOf(query), language);
  const items = sortItems(rows, query.sort, language);
  const total = items.filter((item) => item.countsAsSpecies).length;
  return { items, total, otherTaxa: items.length - total };
}

/** Names are free text: a spreadsheet must not run one (as the export writes them). */
const asText = (value: string | null) => (value === null ? null : spreadsheetText(value));

/**
 * The list as CSV: RFC 4180 (CRLF, quoted when needed), UTF-8 with a byte order mark. Its species
 * only, as eBird's download: the entries that count as none stay on the page.
 */
export function listCsv({ items }: SpeciesList): string {
  const records = items
    .filter((item) => item.countsAsSpecies)
    .map((item) => [
      asText(item.commonName),
      asText(item.scientificName),
      item.taxonId,
      item.firstObservedAt,
      item.lastObservedAt,
      item.logs,
      item.individuals,
      item.firstLogId,
    ]);
  return stringify(records, {
    columns: [...LIST_CSV_COLUMNS],
    header: true,
    bom: true,
    record_delimiter: 'windows',
    quoted_match: /[\r\n]/,
  });
}

/** The file's name: life-list.csv, year-list-2025.csv, place-list.csv. */
export const listFilename = ({ kind, year }: ListQuery) =>
  kind === 'year' ? `year-list-${year}.csv` : `${kind}-list.csv`;
