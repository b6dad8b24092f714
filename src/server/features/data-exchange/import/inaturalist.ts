import {
  atOffset,
  atWallClock,
  onDay,
  readDate,
  readInstant,
  readObservedString,
} from './clock.js';
import {
  type Cells,
  type CsvFormat,
  numberCell,
  uncertainty,
  zoneOfCoordinates,
} from './csv-format.js';
import { railsZone } from './zones.js';

// iNaturalist's observation export (its "Export observations" page, any choice of columns).

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
export const iNaturalist: CsvFormat = {
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
