import { z } from 'zod';
import { isIsoDate } from './dates.js';
import { uploadedRecordingUrlsField } from './logs/schemas.js';

// Sound detections imported from a recorder's files (issue 37): BirdNET-Pi, BirdNET-Go and
// BirdNET-Analyzer. They are not logs: an outing lists them, grouped by species and hour, for
// a person to confirm or reject. The texts, the import's options and answer, the outing's list
// and the decisions, shared by both sides; the import's query is in detection-import-query.ts.

export const DETECTION_FORMATS = [
  'birdnet-pi',
  'birdnet-go',
  'birdnet-analyzer-table',
  'birdnet-analyzer-csv',
] as const;
export type DetectionFormatName = (typeof DETECTION_FORMATS)[number];

/** What the page calls each format's program. */
export const DETECTION_FORMAT_LABELS: Record<DetectionFormatName, string> = {
  'birdnet-pi': 'BirdNET-Pi',
  'birdnet-go': 'BirdNET-Go',
  'birdnet-analyzer-table': 'BirdNET-Analyzer',
  'birdnet-analyzer-csv': 'BirdNET-Analyzer',
};

export const DEFAULT_MIN_CONFIDENCE = 0.7;
/** The clips kept per species and hour for a person to listen to. */
export const CLIPS_PER_GROUP = 3;

export const DETECTION_TEXTS = {
  unknownFormat:
    'This is not a detection file we know: import BirdDB.txt from BirdNET-Pi, a BirdNET-Go CSV, or a BirdNET-Analyzer selection table or CSV.',
  unknownStart:
    "The recording's start time is unknown: name the file like 20240501_053000.wav or give its start.",
  notASpecies: (label: string) => `Not a species: ${label}`,
  badConfidence: (text: string) =>
    `The confidence "${text}" is not a number from 0 to 1 (or a percent)`,
  badDate: (text: string) => `The date and time "${text}" are not YYYY-MM-DD and HH:MM:SS`,
  badOffset: (text: string) => `The time in the recording "${text}" is not a number of seconds`,
  noSpecies: 'The row names no species',
} as const;

const wallDate = z.string().refine(isIsoDate, 'A date is YYYY-MM-DD');
const wallTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'A time is HH:MM or HH:MM:SS')
  .transform((time) => (time.length === 5 ? `${time}:00` : time));

/** A local wall-clock moment as a station writes it: no zone, no offset. */
export const wallClockSchema = z.object({ date: wallDate, time: wallTime });
export type WallClock = z.output<typeof wallClockSchema>;

export const detectionImportOptionsSchema = z.object({
  /** Detections under this confidence are left out of the list to confirm. */
  minConfidence: z.number().min(0.1).max(1).default(DEFAULT_MIN_CONFIDENCE),
  /**
   * When a recording started, for BirdNET-Analyzer outputs whose file names do not say it
   * (their times are seconds into the recording).
   */
  recordingStart: wallClockSchema.optional(),
});
export type DetectionImportOptions = z.output<typeof detectionImportOptionsSchema>;

// ---- The API: POST /api/detections/import, GET /api/outings/:id/detections, confirm, reject

/** A detection file's largest size, as a body. */
export const DETECTIONS_MAX_BYTES = 20 * 1024 * 1024;
/** The rejected rows an import's answer lists at most. */
export const DETECTIONS_MAX_LISTED = 50;
/** A station's token may post this many imports an hour. */
export const TOKEN_IMPORTS_PER_HOUR = 60;
export const DETECTION_BODY_TYPES = ['text/csv', 'text/plain', 'text/tab-separated-values'];
export const UNSUPPORTED_DETECTIONS_BODY =
  'Send the detection file itself as the body, as text/csv, text/plain or text/tab-separated-values';

export const detectionImportResultSchema = z.object({
  format: z.enum(DETECTION_FORMATS),
  outings: z.array(
    z.object({
      id: z.uuid().nullable().describe('null in a dry run, for an outing not made yet'),
      date: z.iso.date().describe("The station's local date"),
      timeZone: z.string().nullable(),
      toConfirm: z.number().int().describe('Species-and-hour groups waiting for a person'),
    }),
  ),
  read: z.number().int().describe('Detections read from the file'),
  kept: z.number().int().describe('New detections stored (or that would be, in a dry run)'),
  belowMinimum: z.number().int(),
  alreadyImported: z.number().int(),
  rejected: z
    .array(z.object({ line: z.number().int(), reason: z.string() }))
    .describe(`The rows left out and why, the first ${DETECTIONS_MAX_LISTED}`),
  rejectedCount: z.number().int(),
  repeated: z.number().int().describe('Rows the file holds twice, kept once'),
});
export type DetectionImportResult = z.infer<typeof detectionImportResultSchema>;

const clipSchema = z.object({
  detectedAt: z.iso.datetime({ offset: true }).describe("Local time with the outing's offset"),
  confidence: z.number(),
  file: z.string().nullable(),
  offsetSeconds: z.number().nullable(),
});

export const detectionGroupSchema = z.object({
  speciesKey: z.string(),
  scientificName: z.string().nullable(),
  commonName: z.string(),
  speciesCode: z.string().nullable(),
  hour: z.string().describe('The local hour, YYYY-MM-DDTHH'),
  detections: z.number().int(),
  bestConfidence: z.number(),
  clips: z.array(clipSchema).describe(`The best ${CLIPS_PER_GROUP}, best first`),
});
export type DetectionGroupReply = z.infer<typeof detectionGroupSchema>;

const decidedSchema = z.object({
  speciesKey: z.string(),
  scientificName: z.string().nullable(),
  commonName: z.string(),
  status: z.enum(['confirmed', 'rejected']),
  detections: z.number().int(),
  bestConfidence: z.number(),
  logId: z.uuid().nullable().describe('The log a confirmation made'),
});

export const outingDetectionsSchema = z.object({
  toConfirm: z.array(detectionGroupSchema),
  decided: z.array(decidedSchema).describe('Species confirmed or rejected, one entry each'),
});
export type OutingDetections = z.infer<typeof outingDetectionsSchema>;

const hoursField = z
  .array(z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}$/, 'An hour is YYYY-MM-DDTHH'))
  .min(1, 'Name at least one hour, or leave hours out')
  .max(200, 'At most 200 hours')
  .optional()
  .describe('The local hours to decide; all of the species when absent');

const speciesKeyField = z
  .string({ error: 'speciesKey is required' })
  .min(1, 'speciesKey is required')
  .max(300, 'speciesKey is too long');

export const detectionRejectSchema = z.object({ speciesKey: speciesKeyField, hours: hoursField });
export type DetectionReject = z.infer<typeof detectionRejectSchema>;

export const detectionConfirmSchema = detectionRejectSchema.extend({
  count: z
    .number({ error: 'Count must be a number' })
    .int('Count must be a whole number')
    .min(1, 'Count must be at least 1')
    .max(1_000_000, 'Count is too large')
    .default(1),
  // the clip files the user uploaded (PUT /api/recordings/complete): the log's recordings
  uploadedRecordingUrls: uploadedRecordingUrlsField,
});
export type DetectionConfirm = z.infer<typeof detectionConfirmSchema>;

export const detectionDecisionSchema = z.object({ decided: z.number().int() });

export const OUTING_DETECTION_TEXTS = {
  noSuchSpecies: 'No detections of this species on this outing',
  alreadyDecided: 'These detections are already confirmed or rejected',
  confirmedNote: (detections: number, best: number) =>
    `Confirmed from ${detections} BirdNET ${detections === 1 ? 'detection' : 'detections'} (best ${best.toFixed(2)}).`,
} as const;
