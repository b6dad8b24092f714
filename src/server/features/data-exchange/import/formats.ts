import { UNCOUNTED_NOTE } from '../../../../common/outings/ebird-record.js';
import {
  EARLIER_EXPORT_CSV_COLUMNS,
  EXPORT_CSV_COLUMNS,
  FORMULA_START,
} from '../../../../common/data-exchange/export.js';
import type { ImportFormat } from '../../../../common/data-exchange/import.js';
import { parseIsoDateTime } from '../../../../common/dates.js';
import { LOG_LIMITS } from '../../../../common/logs/schemas.js';
import type { OutingProtocol } from '../../../../common/outings/schemas.js';
import { zoneAt } from '../../../../common/place-time.js';
import {
  atOffset,
  atWallClock,
  onDay,
  type Observed,
  readClock,
  readDate,
  readInstant,
  readObservedString,
} from './clock.js';
import { railsZone, regionZone } from './zones.js';

// The three CSV formats the import reads, each turned into the log write payload's input.
// Values go to logWriteSchema as found: the schema, not this file, decides what is valid; a
// format refuses a row itself only for what the schema cannot know (an eBird count of 0).

/** A row's cells by column name; a column the file lacks reads as ''. */
export type Cells = (column: string) => string;

export interface RowInput {
  /** Input for logWriteSchema (unknown: the schema checks it). */
  input: Record<string, unknown>;
  /** What was left out of or assumed for an imported row. */
  warnings: string[];
  /** The format's own reason to refuse the row. */
  rejection?: string;
  /** The record in its source (`ebird:S123:456`), by which a second import knows it; or null. */
  sourceKey: string | null;
  /** A Sightbook export's log id: importing it back into the same account adds nothing. */
  logId?: string;
  /**
   * A Sightbook export's uploaded photos (`/objects/uploads/{id}`): they come back only from an
   * account archive, which holds their bytes; from a CSV alone they are left out.
   */
  uploadedPhotos?: string[];
  /** The outing (an eBird checklist) the row's log belongs to. */
  outing?: RowOuting;
  /** When the log was made and last changed, as a Sightbook export has them. */
  times?: { createdAt: Date; updatedAt: Date };
}

/**
 * An outing as a row of the file gives it. The rows of one outing repeat it: a field one row
 * leaves empty (eBird leaves out a short row's trailing cells) is taken from another.
 */
export interface RowOuting {
  /** The outing in its source (`ebird:S123`), by which a second import finds it again. */
  sourceKey: string;
  /**
   * Input for outingWriteSchema (unknown: the schema checks it); `notes` the outing's own. None:
   * the row names an outing the file does not hold (a Sightbook CSV's outing_id; an account
   * archive holds it).
   */
  input?: Record<string, unknown>;
  /** Lines the notes end with: where the outing came from. */
  noteLines: string[];
  /** The outing's id in a Sightbook export: importing it back into the same account finds it. */
  ownId?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CsvFormat {
  name: ImportFormat;
  matches(header: string[]): boolean;
  read(cells: Cells): RowInput;
  /** The file's column behind each payload field, to name it in a rejection. */
  columnOf: Record<string, string>;
  /** The file's column behind each field of an outing, to name it in a warning. */
  outingColumnOf?: Record<string, string>;
  /**
   * True when two rows of one file may share a source key and still be two records (eBird's key
   * is a checklist and a taxon): the later ones get `#2`, `#3`… Otherwise a repeat is a duplicate.
   */
  keysRepeat: boolean;
  /** The column that names the record in its source (its source key is made of it). */
  keyColumn: string;
  /**
   * True when an outing of the source holds one record per species (an eBird checklist): a row
   * whose outing the account has, with its species under either name, is already there, even
   * when its key changed (eBird renames species with each annual taxonomy).
   */
  oneRecordPerSpecies?: boolean;
}

/** A record's own id in its source: longer ones are no id (the source key is varchar(300)). */
export const SOURCE_ID_MAX = 80;

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/** A number cell: '' is absent; text that is no number goes on, for the schema to refuse. */
const numberCell = (value: string) => {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return NUMBER.test(trimmed) ? Number(trimmed) : trimmed;
};

const withoutCount = (value: unknown) => (value === null ? undefined : value);

const joinLines = (...parts: string[]) =>
  parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join('\n');

/** A positional accuracy in metres as the whole metres the log keeps; 0 or none is unknown. */
function uncertainty(value: string): number | null {
  const metres = Number(value.trim());
  if (value.trim() === '' || !Number.isFinite(metres) || metres <= 0) return null;
  return Math.min(Math.ceil(metres), LOG_LIMITS.maxCoordinateUncertainty);
}

/** Small caches of what rows of one file repeat (a checklist's place, its start time). */
export function remembered<T>(compute: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    if (known.has(key)) return known.get(key)!;
    const value = compute(key);
    if (known.size >= 10_000) known.clear();
    known.set(key, value);
    return value;
  };
}

