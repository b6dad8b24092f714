import { z } from 'zod';
import { dryRunParam } from './data-exchange/import-route.js';
import { DEFAULT_MIN_CONFIDENCE, wallClockSchema } from './detections.js';
import { coordinateParam, optionalQuery, queryParam } from './query-params.js';
import { canonicalTimeZone } from './zone-names.js';

// The query of POST /api/detections/import (issue 37). Apart from detections.ts, which the web
// app reads: only the server reads it, and schemas are built as their module loads.

/** `2024-05-01T05:30` or `2024-05-01 05:30:00`: a recording's start, local time. */
const recordingStartParam = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/, 'The recording start is YYYY-MM-DDTHH:MM')
  .transform((text) => ({ date: text.slice(0, 10), time: text.slice(11) }))
  .pipe(wallClockSchema);

export const detectionImportQuerySchema = z
  .object({
    minConfidence: queryParam(
      z.coerce
        .number({ error: 'The minimum confidence must be a number' })
        .min(0.1, 'The minimum confidence must be from 0.1 to 1')
        .max(1, 'The minimum confidence must be from 0.1 to 1')
        .default(DEFAULT_MIN_CONFIDENCE),
    ).describe('Detections under it are counted (belowMinimum), not kept'),
    fileName: optionalQuery(z.string().trim().max(300, 'The file name is too long')).describe(
      "The file's name: a recording's start may be in it (BirdNET_20240501_053000.csv)",
    ),
    recordingStart: optionalQuery(recordingStartParam).describe(
      "When the recording started (local time), for results whose file names don't say",
    ),
    outingId: optionalQuery(z.uuid('Outing not found')).describe(
      'Your outing to put the detections on; without it, one outing per station and local day',
    ),
    latitude: optionalQuery(coordinateParam('Latitude')).describe(
      "The station's position, when the file has none",
    ),
    longitude: optionalQuery(coordinateParam('Longitude')),
    timeZone: optionalQuery(
      z
        .string()
        .trim()
        .refine((name) => canonicalTimeZone(name) !== undefined, 'Unknown time zone')
        .transform((name) => canonicalTimeZone(name) ?? name),
    ).describe("The station's IANA zone; else the position's"),
    dryRun: dryRunParam,
  })
  .superRefine((query, context) => {
    if ((query.latitude === undefined) === (query.longitude === undefined)) return;
    context.addIssue({
      code: 'custom',
      message: 'Latitude and longitude must be given together',
      path: [query.latitude === undefined ? 'latitude' : 'longitude'],
    });
  });
export type DetectionImportQuery = z.output<typeof detectionImportQuerySchema>;
