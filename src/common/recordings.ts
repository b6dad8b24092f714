import { z } from 'zod';

// Upload rules of sound recordings (issue 37), beside those of photos (photos.ts).
export const RECORDING_LIMITS = {
  maxBytes: 52_428_800,
  maxSeconds: 600,
} as const;

/** The containers a recording may come in, sniffed by their bytes (ADTS is a bare AAC stream). */
export const recordingFormats = ['wav', 'flac', 'mp3', 'm4a', 'aac', 'ogg'] as const;
export type RecordingFormat = (typeof recordingFormats)[number];

export const NOT_A_RECORDING_MESSAGE = 'Not a sound recording: use WAV, FLAC, MP3, M4A or Ogg.';
export const RECORDING_TOO_LARGE_MESSAGE = 'Recordings can be at most 50 MB.';
export const RECORDING_TOO_LONG_MESSAGE = 'Recordings can be at most 10 minutes long.';
export const UNREADABLE_RECORDING_MESSAGE = 'The recording could not be read; it may be damaged.';
export const VIDEO_NOT_RECORDING_MESSAGE =
  'This file holds video: upload the sound only, as WAV, FLAC, MP3, M4A or Ogg.';

/** What a spectrogram shows unless asked otherwise: birds, frogs and insects, not bats. */
export const SPECTROGRAM_DEFAULTS = {
  maxHz: 12_000,
  height: 256,
  maxWidth: 2000,
  pixelsPerSecond: 100,
  /** Quieter than the loudest point by more than this is drawn as silence. */
  dynamicRangeDb: 80,
} as const;

/** What a spectrogram spans from bottom to top: '0–12 kHz', '0–11 kHz' (of a 22.05 kHz file). */
export const spectrogramRange = (maxHz: number) => `0–${Number((maxHz / 1000).toFixed(1))} kHz`;

export const RECORDING_TOO_SLOW_MESSAGE =
  'This recording took too long to process; try a shorter one.';

/** Derivatives served beside an uploaded recording. */
export const recordingVariants = ['spectrogram.png', 'listen.mp3'] as const;
export type RecordingVariant = (typeof recordingVariants)[number];

export const spectrogramUrl = (objectPath: string) => `${objectPath}/spectrogram.png`;
export const listeningUrl = (objectPath: string) => `${objectPath}/listen.mp3`;

export const recordingCompleteSchema = z.object({
  recordingURL: z
    .string({ error: 'recordingURL is required' })
    .min(1, 'recordingURL is required')
    .max(4096, 'recordingURL is too long'),
});

/** What the owner learns of an uploaded recording; the recorder's position is theirs only. */
export const recordingCompleteResponseSchema = z.object({
  objectPath: z.string(),
  durationSeconds: z.number(),
  sampleRate: z.number().int(),
  channels: z.number().int(),
  format: z.enum(recordingFormats),
  recordedAt: z.iso.datetime().optional().describe('When the recorder says it started (UTC)'),
  latitude: z.number().optional().describe("The recorder's position (GUANO), for the owner only"),
  longitude: z.number().optional(),
  recorder: z.string().optional(),
  spectrogram: z.object({
    path: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    maxHz: z.number().int(),
  }),
});
export type RecordingCompleteResponse = z.infer<typeof recordingCompleteResponseSchema>;