const zoneOfPoint = remembered((point) => {
  const [latitude, longitude] = point.split(',').map(Number) as [number, number];
  return zoneAt(latitude, longitude);
});

/** The zone at a row's coordinates, when it has valid ones. */
function zoneOfCoordinates(latitude: unknown, longitude: unknown): string | undefined {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return zoneOfPoint(`${latitude},${longitude}`);
}

/** Our own export's columns: the oldest layout must all be there, and nothing else known. */
const SIGHTBOOK_COLUMNS = EARLIER_EXPORT_CSV_COLUMNS.at(-1)!;
const SIGHTBOOK_KNOWN = new Set(EXPORT_CSV_COLUMNS);

const flag = (value: string) => {
  const trimmed = value.trim();
  return trimmed === 'true' ? true : trimmed === 'false' ? false : trimmed || undefined;
};

/**
 * A Sightbook export's created_at and updated_at, which the log keeps (an account archive
 * restores the account as it was); an absent or unreadable one is the import's time, said so.
 */
function writtenTimes(cells: Cells, warnings: string[]) {
  const read = (column: string) => {
    const text = cells(column).trim();
    const instant = text === '' ? undefined : parseIsoDateTime(text);
    if (text !== '' && !instant)
      warnings.push(`${column}: not a date and time; the time of the import is kept`);
    return instant;
  };
  const createdAt = read('created_at');
  const updatedAt = read('updated_at');
  return createdAt ? { times: { createdAt, updatedAt: updatedAt ?? createdAt } } : {};
}

/** Our own export, older or newer: every column of the first, and none we do not know. */
const sightbook: CsvFormat = {
  name: 'sightbook',
  keysRepeat: false,
  keyColumn: 'id',
  matches: (header) =>
    SIGHTBOOK_COLUMNS.every((column) => header.includes(column)) &&
    header.every((column) => SIGHTBOOK_KNOWN.has(column)),
  read(cells) {
    // The export wrote a ' before text a spreadsheet would run: take it off again.
    const text = (column: string) => {
      const value = cells(column);
      return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
    };
    const urls = cells('photo_urls').split(/\s+/).filter(Boolean);
    // An uploaded photo (/objects/…) is its owner's file: an import cannot take it over, only
    // store anew the bytes an account archive brings (service.ts).
    const uploaded = urls.filter((url) => url.startsWith('/'));
    const id = cells('id').trim();
    const timeKnown = flag(cells('time_known'));
    const showExactLocation = flag(cells('show_exact_location'));
    const outingId = cells('outing_id').trim().toLowerCase();
    const warnings: string[] = [];
    return {
      input: {
        speciesCommon: text('species_common'),
        speciesScientific: text('species_scientific'),
        // another instance's taxon: linked when this backbone holds it, else by the names
        taxonId: cells('taxon_id').trim() || null,
        count: withoutCount(numberCell(cells('count'))),
        observedAt: cells('observed_at'),
        timeZone: cells('time_zone'),
        ...(timeKnown === undefined ? {} : { timeKnown }),
        placeName: text('place_name'),
        latitude: numberCell(cells('latitude')),
        longitude: numberCell(cells('longitude')),
        coordinateUncertainty: numberCell(cells('coordinate_uncertainty')),
        description: text('description'),
        notes: text('notes'),
        isPublic: flag(cells('is_public')),
        ...(showExactLocation === undefined ? {} : { showExactLocation }),
        photoLinks: urls.filter((url) => !uploaded.includes(url)),
      },
      warnings,
      ...writtenTimes(cells, warnings),
      sourceKey: id ? `sightbook:${id}` : null,
      ...(id ? { logId: id } : {}),
      ...(uploaded.length ? { uploadedPhotos: uploaded } : {}),
      ...(UUID.test(outingId)
        ? { outing: { sourceKey: `sightbook:${outingId}`, ownId: outingId, noteLines: [] } }
        : {}),
    };
  },
  columnOf: {
    speciesCommon: 'species_common',
    speciesScientific: 'species_scientific',
    taxonId: 'taxon_id',
    count: 'count',
    observedAt: 'observed_at',
    timeZone: 'time_zone',
    timeKnown: 'time_known',
    placeName: 'place_name',
    latitude: 'latitude',
    longitude: 'longitude',
    coordinateUncertainty: 'coordinate_uncertainty',
    description: 'description',
    notes: 'notes',
    isPublic: 'is_public',
    showExactLocation: 'show_exact_location',
    photoLinks: 'photo_urls',
  },
};

