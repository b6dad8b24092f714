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
