import { Readable } from 'node:stream';
import { and, sql, type SQL } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { LogFilters } from '../../../common/logs/schemas.js';
import { EBIRD_FILE_MAX_BYTES } from '../../../common/outings/ebird-record.js';
import { readInBatches } from '../../db/batches.js';
import { isoUtc, type Db, type StreamRows } from '../../db/client.js';
import { logs, outings, taxa } from '../../db/schema.js';
import { logFilterWhere } from '../logs/index.js';
import { ebirdCsv, record, type RecordLog, type RecordOuting } from './ebird-record.js';

// Every log matching the list's filters in eBird's Record Format, checklist by checklist, read
// a batch at a time. Up to eBird's 1 MB a file it is one CSV; beyond, a zip of files within the
// limit (ebird-1.csv, ebird-2.csv…), none splitting a checklist: eBird makes the rows sharing a
// place, date, start time and effort one checklist, and in this order they follow each other.

const BATCH_SIZE = 2000;

/** Logs of no outing sort after every outing starting the same instant, as NULLS LAST did. */
const NO_OUTING = sql`'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid`;
const sortAt = sql`coalesce(${outings.startedAt}, ${logs.observedAt})`;
const sortOuting = sql`coalesce(${logs.outingId}, ${NO_OUTING})`;

/** A record's row: the log, its outing's fields (nulls without one), and where the next page starts. */
interface RecordRow {
  id: string;
  sortAt: string;
  sortOuting: string;
  cursorAt: string;
  cursorCreatedAt: string;
  log: Omit<RecordLog, 'observedAt'> & { observedAt: string };
  outing: (Omit<RecordOuting, 'startedAt'> & { startedAt: string }) | null;
}

const logFields = sql`json_build_object('speciesCommon', ${logs.speciesCommon},
  'speciesScientific', ${logs.speciesScientific}, 'taxonScientific', ${taxa.scientificName},
  'count', ${logs.count}, 'observedAt', ${isoUtc(logs.observedAt)}, 'timeZone', ${logs.timeZone},
  'timeKnown', ${logs.timeKnown}, 'placeName', ${logs.placeName}, 'latitude', ${logs.latitude},
  'longitude', ${logs.longitude}, 'description', ${logs.description}, 'notes', ${logs.notes},
  'stateProvince', ${logs.stateProvince}, 'countryCode', ${logs.countryCode},
  'breedingCode', ${logs.breedingCode})`;
const outingFields = sql`CASE WHEN ${outings.id} IS NOT NULL THEN json_build_object(
  'startedAt', ${isoUtc(outings.startedAt)}, 'timeZone', ${outings.timeZone},
  'placeName', ${outings.placeName}, 'latitude', ${outings.latitude},
  'longitude', ${outings.longitude}, 'protocol', ${outings.protocol},
  'partySize', ${outings.partySize}, 'durationMinutes', ${outings.durationMinutes},
  'distanceKm', ${outings.distanceKm}, 'complete', ${outings.complete},
  'notes', ${outings.notes}, 'stateProvince', ${outings.stateProvince},
  'countryCode', ${outings.countryCode}) END`;

