import { decoder as aacDecoder } from '@audio/decode-aac';
import { OpusDecoder } from 'opus-decoder';
import { mp4AudioSpecificConfig } from './mp4-facts.js';
import { mp4SoundTrack, type Mp4Sample, type OpusSetup } from './mp4-track.js';
import type { PcmBlock } from './decode.js';

/** Frames handed to a decoder at a time: seconds of sound, never the whole recording as PCM. */
const FRAMES_PER_BLOCK = 256;

/**
 * An MP4's sound, block by block. Opus (what Chrome and Android record) frame by frame from the
 * sample tables or fragments, by libopus (opus-decoder); AAC in fragments (Safari's recorder) the
 * same way by FAAD2 with the `esds` config; any other M4A whole by FAAD2, which reads its tables
 * and edit list itself (and ALAC).
 */
export async function* decodeMp4(bytes: Uint8Array): AsyncGenerator<PcmBlock> {
  const track = mp4SoundTrack(bytes);
  const frames = track?.samples.filter(({ offset, size }) => size && offset + size <= bytes.length);
  if (track?.opus && frames) {
    yield* decodeOpus(bytes, frames, track.opus, track.timescale);
    return;
  }
  const asc = track?.fragmented && track.codec === 'mp4a' && mp4AudioSpecificConfig(bytes);
  const aac = await aacDecoder(asc ? { asc } : undefined);
  try {
    if (asc && frames) {
      for (const batch of batches(bytes, frames)) {
        const block = fromWasm(aac.decode(batch));
        if (block.channels[0]?.length) yield block;
      }
    } else {
      const block = fromWasm(aac.decode(bytes)); // FAAD2 finds the tables in `moov`, first or last
      if (block.channels[0]?.length) yield block;
    }
    const last = fromWasm(aac.flush());
    if (last.channels[0]?.length) yield last;
  } finally {
    aac.free();
  }
}

/**
 * Opus frames at 48 kHz, cut to the frames' durations: a recorder that stops mid-frame says so in
 * the last frame's duration (Chrome's: 1008 of its 2880 samples).
 */
async function* decodeOpus(
  bytes: Uint8Array,
  frames: Mp4Sample[],
  setup: OpusSetup,
  timescale: number,
): AsyncGenerator<PcmBlock> {
  const ticks = frames.reduce((sum, { duration }) => sum + duration, 0);
  let left = Math.round((ticks / timescale) * 48_000);
  const opus = new OpusDecoder({
    channels: setup.channels,
    streamCount: setup.streamCount,
    coupledStreamCount: setup.coupledStreamCount,
    channelMappingTable: setup.channelMappingTable,
  });
  await opus.ready;
  try {
    for (const batch of batches(bytes, frames)) {
      const { channels, sampleRate } = fromWasm(opus.decodeFrames(batch));
      const length = Math.min(left, channels[0]?.length ?? 0);
      left -= length;
      if (length) yield { channels: channels.map((one) => one.subarray(0, length)), sampleRate };
    }
  } finally {
    opus.free();
  }
}

function* batches(bytes: Uint8Array, frames: Mp4Sample[]): Generator<Uint8Array[]> {
  for (let first = 0; first < frames.length; first += FRAMES_PER_BLOCK) {
    yield frames
      .slice(first, first + FRAMES_PER_BLOCK)
      .map(({ offset, size }) => bytes.subarray(offset, offset + size));
  }
}

const fromWasm = (audio: { channelData: Float32Array[]; sampleRate: number }): PcmBlock => ({
  channels: audio.channelData,
  sampleRate: audio.sampleRate,
});