const HIDDEN_LOCATION = new Set(['private', 'obscured']);

export const NO_TAXON =
  'No taxon: the observation has no name (common_name, species_guess or scientific_name)';
export const NO_DATE = 'No date: observed_on is empty';

/** When an iNaturalist observation was made: its UTC time, its observer's string, or its day. */
function iNaturalistTime(cells: Cells, zone: string | undefined) {
  const exact = readInstant(cells('time_observed_at'));
  if (exact) return { observedAt: exact.toISOString(), timeKnown: true };
  const written = readObservedString(cells('observed_on_string'));
  const day = cells('observed_on').trim();
  const date = readDate(day) ?? (day === '' ? written?.date : undefined);
  if (!date) return day === '' && !written ? undefined : { observedAt: day, timeKnown: true };
  const sameDay =
    written?.clock &&
    written.date.year === date.year &&
    written.date.month === date.month &&
    written.date.day === date.day;
  if (sameDay && written.clock) {
    if (written.offset !== undefined) {
      return {
        observedAt: atOffset(date, written.clock, written.offset).toISOString(),
        timeKnown: true,
      };
    }
    return atWallClock({ ...date, ...written.clock }, zone);
  }
  return onDay(date, zone);
}

/** iNaturalist's observation export (any choice of its columns that has a date and a taxon). */
const iNaturalist: CsvFormat = {
  name: 'inaturalist',
  keysRepeat: false,
  keyColumn: 'id',
  matches: (header) =>
    header.includes('observed_on') &&
    ['common_name', 'species_guess', 'scientific_name'].some((column) => header.includes(column)),
  read(cells) {
    // The owner's own export holds the true place of an obscured or private observation.
    const exact = cells('private_latitude').trim() !== '';
    const hidden =
      exact ||
      HIDDEN_LOCATION.has(cells('geoprivacy').trim().toLowerCase()) ||
      HIDDEN_LOCATION.has(cells('taxon_geoprivacy').trim().toLowerCase());
    const latitude = numberCell(cells(exact ? 'private_latitude' : 'latitude'));
    const longitude = numberCell(cells(exact ? 'private_longitude' : 'longitude'));
    const accuracy = uncertainty(
      cells(exact || !hidden ? 'positional_accuracy' : 'public_positional_accuracy') ||
        cells('positional_accuracy'),
    );
    const zone = railsZone(cells('time_zone')) ?? zoneOfCoordinates(latitude, longitude);
    const time = iNaturalistTime(cells, zone);
    const image = cells('image_url').trim();
    const url = cells('url').trim();
    const id = cells('id').trim();
    const name =
      cells('common_name').trim() ||
      cells('species_guess').trim() ||
      cells('scientific_name').trim();
    return {
      input: {
        speciesCommon: name,
        speciesScientific: cells('scientific_name'),
        // Links when the backbone holds iNaturalist's taxonomy; else the names are matched.
        taxonId: /^\d+$/.test(cells('taxon_id').trim())
          ? `inaturalist:${cells('taxon_id').trim()}`
          : null,
        count: 1,
        observedAt: time?.observedAt ?? '',
        timeKnown: time?.timeKnown ?? true,
        timeZone: zone ?? null,
        placeName: (exact && cells('private_place_guess').trim()) || cells('place_guess'),
        latitude,
        longitude,
        coordinateUncertainty: latitude === null ? null : accuracy,
        description: cells('description'),
        notes: url ? `iNaturalist: ${url}` : '',
        // A location its observer hid stays private here too: a share link would reveal it.
        ...(hidden ? { isPublic: false } : {}),
        photoLinks: image ? [image] : [],
      },
      warnings: [],
      ...(name === '' ? { rejection: NO_TAXON } : time === undefined ? { rejection: NO_DATE } : {}),
      sourceKey: id ? `inaturalist:${id}` : null,
    };
  },
  columnOf: {
    speciesCommon: 'common_name',
    speciesScientific: 'scientific_name',
    observedAt: 'observed_on',
    timeZone: 'time_zone',
    placeName: 'place_guess',
    latitude: 'latitude',
    longitude: 'longitude',
    coordinateUncertainty: 'positional_accuracy',
    description: 'description',
    notes: 'url',
    photoLinks: 'image_url',
  },
};

