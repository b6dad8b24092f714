import { z } from 'zod';
import { queryParam } from '../query-params.js';
import { importInvalidModes, importResultSchema } from './import.js';

// What only the server's import routes read: the query strings of the logs' import (`POST
// /api/import`) and the detections', and the logs' refusal. Apart from import.ts, which the logs
// list's import dialog reads: a schema is built as its module loads (the list's budget,
// bench/web-bundle.mjs).

/** An import's `dryRun=true|false`, false when absent (the detections' import too). */
export const dryRunParam = queryParam(
  z
    .enum(['true', 'false'], { error: 'dryRun must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
).describe('true: answer what the import would do, and write nothing');

export const importQuerySchema = z.object({
  dryRun: dryRunParam,
  onInvalid: queryParam(
    z.enum(importInvalidModes, { error: 'onInvalid must be abort or skip' }).default('abort'),
  ).describe('abort: import nothing when a row is invalid (422); skip: import the valid rows'),
});
export type ImportQuery = z.infer<typeof importQuerySchema>;

/** 422: onInvalid=abort and some rows were rejected, so nothing was imported. */
export const importRefusalSchema = importResultSchema.extend({ message: z.string() });
export type ImportRefusal = z.infer<typeof importRefusalSchema>;
