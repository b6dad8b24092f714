import { EXPORT_CSV_COLUMNS, FORMULA_START } from '../../../../common/data-exchange/export.js';
import type { ImportFormat } from '../../../../common/data-exchange/import.js';

// The three CSV formats the import reads, each turned into the log write payload's input.
// Values go to logWriteSchema as found: the schema, not this file, decides what is valid.

/** A row's cells by column name; a column the file lacks reads as ''. */
export type Cells = (column: string) => string;

export interface RowInput {
  /** Input for logWriteSchema (unknown: the schema checks it). */
  input: Record<string, unknown>;
  /** What was left out of an imported row. */
  warnings: string[];
}

export interface CsvFormat {
  name: ImportFormat;
  matches(header: string[]): boolean;
  read(cells: Cells): RowInput;
  /** The file's column behind each payload field, to name it in a rejection. */
  columnOf: Record<string, string>;
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/** A number cell: '' is absent; text that is no number goes on, for the schema to refuse. */
const numberCell = (value: string) => {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return NUMBER.test(trimmed) ? Number(trimmed) : trimmed;
};

const withoutCount = (value: unknown) => (value === null ? undefined : value);

const joinLines = (...parts: string[]) => parts.filter((part) => part.trim() !== '').join('\n');

/** Our own export: the header row exactly; ids and timestamps are not imported. */
const sightbook: CsvFormat = {
  name: 'sightbook',
  matches: (header) =>
    header.length === EXPORT_CSV_COLUMNS.length &&
    header.every((column, index) => column === EXPORT_CSV_COLUMNS[index]),
  read(cells) {
    // The export wrote a ' before text a spreadsheet would run: take it off again.
    const text = (column: string) => {
      const value = cells(column);
      return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
    };
    const isPublic = cells('is_public').trim();
    const urls = cells('photo_urls').split(/\s+/).filter(Boolean);
    // An uploaded photo (/objects/…) is its owner's file: an import cannot take it over.
    const uploaded = urls.filter((url) => url.startsWith('/'));
    return {
      input: {
        speciesCommon: text('species_common'),
        speciesScientific: text('species_scientific'),
        count: withoutCount(numberCell(cells('count'))),
        observedAt: cells('observed_at'),
        placeName: text('place_name'),
        latitude: numberCell(cells('latitude')),
        longitude: numberCell(cells('longitude')),
        description: text('description'),
        notes: text('notes'),
        isPublic: isPublic === 'true' ? true : isPublic === 'false' ? false : isPublic || undefined,
        photoLinks: urls.filter((url) => !uploaded.includes(url)),
      },
      warnings: uploaded.length
        ? [
            `Uploaded photos cannot be imported: ${uploaded.length} left out (${uploaded.join(' ')})`,
          ]
        : [],
    };
  },
  columnOf: {
    speciesCommon: 'species_common',
    speciesScientific: 'species_scientific',
    count: 'count',
    observedAt: 'observed_at',
    placeName: 'place_name',
    latitude: 'latitude',
    longitude: 'longitude',
    description: 'description',
    notes: 'notes',
    isPublic: 'is_public',
    photoLinks: 'photo_urls',
  },
};

/** iNaturalist's '2020-06-13 16:45:00 UTC' or '… -0700', or ISO 8601, as ISO 8601. */
const iNaturalistTime = (value: string) =>
  value
    .trim()
    .replace(/^(\d{4}-\d{2}-\d{2}) /, '$1T')
    .replace(/ UTC$/i, 'Z')
    .replace(/ (?=[+-]\d{2}:?\d{2}$)/, '');

const HIDDEN_LOCATION = new Set(['private', 'obscured']);

/** iNaturalist's observation export (any choice of its columns that has a date and a taxon). */
const iNaturalist: CsvFormat = {
  name: 'inaturalist',
  matches: (header) =>
    header.includes('observed_on') &&
    ['common_name', 'species_guess', 'scientific_name'].some((column) => header.includes(column)),
  read(cells) {
    // The owner's own export holds the true coordinates of an obscured or private observation.
    const exact = cells('private_latitude').trim() !== '';
    const hidden =
      exact ||
      HIDDEN_LOCATION.has(cells('geoprivacy').trim().toLowerCase()) ||
      HIDDEN_LOCATION.has(cells('taxon_geoprivacy').trim().toLowerCase());
    const time = cells('time_observed_at').trim();
    const day = cells('observed_on').trim();
    const image = cells('image_url').trim();
    const url = cells('url').trim();
    return {
      input: {
        speciesCommon:
          cells('common_name').trim() ||
          cells('species_guess').trim() ||
          cells('scientific_name').trim(),
        speciesScientific: cells('scientific_name'),
        count: 1,
        observedAt: time ? iNaturalistTime(time) : day && `${day}T00:00Z`,
        placeName: cells('place_guess'),
        latitude: numberCell(cells(exact ? 'private_latitude' : 'latitude')),
        longitude: numberCell(cells(exact ? 'private_longitude' : 'longitude')),
        description: cells('description'),
        notes: url ? `iNaturalist: ${url}` : '',
        // A location its observer hid stays private here too: a share link would reveal it.
        ...(hidden ? { isPublic: false } : {}),
        photoLinks: image ? [image] : [],
      },
      warnings: [],
    };
  },
  columnOf: {
    speciesCommon: 'common_name',
    speciesScientific: 'scientific_name',
    observedAt: 'observed_on',
    placeName: 'place_guess',
    latitude: 'latitude',
    longitude: 'longitude',
    description: 'description',
    notes: 'url',
    photoLinks: 'image_url',
  },
};

const CLOCK = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]M)?$/i;

/** eBird's '07:15 AM' (or '19:15') as HH:MM; '' is midnight; anything else stays as it is. */
function eBirdClock(value: string): string {
  const match = CLOCK.exec(value.trim());
  if (!match) return value.trim() === '' ? '00:00' : value.trim();
  const [, hours, minutes, seconds = '00', half] = match;
  let hour = Number(hours);
  if (half) hour = (hour % 12) + (half.toUpperCase() === 'PM' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${minutes}:${seconds}`;
}

/** eBird's "My eBird Data" download; its dates and times are local wall time, read as UTC. */
const eBird: CsvFormat = {
  name: 'ebird',
  matches: (header) => ['Submission ID', 'Common Name', 'Date'].every((c) => header.includes(c)),
  read(cells) {
    const count = cells('Count').trim();
    // 'X': the species was present but not counted.
    const uncounted = count.toUpperCase() === 'X';
    const day = cells('Date').trim();
    return {
      input: {
        speciesCommon: cells('Common Name'),
        speciesScientific: cells('Scientific Name'),
        count: uncounted ? 1 : withoutCount(numberCell(count)),
        observedAt: day && `${day}T${eBirdClock(cells('Time'))}`,
        placeName: cells('Location'),
        latitude: numberCell(cells('Latitude')),
        longitude: numberCell(cells('Longitude')),
        description: cells('Observation Details'),
        notes: joinLines(cells('Checklist Comments'), uncounted ? 'Count not recorded (X)' : ''),
      },
      warnings: [],
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
    notes: 'Checklist Comments',
  },
};

/** Our own export first: its exact header is the strictest test. */
export const csvFormats: CsvFormat[] = [sightbook, iNaturalist, eBird];
