import type { ImportFormat } from '../../../../common/data-exchange/import.js';
import { LOG_LIMITS } from '../../../../common/logs/schemas.js';
import { zoneAt } from '../../../../common/place-time.js';

// What a CSV format of the import is (formats.ts, inaturalist.ts), and the readers of cells that
// the formats share. Values go to logWriteSchema as found: the schema, not a format, decides what
// is valid; a format refuses a row itself only for what the schema cannot know.

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
  /** When the log was made and last changed, as a Sightbook export has them. */
  times?: { createdAt: Date; updatedAt: Date };
  /**
   * A Sightbook export's uploaded photos (`/objects/uploads/{id}`): they come back only from an
   * account archive, which holds their bytes; from a CSV alone they are left out.
   */
  uploadedPhotos?: string[];
  /** The same of its uploaded sound recordings (issue 37). */
  uploadedRecordings?: string[];
  /** The outing (an eBird checklist) the row's log belongs to. */
  outing?: RowOuting;
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

export interface CsvFormat {
  name: ImportFormat;
  matches(header: string[]): boolean;
  /** Why a header of the format's own that lacks a column it needs is refused; else undefined. */
  refusal?(header: string[]): string | undefined;
  read(cells: Cells): RowInput;
  /** The header's columns the format does not read: the report names them as left out. */
  columnsLeftOut?(header: string[]): string[];
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
export const numberCell = (value: string) => {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return NUMBER.test(trimmed) ? Number(trimmed) : trimmed;
};

export const withoutCount = (value: unknown) => (value === null ? undefined : value);

export const joinLines = (...parts: string[]) =>
  parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join('\n');

/** A positional accuracy in metres as the whole metres the log keeps; 0 or none is unknown. */
export function uncertainty(value: string): number | null {
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
export function zoneOfCoordinates(latitude: unknown, longitude: unknown): string | undefined {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return zoneOfPoint(`${latitude},${longitude}`);
}
