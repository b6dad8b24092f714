import { EXPORT_CSV_COLUMNS, FORMULA_START } from '../../../../common/data-exchange/export.js';
import type { ExportRow } from './queries.js';

// The columns of both CSV exports in one table: a field that our CSV and Darwin Core both carry
// is one entry, with its CSV header, its Darwin Core term and its value. Darwin Core writes the
// table's order; our CSV writes the order of EXPORT_CSV_COLUMNS, by which the import recognises
// its own files.

/** What a value may need beyond its row. */
export interface ExportContext {
  /** Uploaded photos are paths on this server: Darwin Core links them absolutely. */
  origin: string;
  /** The account's name, for Darwin Core's recordedBy. */
  recordedBy: string;
}

interface ExportColumn {
  /** The column's header in our own CSV, when it has one. */
  csv?: string;
  /** The Darwin Core term, when the column is one. */
  dwc?: string;
  value(row: ExportRow, context: ExportContext): string;
}

const text = (value: string | null) =>
  value === null ? '' : FORMULA_START.test(value) ? `'${value}` : value;
const number = (value: number | null) => (value === null ? '' : String(value));

const columns: ExportColumn[] = [
  { csv: 'id', value: (row) => row.id },
  { dwc: 'occurrenceID', value: (row) => `urn:uuid:${row.id}` },
  { dwc: 'basisOfRecord', value: () => 'HumanObservation' },
  { csv: 'observed_at', dwc: 'eventDate', value: (row) => row.observedAt },
  { csv: 'species_scientific', dwc: 'scientificName', value: (row) => text(row.speciesScientific) },
  { csv: 'species_common', dwc: 'vernacularName', value: (row) => text(row.speciesCommon) },
  { csv: 'count', dwc: 'individualCount', value: (row) => number(row.count) },
  { csv: 'latitude', dwc: 'decimalLatitude', value: (row) => number(row.latitude) },
  { csv: 'longitude', dwc: 'decimalLongitude', value: (row) => number(row.longitude) },
  { dwc: 'geodeticDatum', value: (row) => (row.latitude === null ? '' : 'WGS84') },
  { csv: 'place_name', dwc: 'locality', value: (row) => text(row.placeName) },
  { csv: 'description', value: (row) => text(row.description) },
  { csv: 'notes', value: (row) => text(row.notes) },
  {
    dwc: 'occurrenceRemarks',
    value: (row) => text([row.description, row.notes].filter(Boolean).join(' | ') || null),
  },
  { csv: 'is_public', value: (row) => String(row.isPublic) },
  { csv: 'photo_urls', value: (row) => row.photoUrls.join(' ') },
  {
    dwc: 'associatedMedia',
    // A private log's photos stay private: only public logs list them.
    value: (row, { origin }) =>
      row.isPublic
        ? row.photoUrls.map((url) => (url.startsWith('/') ? `${origin}${url}` : url)).join(' | ')
        : '',
  },
  { dwc: 'recordedBy', value: (_row, { recordedBy }) => text(recordedBy) },
  { csv: 'created_at', value: (row) => row.createdAt },
  { csv: 'updated_at', dwc: 'modified', value: (row) => row.updatedAt },
];

/** A format's header row, and its cells of a log in the same order. */
export interface ExportLayout {
  headers: readonly string[];
  record(row: ExportRow, context: ExportContext): string[];
}

function layout(
  headers: readonly string[],
  columnOf: (header: string) => ExportColumn | undefined,
): ExportLayout {
  const picked = headers.map((header) => {
    const column = columnOf(header);
    if (!column) throw new Error(`No export column for ${header}`);
    return column;
  });
  return { headers, record: (row, context) => picked.map((column) => column.value(row, context)) };
}

export const csvLayout = layout(EXPORT_CSV_COLUMNS, (header) =>
  columns.find((column) => column.csv === header),
);

export const darwinCoreLayout = layout(
  columns.flatMap((column) => column.dwc ?? []),
  (term) => columns.find((column) => column.dwc === term),
);
