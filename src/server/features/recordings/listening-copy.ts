import { createMp3Encoder } from 'wasm-media-encoders';
import type { AudioFacts } from './audio.js';
import { decodeAudio } from './decode.js';

/**
 * Originals served to browsers as they are up to this size. Lossless files past it get an MP3
 * copy: 2 MB of 16-bit 48 kHz mono WAV is 22 seconds, which the copy holds in ~350 kB. A lossy
 * file is already what a browser plays, unless its bitrate made it larger than LOSSY_AS_IS.
 */
export const LISTENING_COPY_THRESHOLDS = {
  losslessAsIs: 2 * 1024 * 1024,
  lossyAsIs: 12 * 1024 * 1024,
} as const;

/** Rates MP3 allows; a recording above 48 kHz (a bat detector's) is heard at 48 kHz. */
const MP3_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000] as const;
type Mp3Rate = (typeof MP3_RATES)[number];

export interface ListeningCopy {
  bytes: Uint8Array;
  mime: 'audio/mpeg';
}

/**
 * A compressed copy for the browser's player when the original is too large to stream, else
 * null (serve the original, or its public copy). MP3 at VBR quality 4 (~100-130 kb/s stereo): every
 * browser plays it, LAME (in WebAssembly, wasm-media-encoders) runs ~50× real time, and it holds
 * nothing but sound, so the copy may also be what others get.
 */
export async function listeningCopy(
  bytes: Uint8Array,
  facts: AudioFacts,
): Promise<ListeningCopy | null> {
  const asIs = facts.lossless
    ? LISTENING_COPY_THRESHOLDS.losslessAsIs
    : LISTENING_COPY_THRESHOLDS.lossyAsIs;
  if (bytes.length <= asIs && facts.sampleRate <= 48_000) return null;
  return { bytes: await encodeMp3(bytes, facts), mime: 'audio/mpeg' };
}

/** The recording re-encoded as MP3 (at most 2 channels, at most 48 kHz). */
export async function encodeMp3(bytes: Uint8Array, facts: AudioFacts): Promise<Uint8Array> {
  const encoder = await createMp3Encoder();
  const parts: Uint8Array[] = [];
  let configured = false;
  for await (const block of decodeAudio(bytes, facts.format)) {
    const channels = block.channels.length > 1 ? block.channels.slice(0, 2) : block.channels;
    if (!configured) {
      encoder.configure({
        sampleRate: block.sampleRate,
        channels: channels.length as 1 | 2,
        vbrQuality: 4,
        outputSampleRate: mp3Rate(block.sampleRate),
      });
      configured = true;
    }
    parts.push(encoder.encode(channels).slice()); // a view of wasm memory, reused next call
  }
  if (configured) parts.push(encoder.finalize().slice());
  return Buffer.concat(parts);
}

/** The MP3 rate closest to the recording's, not above it unless it is below 8 kHz. */
const mp3Rate = (sampleRate: number): Mp3Rate =>
  MP3_RATES.findLast((rate) => rate <= sampleRate) ?? 8000;
