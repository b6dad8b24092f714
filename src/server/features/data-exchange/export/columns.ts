import { countryAt } from '../../../../common/country.js';
import { EXPORT_CSV_COLUMNS, spreadsheetText } from '../../../../common/data-exchange/export.js';
import { DATA_LICENSE_INFO } from '../../../../common/data-exchange/licenses.js';
import { cellWkt } from '../../../../common/location-privacy.js';
import { verificationStatusOf } from '../../../../common/occurrences.js';
import type { OutingProtocol } from '../../../../common/outings/schemas.js';
import { localDateAt, localIsoAt } from '../../../../common/place-time.js';
import { sharedLogPath } from '../../../../common/routes.js';
import type { ExportRow } from './queries.js';
import {
  dc,
  dwc,
  type ExportColumn,
  type ExportContext,
  type Term,
  type Value,
} from './export-column.js';
import { GENERALISATIONS, place, withheld } from './place.js';
import { placeDetailColumns, recordDetailColumns } from './record-columns.js';

export type { ExportContext, Term };

// The columns of the exports in one table: a field that our CSV and Darwin Core both carry is
// one entry, with its CSV header, its Darwin Core term and its value. Darwin Core (the CSV and
// the archive's occurrence.txt) writes the table's order; our CSV writes the order of
// EXPORT_CSV_COLUMNS, by which the import recognises its own files.

/** How a format writes a cell. */
type CellWriter = (value: Value, userText: boolean) => string;

/** CSV: text a spreadsheet would run gets a leading '; quoting is the CSV writer's. */
const csvCell: CellWriter = (value, userText) =>
  value === null ? '' : userText ? spreadsheetText(String(value)) : String(value);

/**
 * The archive's text files declare no quotes (meta.xml fieldsEnclosedBy=""), as GBIF advises:
 * a tab or line break inside a cell becomes a space. The cells are data to publish, not a
 * spreadsheet's input: no formula guard.
 */
const archiveCell: CellWriter = (value) =>
  value === null ? '' : String(value).replace(/\r\n|[\t\n\r]/g, ' ');

const validDate = (text: string) => (text.includes('NaN') ? undefined : text);

/**
 * The time as it was at the place, with its offset, when the zone is known; else in UTC. A
 * date-only record (timeKnown false) is its date alone.
 */
function eventDate(row: ExportRow): string {
  const instant = new Date(row.observedAt);
  const zone = row.timeZone ?? undefined;
  if (!row.timeKnown) {
    return (zone && validDate(localDateAt(instant, zone))) ?? row.observedAt.slice(0, 10);
  }
  return (zone && validDate(localIsoAt(instant, zone))) ?? row.observedAt;
}

const isUploaded = (url: string) => url.startsWith('/');
const absolute = (url: string, origin: string) => (isUploaded(url) ? `${origin}${url}` : url);
const sharedPageUrl = (row: ExportRow, origin: string) => `${origin}${sharedLogPath(row.id)}`;
/** Stable across exports and hosts: a log's id never changes. */
const occurrenceId = (row: ExportRow) => `urn:uuid:${row.id}`;

/** What occurrenceRemarks says of a count that is no number of individuals (issue 32). */
export const COUNT_REMARKS = {
  present: 'Present, not counted',
  evidence: 'Evidence only: no live individual seen',
} as const;
const countRemark = ({ count }: ExportRow) =>
  count === null ? COUNT_REMARKS.present : count === 0 ? COUNT_REMARKS.evidence : null;

/** A protocol in the words of eBird's checklists. */
export const SAMPLING_PROTOCOLS: Record<OutingProtocol, string> = {
  traveling: 'Traveling count',
  stationary: 'Stationary count',
  area: 'Area count',
  incidental: 'Incidental observation',
};

/** What a reader learns from a log of a complete outing: the event reported every species. */
export const COMPLETE_EVENT = '{"allSpeciesReported":true}';
export const INCOMPLETE_EVENT = '{"allSpeciesReported":false}';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** The outing's effort in words ('90 minutes, 2.4 km, 3 observers'); null when it has none. */
function samplingEffort(row: ExportRow): string | null {
  const parts = [
    row.outingDurationMinutes === null
      ? null
      : plural(row.outingDurationMinutes, 'minute', 'minutes'),
    row.outingDistanceKm === null ? null : `${Number(row.outingDistanceKm.toFixed(3))} km`,
    row.outingPartySize === null ? null : plural(row.outingPartySize, 'observer', 'observers'),
  ];
  return parts.filter(Boolean).join(', ') || null;
}