export const COUNT_ZERO = 'count 0: a species reported as not seen';

/**
 * An eBird record's key: its checklist and its species by scientific name, as the database keys
 * names (lower-cased). Not the Taxonomic Order: eBird renumbers it with every annual taxonomy,
 * so next year's download would come in again. (Migration 0015 rewrote the keys of earlier
 * imports to this form.)
 */
const eBirdRecordKey = (
  checklist: string,
  names: { speciesCommon: string; speciesScientific: string },
) =>
  `ebird:${checklist}:${(names.speciesScientific.trim() || names.speciesCommon.trim()).toLowerCase()}`;

/** When an eBird row was observed: its checklist's local date and time at its place. */
function eBirdTime(
  cells: Cells,
  zone: string | undefined,
): Partial<Observed> & { observedAt: string } {
  const day = cells('Date').trim();
  const clockText = cells('Time').trim();
  const date = readDate(day);
  if (!date) return { observedAt: `${day} ${clockText}`.trim() }; // for the schema to refuse
  if (clockText === '') return onDay(date, zone) ?? { observedAt: day }; // no start time
  const clock = readClock(clockText);
  if (!clock) return { observedAt: `${day} ${clockText}` };
  return atWallClock({ ...date, ...clock }, zone) ?? { observedAt: `${day} ${clockText}` };
}

/**
 * The protocols of "My eBird Data" by what they mean here. The Protocol column holds eBird's long
 * names ("eBird - Traveling Count", "eBird - Casual Observation", "Historical"), its short ones
 * ("Traveling", "Incidental") or a partner project's; those are read by their kind of effort.
 */
const EBIRD_PROTOCOLS: Record<string, OutingProtocol> = {
  'traveling count': 'traveling',
  traveling: 'traveling',
  'stationary count': 'stationary',
  stationary: 'stationary',
  'exhaustive area count': 'area',
  area: 'area',
  'casual observation': 'incidental',
  incidental: 'incidental',
  historical: 'incidental',
};

/** The protocol of a Protocol cell, and whether it is one of eBird's own (else kept in the notes). */
export function eBirdProtocol(name: string): { protocol: OutingProtocol; own: boolean } {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/^ebird\s*-+\s*/, '');
  if (key === '') return { protocol: 'incidental', own: true };
  const own = EBIRD_PROTOCOLS[key];
  if (own) return { protocol: own, own: true };
  // A pelagic count travels; a yard count or a night's flight calls stay in one place.
  if (/travel|pelagic|transect|route/.test(key)) return { protocol: 'traveling', own: false };
  if (/area/.test(key)) return { protocol: 'area', own: false };
  if (/stationary|yard|point count|flight call|feeder|watch/.test(key)) {
    return { protocol: 'stationary', own: false };
  }
  return { protocol: 'incidental', own: false };
}

