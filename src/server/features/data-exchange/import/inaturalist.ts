import { LOG_LIMITS } from '../../../../common/logs/schemas.js';
import { offsetAt, wallClockAt } from '../../../../common/place-time.js';
import {
  atOffset,
  atWallClock,
  type CalendarDate,
  type Observed,
  onDay,
  readDate,
  readInstant,
  readObservedString,
} from './clock.js';
import {
  type Cells,
  type CsvFormat,
  joinLines,
  numberCell,
  uncertainty,
  zoneOfCoordinates,
} from './csv-format.js';
import { captiveOf, iNaturalistPlace, observationUrl } from './inaturalist-details.js';
import { railsZone } from './zones.js';

// iNaturalist's observation export (its "Export observations" page, any choice of columns).

const HIDDEN_LOCATION = new Set(['private', 'obscured']);

export const NO_TAXON =
  'No taxon: the observation has no name (common_name, species_guess or scientific_name)';
export const NO_DATE = 'No date: observed_on is empty';
export const NO_DATE_COLUMN =
  'This iNaturalist export has no observed_on column: export it again with observed_on ticked among the columns';
export const NO_NAME_COLUMN =
  'This iNaturalist export has no common_name, species_guess or scientific_name column: export it again with one of them ticked among the columns';

/**
 * The zones of a row: the place's, at its coordinates, and the row's `time_zone`. iNaturalist
 * sets `time_zone` from the coordinates since about 2017, but before, and for a row whose place
 * it could not place, it is the observer's account setting (an Argentine row in Paris's or
 * Apia's zone): the place's zone wins, `time_zone` stands in without coordinates.
 */
interface RowZones {
  place: string | undefined;
  row: string | undefined;
}

/**
 * When an iNaturalist observation was made. `observed_on_string` is the observer's wall clock
 * (their typing, or the camera's) and `time_observed_at` that clock read in `time_zone`, in UTC.
 * So: a time written with its offset is that instant (`2018/01/11 2:34 PM -03`); one written
 * without is the clock at the place, which is `time_observed_at` unless `time_zone` is not the
 * place's zone (then the clock is read again at the place); a day alone is noon there.
 */
function iNaturalistTime(cells: Cells, zones: RowZones) {
  const zone = zones.place ?? zones.row;
  const written = readObservedString(cells('observed_on_string'));
  const day = cells('observed_on').trim();
  const recorded = readInstant(cells('time_observed_at'));
  const date = readDate(day) ?? (day === '' ? written?.date : undefined);
  // the observer's time, when it is of the day observed_on says
  const timed = written?.clock && (!date || sameDay(written.date, date)) ? written : undefined;
  if (timed?.clock && timed.offset !== undefined) {
    const instant = atOffset(timed.date, timed.clock, timed.offset);
    return { observedAt: instant.toISOString(), timeKnown: true };
  }
  if (recorded) return atPlace(recorded, zones);
  if (!date) return day === '' && !written ? undefined : { observedAt: day, timeKnown: true };
  return timed?.clock ? atWallClock({ ...date, ...timed.clock }, zone) : onDay(date, zone);
}

const sameDay = (one: CalendarDate, other: CalendarDate) =>
  one.year === other.year && one.month === other.month && one.day === other.day;

/** `time_observed_at`, its clock in the row's zone read again at the place when theirs differ. */
function atPlace(recorded: Date, { place, row }: RowZones): Observed | undefined {
  if (!place || !row || offsetAt(recorded, place) === offsetAt(recorded, row)) {
    return { observedAt: recorded.toISOString(), timeKnown: true };
  }
  return atWallClock(wallClockAt(recorded, row), place);
}

const MORE = '…';
const count = (n: number) => n.toLocaleString('en');

/** Where to cut text to at most `max` UTF-16 units: after a word, else never inside a character. */
function cutPoint(text: string, max: number): number {
  if (text.length <= max) return text.length;
  const space = text.slice(0, max + 1).search(/\s\S*$/); // the last space that keeps it short
  if (space > max / 2) return space;
  return /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
}

/** Text cut to `max` after a word, ending in ' …' when cut; and what was left. */
function cutText(text: string, max: number) {
  if (text.length <= max) return { kept: text, rest: '' };
  const at = cutPoint(text, max - MORE.length - 1);
  return { kept: `${text.slice(0, at).trimEnd()} ${MORE}`, rest: text.slice(at).trim() };
}

/**
 * A description and the notes: iNaturalist keeps descriptions longer than ours, so the first
 * LOG_LIMITS.description characters stay, cut after a word, and the rest goes on in the notes;
 * what the notes cannot hold either is left out. Says so.
 */
function descriptionAndNotes(description: string) {
  const text = description.trim();
  if (text.length <= LOG_LIMITS.description) return { description: text, notes: '' };
  const { kept, rest } = cutText(text, LOG_LIMITS.description);
  const more = cutText(`${MORE} ${rest}`, LOG_LIMITS.notes);
  const lost = more.rest.length;
  const moved = `description: ${count(text.length)} characters, the rest moved to notes`;
  return {
    description: kept,
    notes: more.kept,
    warning: lost ? `${moved}; the last ${count(lost)} did not fit there and were left out` : moved,
  };
}

const NAME_COLUMNS = ['common_name', 'species_guess', 'scientific_name'];
const DATE_COLUMNS = ['observed_on', 'time_observed_at', 'observed_on_string'];
/** Columns of iNaturalist's export that others' files do not have: two of them tell it. */
const ITS_OWN = new Set([
  'uuid',
  'url',
  'observed_on_string',
  'time_observed_at',
  'species_guess',
  'iconic_taxon_name',
  'quality_grade',
  'place_guess',
  'user_login',
  'num_identification_agreements',
  'captive_cultivated',
  'oauth_application_id',
  'positional_accuracy',
  'coordinates_obscured',
]);
const hasAny = (header: string[], columns: string[]) => columns.some((c) => header.includes(c));

/** iNaturalist's observation export (any choice of its columns that has a date and a taxon). */
export const iNaturalist: CsvFormat = {
  name: 'inaturalist',
  keysRepeat: false,
  keyColumn: 'id',
  matches: (header) => hasAny(header, DATE_COLUMNS) && hasAny(header, NAME_COLUMNS),
  refusal(header) {
    if (header.filter((column) => ITS_OWN.has(column)).length < 2) return undefined;
    if (!hasAny(header, DATE_COLUMNS)) return NO_DATE_COLUMN;
    if (!hasAny(header, NAME_COLUMNS)) return NO_NAME_COLUMN;
    return undefined;
  },
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
    const zones = {
      place: zoneOfCoordinates(latitude, longitude),
      row: railsZone(cells('time_zone')),
    };
    const zone = zones.place ?? zones.row;
    const time = iNaturalistTime(cells, zones);
    const image = cells('image_url').trim();
    const text = descriptionAndNotes(cells('description'));
    const place = iNaturalistPlace(cells, exact || !hidden ? { latitude, longitude } : undefined);
    const page = observationUrl(cells('url'));
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
        description: text.description,
        notes: joinLines(text.notes, ...place.noteLines),
        // A location its observer hid stays private here too: a share link would reveal it.
        ...(hidden ? { isPublic: false } : {}),
        photoLinks: image ? [image] : [],
        ...place.input,
        ...captiveOf(cells('captive_cultivated')),
        sourceUrl: page.sourceUrl,
      },
      warnings: [...(text.warning ? [text.warning] : []), ...place.warnings, ...page.warnings],
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
    photoLinks: 'image_url',
    county: 'place_county_name',
    stateProvince: 'place_state_name',
    sourceUrl: 'url',
  },
};
