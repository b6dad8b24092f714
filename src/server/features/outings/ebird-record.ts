import { stringify } from 'csv-stringify/sync';
import { and, asc, eq } from 'drizzle-orm';
import { regionAt } from '../../../common/country.js';
import { spreadsheetText } from '../../../common/data-exchange/export.js';
import {
  EBIRD_PROTOCOL_NAMES,
  KM_PER_MILE,
  UNCOUNTED_NOTE,
} from '../../../common/outings/ebird-record.js';
import { breedingCode } from '../../../common/logs/breeding-codes.js';
import { localIsoAt } from '../../../common/place-time.js';
import type { Db } from '../../db/client.js';
import { logs, outings, taxa, type OutingRow } from '../../db/schema.js';

// Logs in eBird's Record Format (common/outings/ebird-record.ts), for its import tool: a log
// of an outing carries the outing's effort, so the outing becomes one eBird checklist; a log of
// no outing is a checklist of its own, incidental, of one species. The account's records, which
// may need several files, are ebird-export.ts's.

export interface RecordLog {
  speciesCommon: string;
  speciesScientific: string | null;
  taxonScientific: string | null;
  count: number | null;
  observedAt: Date;
  timeZone: string | null;
  timeKnown: boolean;
  placeName: string | null;
  latitude: number | null;
  longitude: number | null;
  description: string | null;
  notes: string | null;
  /** The source's place hierarchy (issue 32): State/Province and Country Code when known. */
  stateProvince: string | null;
  countryCode: string | null;
  breedingCode: string | null;
}

const recordLogColumns = {
  speciesCommon: logs.speciesCommon,
  speciesScientific: logs.speciesScientific,
  taxonScientific: taxa.scientificName,
  count: logs.count,
  observedAt: logs.observedAt,
  timeZone: logs.timeZone,
  timeKnown: logs.timeKnown,
  placeName: logs.placeName,
  latitude: logs.latitude,
  longitude: logs.longitude,
  description: logs.description,
  notes: logs.notes,
  stateProvince: logs.stateProvince,
  countryCode: logs.countryCode,
  breedingCode: logs.breedingCode,
};

/**
 * Free text in a cell: on one line (eBird reads one line a record), and kept from a spreadsheet
 * running it as a formula. Numbers, dates, coordinates and codes are written as they are: eBird
 * reads '-118.408692 as no longitude at all.
 */
const text = (value: string | null | undefined) =>
  spreadsheetText((value ?? '').replace(/\s*[\r\n]+\s*/g, ' ').trim());

/** MM/DD/YYYY and HH:MM of an instant on the wall clocks of its place (UTC when unknown). */
function localDateTime(instant: Date, zone: string | null) {
  const iso = localIsoAt(instant, zone ?? 'UTC'); // 2026-05-02T06:10:00+01:00
  const [year, month, day] = iso.slice(0, 10).split('-');
  return { date: `${month}/${day}/${year}`, time: iso.slice(11, 16) };
}

const coordinate = (value: number | null) => (value === null ? '' : value.toFixed(6));

/** Where eBird's State/Province is the subdivision's own code: CA, not US-CA; ON, not CA-ON. */
const STATE_LETTERS_ALONE = new Set(['US', 'CA']);

/** The regions of points met lately: a checklist's records share one, and a look-up takes 50 µs. */
const regions = new Map<string, { country: string; state: string }>();

/** Country and State/Province as eBird's import reads them; '' for what the point cannot tell. */
function regionCells(latitude: number | null, longitude: number | null) {
  if (latitude === null || longitude === null) return { country: '', state: '' };
  const point = `${latitude},${longitude}`;
  let cells = regions.get(point);
  if (!cells) {
    const { country = '', subdivision = '' } = regionAt(latitude, longitude) ?? {};
    cells = {
      country,
      state: STATE_LETTERS_ALONE.has(country) ? subdivision.slice(3) : subdivision,
    };
    if (regions.size >= 10_000) regions.clear();
    regions.set(point, cells);
  }
  return cells;
}

/**
 * Country and State/Province from the place hierarchy a source gave (an eBird download's
 * `US-NY`): undefined when it gave no code of a subdivision, for the point to tell.
 */
