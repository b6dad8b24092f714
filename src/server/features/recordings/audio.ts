import type { IAudioMetadata } from 'music-metadata';
import {
  NOT_A_RECORDING_MESSAGE,
  RECORDING_LIMITS,
  RECORDING_TOO_LONG_MESSAGE,
  UNREADABLE_RECORDING_MESSAGE,
  VIDEO_NOT_RECORDING_MESSAGE,
  type RecordingFormat,
} from '../../../common/recordings.js';
import { HttpError } from '../../http-error.js';
import { readRecorderFacts, type RecorderFacts } from './guano.js';
import { mp3PaddingSamples } from './mpeg.js';
import { mp4AudioFacts, type Mp4AudioFacts } from './mp4-facts.js';

export interface SniffedAudio {
  format: RecordingFormat;
  /** The type to serve the original with. */
  mime: string;
}

/**
 * file-type's answer for each container accepted, by its bytes only. MP4 is the one family that
 * also holds video: file-type calls an M4A of brand 'isom' or 'mp42' (most phones) video/mp4, so
 * probeAudio decides by the tracks inside.
 */
const SNIFFED: Record<string, SniffedAudio> = {
  'audio/wav': { format: 'wav', mime: 'audio/wav' },
  'audio/flac': { format: 'flac', mime: 'audio/flac' },
  'audio/x-flac': { format: 'flac', mime: 'audio/flac' },
  'audio/mpeg': { format: 'mp3', mime: 'audio/mpeg' },
  'audio/aac': { format: 'aac', mime: 'audio/aac' },
  'audio/mp4': { format: 'm4a', mime: 'audio/mp4' },
  'audio/x-m4a': { format: 'm4a', mime: 'audio/mp4' },
  'video/mp4': { format: 'm4a', mime: 'audio/mp4' },
  'audio/ogg': { format: 'ogg', mime: 'audio/ogg' },
  'audio/ogg; codecs=opus': { format: 'ogg', mime: 'audio/ogg' },
};

/** The recording's container, by its bytes; 415 for anything else (a photo, a text, a video). */
export async function sniffAudio(bytes: Uint8Array): Promise<SniffedAudio> {
  // file-type and music-metadata load with the first recording, not at every start (issue 38)
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  const sniffed = detected && SNIFFED[detected.mime];
  if (!sniffed) throw new HttpError(415, NOT_A_RECORDING_MESSAGE);
  // Ogg may carry FLAC, Speex or Theora too: only Opus and Vorbis are decoded
  if (sniffed.format === 'ogg' && !isOggOpus(bytes) && !isOggVorbis(bytes)) {
    throw new HttpError(415, NOT_A_RECORDING_MESSAGE);
  }
  return sniffed;
}

/** Opus puts 'OpusHead' in the first packet of its first page; Vorbis puts '\x01vorbis'. */
export const isOggOpus = (bytes: Uint8Array) =>
  new TextDecoder().decode(bytes.subarray(28, 36)) === 'OpusHead';
const isOggVorbis = (bytes: Uint8Array) =>
  new TextDecoder().decode(bytes.subarray(28, 35)) === '\x01vorbis';

export interface AudioFacts extends RecorderFacts {
  format: RecordingFormat;
  durationSeconds: number;
  /** Hz as the file records it (Opus: the input rate in its header; it decodes at 48 kHz). */
  sampleRate: number;
  channels: number;
  /** As music-metadata names it: 'PCM', 'FLAC', 'MPEG 1 Layer 3', 'MPEG-4/AAC', 'Opus', … */
  codec?: string;
  /** FLAC and PCM keep every sample; a listening copy is made of them (listening-copy.ts). */
  lossless: boolean;
  bytes: number;
}

/**
 * What the recording is: its length, sample rate and channels, and for WAVs from field recorders
 * when and where it was made (guano.ts). 415 when it cannot be read or holds video, 413 past
 * RECORDING_LIMITS.maxSeconds.
 */
export async function probeAudio(bytes: Uint8Array, sniffed?: SniffedAudio): Promise<AudioFacts> {
  const { format, mime } = sniffed ?? (await sniffAudio(bytes));
  let metadata: IAudioMetadata;
  try {
    // `duration` reads an MP3 without a Xing header to its end rather than guess from its bitrate
    const { parseBuffer } = await import('music-metadata');
    metadata = await parseBuffer(
      bytes,
      { mimeType: mime, size: bytes.length },
      {
        duration: true,
        skipCovers: true,
      },
    );
  } catch {
    throw new HttpError(415, UNREADABLE_RECORDING_MESSAGE);
  }
  const { duration, sampleRate, numberOfChannels, codec, lossless, hasVideo, hasAudio } =
    metadata.format;
  if (hasVideo) throw new HttpError(415, VIDEO_NOT_RECORDING_MESSAGE);
  if (hasAudio === false || !duration || !sampleRate || !numberOfChannels) {
    throw new HttpError(415, UNREADABLE_RECORDING_MESSAGE);
  }
  const exact = exactLength(bytes, format, duration, sampleRate);
  if (exact.durationSeconds > RECORDING_LIMITS.maxSeconds) {
    throw new HttpError(413, RECORDING_TOO_LONG_MESSAGE);
  }
  return {
    format,
    sampleRate,
    channels: numberOfChannels,
    ...(codec && { codec }),
    ...exact,
    lossless: lossless ?? (format === 'wav' || format === 'flac'),
    bytes: bytes.length,
    ...(format === 'wav' ? readRecorderFacts(bytes) : {}),
  };
}

/**
 * The length players play, without an encoder's priming and padding, and an M4A's channels (and
 * an Opus track's rate and codec, which music-metadata does not read).
 */
function exactLength(
  bytes: Uint8Array,
  format: RecordingFormat,
  durationSeconds: number,
  sampleRate: number,
): { durationSeconds: number } & Mp4AudioFacts {
  if (format === 'mp3') {
    return { durationSeconds: durationSeconds - mp3PaddingSamples(bytes) / sampleRate };
  }
  if (format === 'm4a') return { durationSeconds, ...mp4AudioFacts(bytes) };
  return { durationSeconds };
}
