import {
  EARLIER_EXPORT_CSV_COLUMNS,
  EXPORT_CSV_COLUMNS,
  FORMULA_START,
} from '../../../../common/data-exchange/export.js';
import { parseIsoDateTime } from '../../../../common/dates.js';
import type { OutingProtocol } from '../../../../common/outings/schemas.js';
import { atWallClock, onDay, type Observed, readClock, readDate } from './clock.js';
import {
  type Cells,
  type CsvFormat,
  joinLines,
  numberCell,
  type RowOuting,
  withoutCount,
  zoneOfCoordinates,
} from './csv-format.js';
import { checklistUrl, eBirdColumnsLeftOut, eBirdDetails, eBirdPlace } from './ebird-details.js';
import { iNaturalist } from './inaturalist.js';
import {
  sightbookDetailColumnOf,
  sightbookDetails,
  sightbookPrivacy,
} from './sightbook-details.js';
import { regionZone } from './zones.js';

// The three CSV formats the import reads, each turned into the log write payload's input: our
// own export and eBird's here, iNaturalist's in inaturalist.ts.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

/**
 * Our export's count: X (present, not counted), 0 (evidence only) or the individuals (issue 32).
 * An empty cell is an X too: exports between migration 0017 and X wrote it so.
 */
function sightbookCount(cell: string) {
  const count = cell.trim();
  if (count === '' || count.toUpperCase() === 'X') return { count: null, countKind: 'present' };
  const number = numberCell(count);
  return number === 0 ? { count: 0, countKind: 'evidence' } : { count: number };
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
    const recordings = cells('recording_urls').split(/\s+/).filter(Boolean);
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
        ...sightbookCount(cells('count')),
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
        ...sightbookPrivacy(cells),
        photoLinks: urls.filter((url) => !uploaded.includes(url)),
        ...sightbookDetails(cells, text),
      },
      warnings,
      ...writtenTimes(cells, warnings),
      sourceKey: id ? `sightbook:${id}` : null,
      ...(id ? { logId: id } : {}),
      ...(uploaded.length ? { uploadedPhotos: uploaded } : {}),
      ...(recordings.length ? { uploadedRecordings: recordings } : {}),
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
    locationPrivacy: 'location_privacy',
    locationEmbargoUntil: 'location_embargo_until',
    photoLinks: 'photo_urls',
    ...sightbookDetailColumnOf,
  },
};

/**
 * An eBird Count: X is present, not counted; 0 is evidence without a live individual (issue 32);
 * anything else a count of individuals, for the schema to check.
 */
function eBirdCount(cell: string) {
  const count = cell.trim();
  if (count.toUpperCase() === 'X') return { count: null, countKind: 'present' };
  const number = numberCell(count);
  if (number === 0) return { count: 0, countKind: 'evidence' };
  return { count: withoutCount(number) };
}

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
      ...eBirdPlace(cells),
      latitude: log.latitude,
      longitude: log.longitude,
      notes: cells('Checklist Comments').trim(),
      sourceUrl: checklistUrl(checklist),
    },
    noteLines: [
      own ? '' : `eBird protocol: ${cells('Protocol').trim()}`,
      area ? `Area covered: ${area} ha` : '',
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
  columnsLeftOut: eBirdColumnsLeftOut,
  read(cells) {
    const count = cells('Count');
    const latitude = numberCell(cells('Latitude'));
    const longitude = numberCell(cells('Longitude'));
    const region = cells('State/Province').trim();
    const placeZone = zoneOfCoordinates(latitude, longitude);
    const zone = placeZone ?? (latitude === null && region ? regionZone(region) : undefined);
    const time = eBirdTime(cells, zone);
    const checklist = cells('Submission ID').trim();
    const details = eBirdDetails(cells);
    const warnings: string[] = [...details.warnings];
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
      ...eBirdCount(count),
      observedAt: time.observedAt,
      ...(time.timeKnown === undefined ? {} : { timeKnown: time.timeKnown }),
      timeZone: zone ?? null,
      placeName: cells('Location'),
      ...eBirdPlace(cells),
      latitude,
      longitude,
      description: cells('Observation Details'),
      // The checklist's comments are its outing's notes (a row without a checklist keeps them).
      notes: joinLines(
        cells('Species Comments'),
        checklist ? '' : cells('Checklist Comments'),
        ...details.noteLines,
      ),
      breedingCode: details.breedingCode,
      mediaUrls: details.mediaUrls,
      sourceUrl: checklist ? checklistUrl(checklist) : null,
    };
    return {
      input,
      warnings,
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
    county: 'County',
    stateProvince: 'State/Province',
    locationId: 'Location ID',
    mediaUrls: 'ML Catalog Numbers',
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
