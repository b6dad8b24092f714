import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { ZipFile } from 'yazl';
import type { DwcArchiveQuery, ExportQuery } from '../../../../common/data-exchange/export.js';
import { DEFAULT_DATA_LICENSE } from '../../../../common/data-exchange/licenses.js';
import type { GeoJsonExportQuery } from '../../../../common/maps/geo.js';
import { isKnownTimeZone, type Db, type StreamRows } from '../../../db/client.js';
import { HttpError } from '../../../http-error.js';
import { streamFeatureCollection } from '../../maps/index.js';
import { ARCHIVE_FILES, emlXml, metaXml } from './archive-metadata.js';
import {
  csvLayout,
  darwinCoreLayout,
  multimediaLayout,
  multimediaOf,
  occurrenceLayout,
  type ExportContext,
} from './columns.js';
import {
  countSourced,
  findOwner,
  findRecordingsOfLogs,
  readExportFeatures,
  readExportRows,
  updateDataLicense,
  type ExportRow,
} from './queries.js';

// Rules of the export (ARCHITECTURE "Export"): one CSV row (or GeoJSON feature, or archive
// row) per log, streamed a batch of rows at a time (one chunk each), never held whole.

type Owner = Awaited<ReturnType<typeof findOwner>>;

/** The display name Darwin Core credits: first and last name, never the email ('' without). */
const ownerName = (owner: Owner) =>
  [owner?.firstName, owner?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');

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
  const owner = dwc ? await findOwner(db, userId) : undefined;
  const context: ExportContext = {
    origin,
    recordedBy: ownerName(owner),
    license: owner?.dataLicense ?? DEFAULT_DATA_LICENSE,
    scope: 'all',
    obscuredPlace: owner?.obscuredPlace ?? 'hide',
  };
  const options = {
    columns: layout.headers,
    record_delimiter: 'windows', // RFC 4180: CRLF
    // RFC 4180 quotes a field holding a line break: csv-stringify quotes CRLF, this bare CR or LF
    quoted_match: /[\r\n]/,
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

/** Tab-separated rows, LF after each, as meta.xml declares (archive-metadata.ts). */
const tsv = (rows: string[][]) => rows.map((cells) => `${cells.join('\t')}\n`).join('');

/**
 * Starts the Darwin Core Archive: occurrence.txt (the core), multimedia.txt (public logs'
 * uploaded photos and recordings), eml.xml and meta.xml, zipped as they stream. A `license` is remembered as
 * the account's data licence.
 */
export async function startDwcArchive(
  db: Db,
  streamRows: StreamRows | null,
  userId: string,
  query: DwcArchiveQuery,
  site: { origin: string; appName: string },
): Promise<FileExport> {
  await checkTimeZone(db, query.tz);
  const { tz, scope, license: chosen, sourced: sourcedChoice, ...filters } = query;
  const owner = await findOwner(db, userId);
  if (chosen) await updateDataLicense(db, userId, chosen);
  const license = chosen ?? owner?.dataLicense ?? DEFAULT_DATA_LICENSE;
  const context: ExportContext = {
    origin: site.origin,
    recordedBy: ownerName(owner),
    license,
    scope,
    obscuredPlace: owner?.obscuredPlace ?? 'hide',
  };
  // a public archive leaves out what eBird and iNaturalist publish to GBIF, unless asked
  const publicOnly = scope === 'public';
  const withoutSourced = publicOnly && sourcedChoice !== 'include';
  const sourced = publicOnly ? await countSourced(db, userId, filters, tz) : 0;
  const selection = { publicOnly, withoutSourced };

  let occurrences = 0;
  let inEvents = 0;
  let inCompleteEvents = 0;
  async function* occurrenceText(batches: AsyncIterable<ExportRow[]>) {
    yield tsv([occurrenceLayout.headers as string[]]);
    for await (const batch of batches) {
      occurrences += batch.length;
      for (const row of batch) {
        if (row.outingId === null) continue;
        inEvents += 1;
        if (row.outingComplete) inCompleteEvents += 1;
      }
      yield tsv(batch.map((row) => occurrenceLayout.record(row, context)));
    }
  }
  // the first batch now: a failing query still reaches the error handler as a status
  const occurrence = await encodeBatches(
    readExportRows(db, streamRows, userId, filters, tz, selection),
    occurrenceText,
  );
  // read once occurrence.txt is written (yazl writes one entry after the other)
  async function* multimediaText() {
    yield tsv([multimediaLayout.headers as string[]]);
    const batches = readExportRows(db, streamRows, userId, filters, tz, {
      ...selection,
      withUploadedMedia: true,
    });
    for await (const batch of batches) {
      const shown = batch.filter((row) => row.isPublic).map((row) => row.id);
      const recordings = await findRecordingsOfLogs(db, shown);
      const media = batch.flatMap((row) => multimediaOf(row, recordings.get(row.id)));
      yield tsv(media.map((item) => multimediaLayout.record(item, context)));
    }
  }

  const zip = new ZipFile();
  const body = zip.outputStream as Readable;
  const parts: Readable[] = [occurrence];
  const failed = (error: Error) => body.destroy(error);
  const add = (name: string, open: () => Readable) =>
    zip.addReadStreamLazy(name, (done) => {
      const part = open();
      parts.push(part);
      part.once('error', failed);
      done(null, part);
    });
  add(ARCHIVE_FILES.occurrence, () => occurrence);
  add(ARCHIVE_FILES.multimedia, () => Readable.from(multimediaText()));
  add(ARCHIVE_FILES.eml, () =>
    Readable.from([
      emlXml({
        appName: site.appName,
        userId,
        firstName: owner?.firstName ?? null,
        lastName: owner?.lastName ?? null,
        license,
        scope,
        sourced: sourced === 0 ? null : { count: sourced, included: !withoutSourced },
        occurrences,
        inEvents,
        inCompleteEvents,
        pubDate: today(tz),
      }),
    ]),
  );
  zip.addBuffer(Buffer.from(metaXml()), ARCHIVE_FILES.meta);
  zip.once('error', failed);
  zip.end();
  // a client gone mid-archive: the open parts stop their queries
  body.once('close', () => parts.forEach((part) => part.destroy()));
  return { filename: `sightings-dwca-${today(tz)}.zip`, body };
}
