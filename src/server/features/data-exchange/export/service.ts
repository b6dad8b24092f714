import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { ExportQuery } from '../../../../common/data-exchange/export.js';
import type { GeoJsonExportQuery } from '../../../../common/maps/geo.js';
import { isKnownTimeZone, type Db, type StreamRows } from '../../../db/client.js';
import { HttpError } from '../../../http-error.js';
import { streamFeatureCollection } from '../../maps/index.js';
import { csvLayout, darwinCoreLayout } from './columns.js';
import { findOwner, readExportFeatures, readExportRows, type ExportRow } from './queries.js';

// Rules of the export (ARCHITECTURE "Export"): one CSV row (or GeoJSON feature) per log,
// streamed a batch of rows at a time (one chunk each), never held whole.

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
async function encodeBatches<Row>(
  batches: AsyncGenerator<Row[]>,
  encode: (batches: AsyncIterable<Row[]>) => AsyncIterable<string>,
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
  const dwc = format === 'dwc';
  const layout = dwc ? darwinCoreLayout : csvLayout;
  const context = { origin, recordedBy: dwc ? ownerName(await findOwner(db, userId)) : '' };
  const options = {
    columns: layout.headers,
    record_delimiter: 'windows', // RFC 4180: CRLF
  } as const;
  async function* csv(batches: AsyncIterable<ExportRow[]>) {
    let first = true; // the byte order mark and the header open the file, even an empty one
    for await (const batch of batches) {
      const records = batch.map((row) => layout.record(row, context));
      yield stringify(records, { ...options, bom: first, header: first });
      first = false;
    }
    if (first) yield stringify([], { ...options, bom: true, header: true });
  }
  const batches = readExportRows(db, streamRows, userId, filters, tz);
  return {
    filename: `sightings-${dwc ? 'dwc-' : ''}${today(tz)}.csv`,
    body: await encodeBatches(batches, csv),
  };
}

/** Starts the GeoJSON export: the matching logs that have coordinates, newest first. */
export async function startGeoJsonExport(
  db: Db,
  streamRows: StreamRows | null,
  userId: string,
  { tz, ...filters }: GeoJsonExportQuery,
): Promise<FileExport> {
  await checkTimeZone(db, tz);
  const batches = readExportFeatures(db, streamRows, userId, filters, tz);
  async function* features(batches: AsyncIterable<Array<{ feature: string }>>) {
    for await (const batch of batches) yield batch.map((row) => row.feature).join(',');
  }
  return {
    filename: `sightings-${today(tz)}.geojson`,
    body: await encodeBatches(batches, (batches) => streamFeatureCollection(features(batches))),
  };
}