const columns: Array<ExportColumn<ExportRow>> = [
  { csv: 'id', value: (row) => row.id },
  { term: dwc('occurrenceID'), value: occurrenceId },
  { term: dwc('basisOfRecord'), value: () => 'HumanObservation' },
  // every record is a presence; a complete outing's (dynamicProperties) lets absence be inferred
  { term: dwc('occurrenceStatus'), value: () => 'present' },
  // The outing the log was made on is its sampling event (eml.xml's methods say how to read it).
  { term: dwc('eventID'), value: (row) => (row.outingId ? `urn:uuid:${row.outingId}` : null) },
  {
    term: dwc('samplingProtocol'),
    value: (row) => (row.outingProtocol ? SAMPLING_PROTOCOLS[row.outingProtocol] : null),
  },
  { term: dwc('samplingEffort'), value: samplingEffort },
  {
    term: dwc('dynamicProperties'),
    value: (row) =>
      row.outingId === null ? null : row.outingComplete ? COMPLETE_EVENT : INCOMPLETE_EVENT,
  },
  { csv: 'observed_at', value: (row) => row.observedAt },
  { csv: 'time_zone', value: (row) => row.timeZone },
  { csv: 'time_known', value: (row) => row.timeKnown },
  { term: dwc('eventDate'), value: eventDate },
  { csv: 'species_scientific', userText: true, value: (row) => row.speciesScientific },
  // Darwin Core names the taxon the record is about; the names as typed are the verbatim ones.
  {
    term: dwc('scientificName'),
    userText: true,
    value: (row) => row.taxonScientificName ?? row.speciesScientific,
  },
  { csv: 'taxon_id', term: dwc('taxonID'), value: (row) => row.taxonId },
  { term: dwc('taxonRank'), value: (row) => row.taxonRank },
  { term: dwc('kingdom'), value: (row) => row.kingdom },
  {
    term: dwc('verbatimIdentification'),
    userText: true,
    value: (row) =>
      row.speciesScientific ? `${row.speciesCommon} (${row.speciesScientific})` : row.speciesCommon,
  },
  {
    csv: 'species_common',
    term: dwc('vernacularName'),
    userText: true,
    value: (row) => row.speciesCommon,
  },
  // X (present, not counted) is a count of its own in our CSV, as eBird writes it (issue 32);
  // Darwin Core has no count for it, and occurrenceRemarks says what an X or a 0 is
  { csv: 'count', value: (row) => row.count ?? 'X' },
  // empty for an X and for evidence only: GBIF reads a 0 as an absence, and flags it beside
  // occurrenceStatus present (INDIVIDUAL_COUNT_CONFLICTS_WITH_OCCURRENCE_STATUS)
  { term: dwc('individualCount'), value: (row) => (row.count === 0 ? null : row.count) },
  {
    csv: 'latitude',
    term: dwc('decimalLatitude'),
    value: (row, context) => place(row, context).latitude,
  },
  {
    csv: 'longitude',
    term: dwc('decimalLongitude'),
    value: (row, context) => place(row, context).longitude,
  },
  { term: dwc('geodeticDatum'), value: (row) => (row.latitude === null ? null : 'WGS84') },
  {
    csv: 'coordinate_uncertainty',
    term: dwc('coordinateUncertaintyInMeters'),
    value: (row, context) => place(row, context).coordinateUncertainty,
  },
  {
    term: dwc('footprintWKT'),
    value: (row, context) => {
      const { cell } = place(row, context);
      return cell && cellWkt(cell);
    },
  },
  {
    term: dwc('countryCode'),
    // the source's, else from the exact point: rounding may cross a border, and a country
    // reveals no more
    value: (row) =>
      row.countryCode ??
      (row.latitude === null || row.longitude === null
        ? null
        : (countryAt(row.latitude, row.longitude) ?? null)),
  },
  ...placeDetailColumns,
  {
    csv: 'place_name',
    term: dwc('locality'),
    userText: true,
    value: (row, context) => place(row, context).placeName,
  },
  { csv: 'description', userText: true, value: (row) => row.description },
  { csv: 'notes', userText: true, value: (row) => row.notes },
  {
    term: dwc('occurrenceRemarks'),
    userText: true,
    value: (row) =>
      // notes are shown wherever the log is public, as on its shared page (issue 34)
      [countRemark(row), row.description, row.notes].filter(Boolean).join(' | ') || null,
  },
  {
    term: dwc('dataGeneralizations'),
    value: (row, context) => GENERALISATIONS[place(row, context).generalisation],
  },
  { term: dwc('informationWithheld'), value: withheld },
  {
    // issue 36: a reviewer's decision; a flagged record not yet reviewed is unverified
    term: dwc('identificationVerificationStatus'),
    value: (row) =>
      row.reviewStatus ? verificationStatusOf[row.reviewStatus] : row.unusual ? 'unverified' : null,
  },
  { csv: 'is_public', value: (row) => row.isPublic },
  { csv: 'photo_urls', value: (row) => row.photoUrls.join(' ') },
  {
    term: dwc('associatedMedia'),
    // A private log's photos stay private: only public logs list them, and their media elsewhere.
    value: (row, { origin }) =>
      row.isPublic
        ? [...row.photoUrls.map((url) => absolute(url, origin)), ...row.mediaUrls].join(' | ')
        : '',
  },
  {
    term: dc('references'),
    // The source record's page (issue 32), else the shared page: a private log's is not found,
    // so only public logs link theirs.
    value: (row, { origin }) => row.sourceUrl ?? (row.isPublic ? sharedPageUrl(row, origin) : null),
  },
  ...recordDetailColumns,
  { term: dwc('recordedBy'), userText: true, value: (_row, { recordedBy }) => recordedBy || null },
  { term: dc('license'), value: (_row, { license }) => DATA_LICENSE_INFO[license].url },
  { csv: 'outing_id', value: (row) => row.outingId },
  { csv: 'show_exact_location', value: (row) => row.showExactLocation },
  { csv: 'location_privacy', value: (row) => row.locationPrivacy },
  { csv: 'location_embargo_until', value: (row) => row.locationEmbargoUntil },
  { csv: 'recording_urls', value: (row) => row.recordingUrls.join(' ') },
  { csv: 'created_at', value: (row) => row.createdAt },
  { csv: 'updated_at', term: dc('modified'), value: (row) => row.updatedAt },
];