function storedRegion(place: { stateProvince: string | null; countryCode: string | null }) {
  const match = /^([A-Z]{2})-([A-Z0-9]{1,3})$/.exec(
    place.stateProvince?.trim().toUpperCase() ?? '',
  );
  if (!match) return undefined;
  const [, country, letters] = match as unknown as [string, string, string];
  return { country, state: STATE_LETTERS_ALONE.has(country) ? letters : `${country}-${letters}` };
}

/**
 * The Record Format has no column for a breeding code: it goes in the Species Comments, the
 * place eBird's import keeps what it has no field for ('Breeding code: FY Feeding young').
 */
const breedingComment = (code: string | null) => {
  const entry = code ? breedingCode(code) : undefined;
  return entry ? `Breeding code: ${entry.code} ${entry.meaning}` : null;
};

/** What a record takes of its outing: the checklist's place, time and effort. */
export type RecordOuting = Pick<
  OutingRow,
  | 'startedAt'
  | 'timeZone'
  | 'placeName'
  | 'latitude'
  | 'longitude'
  | 'protocol'
  | 'partySize'
  | 'durationMinutes'
  | 'distanceKm'
  | 'complete'
  | 'notes'
  | 'stateProvince'
  | 'countryCode'
>;

/** A log's record: its 19 cells, with its outing's effort when it was made on one. */
export function record(log: RecordLog, outing: RecordOuting | null): string[] {
  const scientific = (log.speciesScientific ?? log.taxonScientific ?? '').trim().split(/\s+/);
  // the line earlier imports left for an X is no comment of the observer's (migration 0017 made
  // those logs' counts X again; one brought in through our CSV may still carry it)
  const lines = (log.notes ?? '').split(/\r?\n/).filter((line) => line.trim() !== UNCOUNTED_NOTE);
  const comments = [log.description, ...lines, breedingComment(log.breedingCode)]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
  const where = outing?.latitude != null ? outing : log;
  const place = outing?.placeName ?? log.placeName;
  const start = outing
    ? localDateTime(outing.startedAt, outing.timeZone)
    : localDateTime(log.observedAt, log.timeZone);
  const startTime = outing || log.timeKnown ? start.time : '';
  const region =
    storedRegion(outing ?? log) ??
    storedRegion(log) ??
    regionCells(where.latitude, where.longitude);
  const state = region.state;
  const country = region.country || (outing?.countryCode ?? log.countryCode ?? '');
  const miles = outing?.distanceKm != null ? (outing.distanceKm / KM_PER_MILE).toFixed(3) : '';
  return [
    text(log.speciesCommon),
    text(scientific[0]),
    text(scientific[1]),
    log.count === null ? 'X' : String(log.count), // X: present, not counted; 0: evidence only
    text(comments),
    text(place),
    coordinate(where.latitude),
    coordinate(where.longitude),
    start.date,
    startTime,
    state, // eBird's import asks for it where the point cannot tell
    country,
    EBIRD_PROTOCOL_NAMES[outing?.protocol ?? 'incidental'],
    outing?.partySize != null ? String(outing.partySize) : '',
    outing?.durationMinutes != null ? String(outing.durationMinutes) : '',
    outing?.complete ? 'Y' : 'N',
    miles,
    '', // Effort area acres: an outing keeps no area
    text(outing?.notes),
  ];
}

/** Records as CSV lines, each ending in CRLF; no header row (eBird would read it as a record). */
export const ebirdCsv = (records: string[][]) =>
  stringify(records, { record_delimiter: '\r\n', bom: false });

/** The outing's logs in eBird's Record Format; undefined when the user has no such outing. */
export async function outingEbirdCsv(db: Db, userId: string, outingId: string) {
  const [outing] = await db
    .select()
    .from(outings)
    .where(and(eq(outings.id, outingId), eq(outings.userId, userId)));
  if (!outing) return undefined;
  const rows = await db
    .select(recordLogColumns)
    .from(logs)
    .leftJoin(taxa, eq(taxa.id, logs.taxonId))
    .where(and(eq(logs.outingId, outingId), eq(logs.userId, userId)))
    .orderBy(asc(logs.observedAt), asc(logs.createdAt), asc(logs.id));
  return ebirdCsv(rows.map((log) => record(log, outing)));
}
