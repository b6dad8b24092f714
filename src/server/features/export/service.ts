import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { EXPORT_CSV_COLUMNS, FORMULA_START, type ExportQuery } from '../../../common/export.js';
import type { Db, StreamRows } from '../../db/client.js';
import { isKnownTimeZone } from '../../db/time-zones.js';
import { HttpError } from '../../http-error.js';
import { findOwner, readExportRows, type ExportRow } from './queries.js';

// Rules of the export (ARCHITECTURE "Export"): one CSV row per log, streamed, never held whole.

const dwcHeaders = [
  'occurrenceID',
  'basisOfRecord',
  'eventDate',
  'scientificName',
  'vernacularName',
  'individualCount',
  'decimalLatitude',
  'decimalLongitude',
  'geodeticDatum',
  'locality',
  'occurrenceRemarks',
  'associatedMedia',
  'recordedBy',
  'modified',
];

const text = (value: string | null) =>
  value === null ? '' : FORMULA_START.test(value) ? `'${value}` : value;
const number = (value: number | null) => (value === null ? '' : String(value));

const csvRecord = (row: ExportRow) => [
  row.id,
  row.observedAt,
  text(row.speciesCommon),
  text(row.speciesScientific),
  number(row.count),
  text(row.placeName),
  number(row.latitude),
  number(row.longitude),
  text(row.description),
  text(row.notes),
  String(row.isPublic),
  row.photoUrls.join(' '),
  row.createdAt,
  row.updatedAt,
];

interface DwcContext {
  origin: string; // uploaded photos are paths on this server
  recordedBy: string;
}

const dwcRecord = (row: ExportRow, { origin, recordedBy }: DwcContext) => [
  `urn:uuid:${row.id}`,
  'HumanObservation',
  row.observedAt,
  text(row.speciesScientific),
  text(row.speciesCommon),
  number(row.count),
  number(row.latitude),
  number(row.longitude),
  row.latitude === null ? '' : 'WGS84',
  text(row.placeName),
  text([row.description, row.notes].filter(Boolean).join(' | ') || null),
  // A private log's photos stay private: only public logs list them.
  row.isPublic
    ? row.photoUrls.map((url) => (url.startsWith('/') ? `${origin}${url}` : url)).join(' | ')
    : '',
  text(recordedBy),
  row.updatedAt,
];

function ownerName(owner: Awaited<ReturnType<typeof findOwner>>): string {
  const name = [owner?.firstName, owner?.lastName].filter(Boolean).join(' ').trim();
  return name || owner?.email || '';
}

/** Today as the calendar reads in `tz`, YYYY-MM-DD ('en-CA' writes dates that way). */
const today = (tz: string) => new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());

export interface CsvExport {
  filename: string;
  body: Readable;
}

/**
 * Starts the export. The first row is read before returning, so a failing query still
 * reaches the error handler instead of breaking off a response already under way.
 */
export async function startExport(
  db: Db,
  streamRows: StreamRows | null,
  userId: string,
  query: ExportQuery,
  origin: string,
): Promise<CsvExport> {
  if (!(await isKnownTimeZone(db, query.tz))) throw new HttpError(400, 'Unknown time zone');
  const { format, tz, ...filters } = query;
  const dwc =
    format === 'dwc' ? { origin, recordedBy: ownerName(await findOwner(db, userId)) } : null;
  const toRecord = (row: ExportRow) => (dwc ? dwcRecord(row, dwc) : csvRecord(row));

  const rows = readExportRows(db, streamRows, userId, filters, tz);
  const first = await rows.next();
  async function* records() {
    if (first.done) return;
    yield toRecord(first.value);
    for await (const row of rows) yield toRecord(row);
  }
  const csv = stringify({
    bom: true,
    header: true,
    columns: dwc ? dwcHeaders : EXPORT_CSV_COLUMNS,
    record_delimiter: 'windows', // RFC 4180: CRLF
  });
  // pipeline, not pipe: a destroyed response destroys the source too, closing the cursor.
  // Its error needs no handling here: Fastify ends the response and logs it.
  const body = pipeline(Readable.from(records()), csv, () => {});
  // Also when the body closes before records() started: the first read already opened the cursor.
  body.once('close', () => void rows.return(undefined).catch(() => {}));
  return { filename: `sightings-${dwc ? 'dwc-' : ''}${today(tz)}.csv`, body };
}
