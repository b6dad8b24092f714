import { z } from 'zod';

// CSV import of logs (issue 5): our own export, iNaturalist observations or "My eBird Data".

export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
/** What browsers and spreadsheet apps label a .csv file with (Windows says vnd.ms-excel). */
export const IMPORT_CONTENT_TYPES = [
  'text/csv',
  'application/octet-stream',
  'application/vnd.ms-excel',
];

export const importFormats = ['sightbook', 'inaturalist', 'ebird'] as const;
export type ImportFormat = (typeof importFormats)[number];

/** A row of the file, by its 1-based line (the header is line 1; where a multi-line row begins). */
export const importRejectionSchema = z.object({ line: z.number().int(), reason: z.string() });
export type ImportRejection = z.infer<typeof importRejectionSchema>;

/** Something left out of a row that was imported anyway (e.g. an uploaded photo's path). */
export const importWarningSchema = z.object({ line: z.number().int(), message: z.string() });
export type ImportWarning = z.infer<typeof importWarningSchema>;

/** 201: every row imported. */
export const importResultSchema = z.object({
  format: z.enum(importFormats),
  imported: z.number().int(),
  rejected: z.array(importRejectionSchema),
  warnings: z.array(importWarningSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** 422: some rows were rejected, so nothing was imported (all or nothing). */
export const importRefusalSchema = importResultSchema.extend({ message: z.string() });
export type ImportRefusal = z.infer<typeof importRefusalSchema>;