/** The checklist of an eBird row: its effort, place and comments. */
function eBirdChecklist(
  cells: Cells,
  checklist: string,
  log: { observedAt: string; timeZone: string | null; latitude: unknown; longitude: unknown },
): RowOuting {
  const { protocol, own } = eBirdProtocol(cells('Protocol'));
  const area = cells('Area Covered (ha)').trim();
  return {
    sourceKey: `ebird:${checklist}`,
    input: {
      startedAt: log.observedAt,
      timeZone: log.timeZone,
      durationMinutes: numberCell(cells('Duration (Min)')),
      distanceKm: numberCell(cells('Distance Traveled (km)')),
      protocol,
      partySize: numberCell(cells('Number of Observers')),
      complete: cells('All Obs Reported').trim() === '1',
      placeName: cells('Location'),
      latitude: log.latitude,
      longitude: log.longitude,
      notes: cells('Checklist Comments').trim(),
    },
    noteLines: [
      own ? '' : `eBird protocol: ${cells('Protocol').trim()}`,
      area ? `Area covered: ${area} ha` : '',
      `eBird: https://ebird.org/checklist/${checklist}`,
    ].filter(Boolean),
  };
}

/** eBird's "My eBird Data" download, 2017–2019 (21 columns) and later (23 columns). */
const eBird: CsvFormat = {
  name: 'ebird',
  keysRepeat: true,
  keyColumn: 'Submission ID',
  oneRecordPerSpecies: true,
  matches: (header) => ['Submission ID', 'Common Name', 'Date'].every((c) => header.includes(c)),
  read(cells) {
    const count = cells('Count').trim();
    // 'X': the species was present but not counted.
    const uncounted = count.toUpperCase() === 'X';
    const latitude = numberCell(cells('Latitude'));
    const longitude = numberCell(cells('Longitude'));
    const region = cells('State/Province').trim();
    const placeZone = zoneOfCoordinates(latitude, longitude);
    const zone = placeZone ?? (latitude === null && region ? regionZone(region) : undefined);
    const time = eBirdTime(cells, zone);
    const checklist = cells('Submission ID').trim();
    const warnings: string[] = [];
    if (!zone && time.timeKnown) {
      warnings.push(
        region
          ? `No coordinates, and ${region} has more than one time zone: the time is kept as written, as UTC`
          : 'No coordinates or State/Province: the time is kept as written, as UTC',
      );
    }
    const input = {
      speciesCommon: cells('Common Name'),
      speciesScientific: cells('Scientific Name'),
      count: uncounted ? 1 : withoutCount(numberCell(count)),
      observedAt: time.observedAt,
      ...(time.timeKnown === undefined ? {} : { timeKnown: time.timeKnown }),
      timeZone: zone ?? null,
      placeName: cells('Location'),
      latitude,
      longitude,
      description: cells('Observation Details'),
      // The checklist's comments are its outing's notes (a row without a checklist keeps them).
      notes: joinLines(
        cells('Species Comments'),
        checklist ? '' : cells('Checklist Comments'),
        uncounted ? UNCOUNTED_NOTE : '',
        checklist ? `eBird: https://ebird.org/checklist/${checklist}` : '',
      ),
    };
    return {
      input,
      warnings,
      ...(count === '0' ? { rejection: COUNT_ZERO } : {}),
      sourceKey: checklist ? eBirdRecordKey(checklist, input) : null,
      ...(checklist ? { outing: eBirdChecklist(cells, checklist, input) } : {}),
    };
  },
  columnOf: {
    speciesCommon: 'Common Name',
    speciesScientific: 'Scientific Name',
    count: 'Count',
    observedAt: 'Date',
    placeName: 'Location',
    latitude: 'Latitude',
    longitude: 'Longitude',
    description: 'Observation Details',
    notes: 'Species Comments',
  },
  outingColumnOf: {
    durationMinutes: 'Duration (Min)',
    distanceKm: 'Distance Traveled (km)',
    partySize: 'Number of Observers',
    notes: 'Checklist Comments',
  },
};

/** Our own export first: its header is the strictest test. */
export const csvFormats: CsvFormat[] = [sightbook, iNaturalist, eBird];
