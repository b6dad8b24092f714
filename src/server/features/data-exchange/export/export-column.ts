import type { ExportScope } from '../../../../common/data-exchange/export.js';
import type { DataLicense } from '../../../../common/data-exchange/licenses.js';
import type { ObscuredPlace } from '../../../../common/location-privacy.js';

// What a column of the exports is (columns.ts, record-columns.ts): its CSV header, its Darwin
// Core term and its value.

/** What a value may need beyond its row. */
export interface ExportContext {
  /** Uploaded photos and shared pages are paths on this server: Darwin Core links them absolutely. */
  origin: string;
  /** The account's display name (first and last name), '' without one: never its email. */
  recordedBy: string;
  license: DataLicense;
  /** `public`: what may be published (ARCHITECTURE "Later contracts", the archive's scope). */
  scope: ExportScope;
  /** What an obscured place's name becomes when publishing: the owner's choice (issue 35). */
  obscuredPlace: ObscuredPlace;
}

/** A term of Darwin Core or of Dublin Core (which Darwin Core uses for a few), by its IRI. */
export interface Term {
  name: string;
  iri: string;
}
export const dwc = (name: string): Term => ({ name, iri: `http://rs.tdwg.org/dwc/terms/${name}` });
export const dc = (name: string): Term => ({ name, iri: `http://purl.org/dc/terms/${name}` });

export type Value = string | number | boolean | null;

export interface ExportColumn<Row> {
  /** The column's header in our own CSV, when it has one. */
  csv?: string;
  /** The Darwin Core term, when the column is one. */
  term?: Term;
  /** Text the user wrote: the CSV formats keep a spreadsheet from running it. */
  userText?: true;
  value(row: Row, context: ExportContext): Value;
}