/** The records in checklist order: by the outing's start (the log's time without one). */
function selectRecords(where: SQL | undefined, after?: RecordRow, limit?: number): SQL {
  const order = sql`${sortAt}, ${sortOuting}, ${logs.observedAt}, ${logs.createdAt}, ${logs.id}`;
  const following = after
    ? sql`(${order}) > (${after.sortAt}::timestamptz, ${after.sortOuting}::uuid,
        ${after.cursorAt}::timestamptz, ${after.cursorCreatedAt}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return sql`
    SELECT ${logs.id} AS "id", ${isoUtc(sortAt, 'US')} AS "sortAt",
      ${sortOuting}::text AS "sortOuting", ${isoUtc(logs.observedAt, 'US')} AS "cursorAt",
      ${isoUtc(logs.createdAt, 'US')} AS "cursorCreatedAt",
      ${logFields} AS "log", ${outingFields} AS "outing"
    FROM ${logs} LEFT JOIN ${taxa} ON ${taxa.id} = ${logs.taxonId}
      LEFT JOIN ${outings} ON ${outings.id} = ${logs.outingId}
    WHERE ${and(where, following)}
    ORDER BY ${order}
    ${limit ? sql`LIMIT ${limit}` : sql.empty()}`;
}

/** The rows of a checklist follow each other, all starting within one minute: never split. */
const checklistOf = (row: RecordRow) => row.sortAt.slice(0, 16); // YYYY-MM-DDTHH:MM, UTC

const lineOf = ({ log, outing }: RecordRow) =>
  ebirdCsv([
    record(
      { ...log, observedAt: new Date(log.observedAt) },
      outing && { ...outing, startedAt: new Date(outing.startedAt) },
    ),
  ]);

interface EbirdFile {
  text: string;
  /** False when another file follows. */
  last: boolean;
}

/**
 * The records as files of at most EBIRD_FILE_MAX_BYTES, whole checklists each (one checklist
 * larger than that, which eBird could not take in any file, is a file of its own).
 */
async function* ebirdFiles(batches: AsyncIterable<RecordRow[]>): AsyncGenerator<EbirdFile> {
  let file = '';
  let fileBytes = 0;
  let checklist = '';
  let checklistBytes = 0;
  let current: string | undefined;
  for await (const batch of batches) {
    for (const row of batch) {
      if (checklistOf(row) !== current) {
        if (fileBytes > 0 && fileBytes + checklistBytes > EBIRD_FILE_MAX_BYTES) {
          yield { text: file, last: false };
          [file, fileBytes] = ['', 0];
        }
        [file, fileBytes] = [file + checklist, fileBytes + checklistBytes];
        [checklist, checklistBytes, current] = ['', 0, checklistOf(row)];
      }
      const line = lineOf(row);
      checklist += line;
      checklistBytes += Buffer.byteLength(line);
    }
  }
  if (fileBytes > 0 && fileBytes + checklistBytes > EBIRD_FILE_MAX_BYTES) {
    yield { text: file, last: false };
    file = '';
  }
  yield { text: file + checklist, last: true };
}

export interface EbirdExport {
  filename: string;
  type: string;
  body: Readable;
}

/**
 * Starts the account's eBird export: one CSV up to eBird's limit, else a zip of files within it,
 * written while the next is read. The first file is read before returning, so a failing query
 * still reaches the error handler instead of breaking off a reply under way.
 */
export async function startEbirdExport(
  db: Db,
  streamRows: StreamRows | null,
  userId: string,
  filters: LogFilters,
): Promise<EbirdExport> {
  const where = logFilterWhere(userId, filters);
  const files = ebirdFiles(
    readInBatches<RecordRow>(
      db,
      streamRows,
      (after, limit) => selectRecords(where, after, limit),
      BATCH_SIZE,
    ),
  );
  const first = await files.next();
  if (first.done || first.value.last) {
    const text = first.done ? '' : first.value.text;
    return {
      filename: 'ebird-records.csv',
      type: 'text/csv; charset=utf-8',
      body: Readable.from([text]),
    };
  }
  const zip = new ZipFile();
  const body = zip.outputStream as Readable;
  const failed = (error: Error) => body.destroy(error);
  const add = (index: number, { text, last }: EbirdFile) =>
    zip.addReadStreamLazy(`ebird-${index}.csv`, (done) => {
      done(null, Readable.from([Buffer.from(text)]));
      if (last) return zip.end();
      files.next().then((next) => (next.done ? zip.end() : add(index + 1, next.value)), failed);
    });
  add(1, first.value);
  zip.once('error', failed);
  // a client gone mid-export: the reading stops and its cursor closes
  body.once('close', () => void files.return(undefined).catch(() => {}));
  return { filename: 'ebird-records.zip', type: 'application/zip', body };
}
