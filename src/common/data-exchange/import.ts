import { z } from 'zod';
import { unusualGroupSchema } from '../occurrences.js';

// CSV import of logs (issue 5, issue 24): our own export, iNaturalist observations or "My eBird
// Data"; `POST /api/import?dryRun=…&onInvalid=…` (ARCHITECTURE "Later contracts").

export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Data rows (records with a cell that is not blank) a file may hold; a larger one is refused. */
export const IMPORT_MAX_ROWS = 50_000;
/** The rejected rows a reply lists at most; rejectedSummary counts them all. */
export const IMPORT_MAX_LISTED = 1000;
/** The lines rejectedSummary names for each reason. */
export const IMPORT_SUMMARY_LINES = 10;
/**
 * What a .csv file is sent as: text/csv, or what browsers and spreadsheet apps label one with
 * (Windows says vnd.ms-excel, some tools octet-stream or text/plain). multipart/form-data with
 * a `file` field is taken too.
 */
export const IMPORT_CONTENT_TYPES = [
  'text/csv',
  'application/vnd.ms-excel',
  'application/octet-stream',
  'text/plain',
];
/** An account archive (issue 21) is sent as a zip; it is recognised by its bytes anyway. */
export const IMPORT_ARCHIVE_TYPES = ['application/zip', 'application/x-zip-compressed'];
/** An account archive holds every original photo: it may be far larger than a CSV. */
export const IMPORT_ARCHIVE_MAX_BYTES = 4 * 1024 * 1024 * 1024;
export const IMPORT_FILE_FIELD = 'file';
export const UNSUPPORTED_IMPORT_BODY = `Send the file as text/csv, application/zip or multipart/form-data (field "${IMPORT_FILE_FIELD}")`;

export const importFormats = ['sightbook', 'inaturalist', 'ebird'] as const;
export type ImportFormat = (typeof importFormats)[number];

export const importInvalidModes = ['abort', 'skip'] as const;
export type ImportInvalidMode = (typeof importInvalidModes)[number];

/** A row of the file, by its 1-based line (the header is line 1; where a multi-line row begins). */
export const importRejectionSchema = z.object({ line: z.number().int(), reason: z.string() });
export type ImportRejection = z.infer<typeof importRejectionSchema>;

/** Every row refused for one reason: how many, and the lines of the first few. */
export const importRejectionGroupSchema = z.object({
  reason: z.string(),
  count: z.number().int(),
  lines: z.array(z.number().int()),
});
export type ImportRejectionGroup = z.infer<typeof importRejectionGroupSchema>;

/** Something left out or assumed in a row that was imported anyway. */
export const importWarningSchema = z.object({ line: z.number().int(), message: z.string() });
export type ImportWarning = z.infer<typeof importWarningSchema>;

/**
 * 201 (200 for a dry run): `rows` data records were read; `imported` of them were (or would
 * be) added, `duplicates` were already in the account (or earlier in the file) and add nothing,
 * and the rest were rejected: `rejectedSummary` counts them by reason, `rejected` lists the first
 * 1,000. `warnings` lists the first 1,000 too. `outings` counts the outings made (eBird's
 * checklists, an archive's outings) that the account did not have.
 */
export const importResultSchema = z.object({
  format: z.enum(importFormats),
  rows: z.number().int(),
  imported: z.number().int(),
  duplicates: z.number().int(),
  outings: z
    .number()
    .int()
    .describe('Outings (eBird checklists, an archive’s outings) added, or that would be'),
  rejected: z.array(importRejectionSchema),
  rejectedSummary: z.array(importRejectionGroupSchema),
  warnings: z.array(importWarningSchema),
  unusual: z
    .array(unusualGroupSchema)
    .describe('Issue 36: records unusual where and when they were made, by kind; never refused'),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** Rows rejected in all, from a report's summary. */
export const rejectedCount = (result: Pick<ImportResult, 'rejectedSummary'>) =>
  result.rejectedSummary.reduce((sum, group) => sum + group.count, 0);
