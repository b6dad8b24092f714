import { z } from 'zod';
import { isIsoDate } from './dates.js';

// Sound detections imported from a recorder's files (issue 37): BirdNET-Pi, BirdNET-Go and
// BirdNET-Analyzer. They are not logs: an outing lists them, grouped by species and hour, for
// a person to confirm or reject. The texts and the import's options, shared by both sides.

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
