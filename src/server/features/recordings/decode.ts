import { decoder as aacDecoder } from '@audio/decode-aac';
import { FLACDecoder } from '@wasm-audio-decoders/flac';
import { OggVorbisDecoder } from '@wasm-audio-decoders/ogg-vorbis';
import { MPEGDecoder } from 'mpg123-decoder';
import { OggOpusDecoder } from 'ogg-opus-decoder';
import type { RecordingFormat } from '../../../common/recordings.js';
import { UNREADABLE_RECORDING_MESSAGE } from '../../../common/recordings.js';
import { HttpError } from '../../http-error.js';
import { isOggOpus } from './audio.js';
import { decodeMp4 } from './decode-mp4.js';
import { riffChunks, waveFormat, type RiffChunk, type WaveFormat } from './riff.js';

/** Some seconds of sound: one Float32Array per channel, samples in -1…1. */
export interface PcmBlock {
  channels: Float32Array[];
  sampleRate: number;
}

/** A streaming decoder of one codec, as the wasm-audio-decoders family shapes them. */
interface StreamDecoder {
  decode(bytes: Uint8Array): PcmBlock | Promise<PcmBlock>;
  flush?(): PcmBlock | Promise<PcmBlock>;
  free(): void;
}

// Compressed bytes handed to a decoder at a time: a few seconds of sound come out of each, so
// the whole recording is never held as PCM (10 minutes at 48 kHz stereo would be 230 MB).
const INPUT_BLOCK = 256 * 1024;
const WAV_FRAMES_PER_BLOCK = 1 << 16;

/**
 * The recording's sound, block by block. Every format is decoded in WebAssembly or plain
 * JavaScript: FLAC, MP3, Ogg (Opus, Vorbis) and Opus in MP4 by the wasm-audio-decoders family,
 * AAC by FAAD2 (@audio/decode-aac), WAV here; MP4's frames are found by decode-mp4.ts.
 */
export async function* decodeAudio(
  bytes: Uint8Array,
  format: RecordingFormat,
): AsyncGenerator<PcmBlock> {
  if (format === 'wav') {
    yield* decodeWav(bytes);
    return;
  }
  if (format === 'm4a') {
    yield* decodeMp4(bytes);
    return;
  }
  const decoder = await openDecoder(bytes, format);
  try {
    const step = format === 'aac' ? bytes.length : INPUT_BLOCK;
    for (let offset = 0; offset < bytes.length; offset += step) {
      const block = await decoder.decode(bytes.subarray(offset, offset + step));
      if (block.channels[0]?.length) yield block;
    }
    const last = await decoder.flush?.();
    if (last?.channels[0]?.length) yield last;
  } finally {
    decoder.free();
  }
}

async function openDecoder(bytes: Uint8Array, format: RecordingFormat): Promise<StreamDecoder> {
  switch (format) {
    case 'flac':
      return ready(new FLACDecoder());
    case 'mp3':
      return ready(new MPEGDecoder());
    case 'ogg':
      return isOggOpus(bytes) ? ready(new OggOpusDecoder()) : ready(new OggVorbisDecoder());
    default: {
      const aac = await aacDecoder();
      const block = (audio: { channelData: Float32Array[]; sampleRate: number }) => ({
        channels: audio.channelData,
        sampleRate: audio.sampleRate,
      });
      return {
        decode: (input) => block(aac.decode(input)),
        flush: () => block(aac.flush()),
        free: () => aac.free(),
      };
    }
  }
}

interface WasmDecoded {
  channelData: Float32Array[];
  sampleRate: number;
}
interface WasmDecoder {
  ready: Promise<void>;
  decode(bytes: Uint8Array): WasmDecoded | Promise<WasmDecoded>;
  flush?: () => Promise<WasmDecoded>;
  free(): void;
}

/** A wasm-audio-decoders decoder, compiled and in the shape of the others. */
async function ready(decoder: WasmDecoder): Promise<StreamDecoder> {
  await decoder.ready;
  const block = ({ channelData, sampleRate }: WasmDecoded) => ({
    channels: channelData,
    sampleRate,
  });
  const flush = decoder.flush?.bind(decoder);
  return {
    decode: async (input) => block(await decoder.decode(input)),
    ...(flush && { flush: async () => block(await flush()) }),
    free: () => decoder.free(),
  };
}

async function* decodeWav(bytes: Uint8Array): AsyncGenerator<PcmBlock> {
  const { format, data } = wavLayout(bytes);
  const bytesPerSample = format.bitsPerSample / 8;
  const frames = Math.floor(data.size / format.blockAlign);
  const view = new DataView(bytes.buffer, bytes.byteOffset + data.start, data.size);
  const read = sampleReader(format, view);
  for (let first = 0; first < frames; first += WAV_FRAMES_PER_BLOCK) {
    const count = Math.min(WAV_FRAMES_PER_BLOCK, frames - first);
    const channels = Array.from({ length: format.channels }, () => new Float32Array(count));
    for (let frame = 0; frame < count; frame += 1) {
      const base = (first + frame) * format.blockAlign;
      for (let channel = 0; channel < format.channels; channel += 1) {
        channels[channel]![frame] = read(base + channel * bytesPerSample);
      }
    }
    yield { channels, sampleRate: format.sampleRate };
  }
}

/** The `fmt ` and `data` chunks of a WAV whose samples this module can read, else 415. */
export function wavLayout(bytes: Uint8Array): { format: WaveFormat; data: RiffChunk } {
  const chunks = riffChunks(bytes);
  const fmt = chunks.find((chunk) => chunk.id === 'fmt ');
  const data = chunks.find((chunk) => chunk.id === 'data');
  const format = fmt && fmt.size >= 16 ? waveFormat(bytes, fmt) : undefined;
  const readable =
    format &&
    format.channels > 0 &&
    format.blockAlign >= format.channels * (format.bitsPerSample / 8) &&
    ((format.formatTag === 1 && [8, 16, 24, 32].includes(format.bitsPerSample)) ||
      (format.formatTag === 3 && [32, 64].includes(format.bitsPerSample)));
  if (!readable || !data) throw new HttpError(415, UNREADABLE_RECORDING_MESSAGE);
  return { format, data };
}

function sampleReader(format: WaveFormat, view: DataView): (offset: number) => number {
  if (format.formatTag === 3) {
    return format.bitsPerSample === 32
      ? (offset) => view.getFloat32(offset, true)
      : (offset) => view.getFloat64(offset, true);
  }
  switch (format.bitsPerSample) {
    case 8:
      return (offset) => (view.getUint8(offset) - 128) / 128; // 8-bit WAV is unsigned
    case 16:
      return (offset) => view.getInt16(offset, true) / 32768;
    case 24:
      return (offset) =>
        ((view.getInt8(offset + 2) << 16) | view.getUint16(offset, true)) / 8388608;
    default:
      return (offset) => view.getInt32(offset, true) / 2147483648;
  }
}

/** The channels of a block mixed to one. */
export function monoMix({ channels }: PcmBlock): Float32Array {
  if (channels.length === 1) return channels[0]!;
  const mono = new Float32Array(channels[0]!.length);
  for (const channel of channels) {
    for (let i = 0; i < mono.length; i += 1) mono[i]! += channel[i]! / channels.length;
  }
  return mono;
}