/** A format's header row, and its cells of a row in the same order. */
export interface ExportLayout<Row = ExportRow> {
  headers: readonly string[];
  /** The Darwin Core terms of the columns, for meta.xml (Darwin Core layouts only). */
  terms: readonly Term[];
  record(row: Row, context: ExportContext): string[];
}

function layout<Row>(picked: Array<ExportColumn<Row>>, cell: CellWriter, headers: string[]) {
  return {
    headers,
    terms: picked.flatMap((column) => column.term ?? []),
    record: (row: Row, context: ExportContext) =>
      picked.map((column) => cell(column.value(row, context), column.userText === true)),
  };
}

function csvColumns(): Array<ExportColumn<ExportRow>> {
  return EXPORT_CSV_COLUMNS.map((header) => {
    const column = columns.find((one) => one.csv === header);
    if (!column) throw new Error(`No export column for ${header}`);
    return column;
  });
}
const termColumns = columns.filter((column) => column.term);
const termNames = termColumns.map((column) => column.term!.name);

export const csvLayout: ExportLayout = layout(csvColumns(), csvCell, EXPORT_CSV_COLUMNS);
export const darwinCoreLayout: ExportLayout = layout(termColumns, csvCell, termNames);
/** The archive's occurrence.txt: the core, its id (occurrenceID) in the first column. */
export const occurrenceLayout: ExportLayout = layout(termColumns, archiveCell, termNames);

/** A photo or sound recording of the archive's multimedia extension (GBIF Simple Multimedia). */
export interface MultimediaRow {
  log: ExportRow;
  url: string;
  type: 'StillImage' | 'Sound';
  /** The file's media type, when known (recordings). */
  format: string | null;
}

const multimediaColumns: Array<ExportColumn<MultimediaRow>> = [
  { value: ({ log }) => occurrenceId(log) }, // coreid
  { term: dc('type'), value: ({ type }) => type },
  { term: dc('format'), value: ({ format }) => format },
  { term: dc('identifier'), value: ({ url }, { origin }) => absolute(url, origin) },
  { term: dc('references'), value: ({ log }, { origin }) => sharedPageUrl(log, origin) },
  { term: dc('title'), userText: true, value: ({ log }) => log.speciesCommon },
  { term: dc('creator'), userText: true, value: (_row, { recordedBy }) => recordedBy || null },
  { term: dc('license'), value: (_row, { license }) => DATA_LICENSE_INFO[license].url },
  {
    term: dc('rightsHolder'),
    userText: true,
    value: (_row, { recordedBy }) => recordedBy || null,
  },
];

/** The archive's multimedia.txt: the occurrence's id first (coreid), then its terms. */
export const multimediaLayout: ExportLayout<MultimediaRow> = layout(
  multimediaColumns,
  archiveCell,
  ['coreid', ...multimediaColumns.flatMap((column) => column.term?.name ?? [])],
);

/**
 * The photos and sound recordings of a log the archive's multimedia lists: those uploaded to
 * this server, of a public log (anyone may open them, recordings without their metadata); links
 * to other sites are in associatedMedia only, their licence is not the user's to give.
 */
export const multimediaOf = (
  row: ExportRow,
  recordings: Array<{ url: string; mime: string | null }> = [],
): MultimediaRow[] =>
  row.isPublic
    ? [
        ...row.photoUrls
          .filter(isUploaded)
          .map((url) => ({ log: row, url, type: 'StillImage' as const, format: null })),
        ...recordings.map(({ url, mime }) => ({
          log: row,
          url,
          type: 'Sound' as const,
          format: mime,
        })),
      ]
    : [];

/** The GBIF Simple Multimedia extension's row type. */
export const MULTIMEDIA_ROW_TYPE = 'http://rs.gbif.org/terms/1.0/Multimedia';
export const OCCURRENCE_ROW_TYPE = 'http://rs.tdwg.org/dwc/terms/Occurrence';
