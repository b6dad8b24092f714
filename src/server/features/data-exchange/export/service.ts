import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import {
  EXPORT_CSV_COLUMNS,
  FORMULA_START,
  type ExportQuery,
} from '../../../../common/data-exchange/export.js';
import type { GeoJsonExportQuery } from '../../../../common/maps/geo.js';
import { isKnownTimeZone, type Db, type StreamRows } from '../../../db/client.js';
import { HttpError } from '../../../http-error.js';
import { findOwner, readExportBatches, type ExportRow } from './queries.js';

// Rules of the export (ARCHITECTURE "Export"): one CSV row (or GeoJSON feature) per log,
// streamed a batch of rows at a time (one chunk each), never held whole.

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

export interface FileExport {
  filename: string;
  body: Readable;
}

/**
 * The batches as a stream of `encode`d chunks. The first batch is read before returning, so a
 * failing query still reaches the error handler instead of breaking off a response under way.
 */
async function encodeBatches(
  batches: AsyncGenerator<ExportRow[]>,
  encode: (batches: AsyncIterable<ExportRow[]>) => AsyncIterable<string>,
): Promise<Readable> {
  const first = await batches.next();
  async function* all() {
    if (first.done) return;
    yield first.value;
    yield* batches;
  }
  const body = Readable.from(encode(all()));
  // Also when the body closes before all() started: the first read already opened the cursor.
  body.once('close', () => void batches.return(undefined).catch(() => {}));
  return body;
}

async function checkTimeZone(db: Db, tz: string) {
  if (!(await isKnownTimeZone(db, tz))) throw new HttpError(400, 'Unknown time zone');
}

/** Starts the CSV export (Darwin Core terms with `format=dwc`). */
export async function startExport(
  db: Db,
  streamRows: StreamRows | null,
  userId: string,
  query: ExportQuery,
  origin: string,
): Promise<FileExport> {
  await checkTimeZone(db, query.tz);
  const { format, tz, ...filters } = query;
  const dwc =
    format === 'dwc' ? { origin, recordedBy: ownerName(await findOwner(db, userId)) } : null;
  const toRecord = (row: ExportRow) => (dwc ? dwcRecord(row, dwc) : csvRecord(row));
  const options = {
    columns: dwc ? dwcHeaders : EXPORT_CSV_COLUMNS,
    record_delimiter: 'windows', // RFC 4180: CRLF
  } as const;
  async function* csv(batches: AsyncIterable<ExportRow[]>) {
    let first = true; // the byte order mark and the header open the file, even an empty one
    for await (const batch of batches) {
      yield stringify(batch.map(toRecord), { ...options, bom: first, header: first });
      first = false;
    }
    if (first) yield stringify([], { ...options, bom: true, header: true });
  }
  const batches = readExportBatches(db, streamRows, userId, filters, tz);
  return {
    filename: `sightings-${dwc ? 'dwc-' : ''}${today(tz)}.csv`,
    body: await encodeBatches(batches, csv),
  };
}

/** A log with coordinates as a GeoJSON feature (RFC 7946: longitude first). */
const geoJsonFeature = (row: ExportRow) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [row.longitude, row.latitude] },
  properties: {
    id: row.id,
    observedAt: row.observedAt,
    speciesCommon: row.speciesCommon,
    speciesScientific: row.speciesScientific,
    count: row.count,
    placeName: row.placeName,
    description: row.description,
    notes: row.notes,
    isPublic: row.isPublic,
    photoUrls: row.photoUrls,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  },
});

async function* featureCollection(batches: AsyncIterable<ExportRow[]>) {
  yield '{"type":"FeatureCollection","features":[';
  let separator = '';
  for await (const batch of batches) {
    yield separator + batch.map((row) => JSON.stringify(geoJsonFeature(row))).join(',');
    separator = ',';
  }
  yield ']}';
}

/** Starts the GeoJSON export: the matching logs that have coordinates, newest first. */
export async function startGeoJsonExport(
  db: Db,
  streamRows: StreamRows | null,
  userId: string,
  { tz, ...filters }: GeoJsonExportQuery,
): Promise<FileExport> {
  await checkTimeZone(db, tz);
  const batches = readExportBatches(db, streamRows, userId, filters, tz, { located: true });
  return {
    filename: `sightings-${today(tz)}.geojson`,
    body: await encodeBatches(batches, featureCollection),
  };
}
