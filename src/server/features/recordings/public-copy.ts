import type { RecordingFormat } from '../../../common/recordings.js';
import { mp4Boxes } from './mp4.js';
import { mpegAudioRange } from './mpeg.js';
import { riffChunks } from './riff.js';

/**
 * The recording as others get it: the same sound, none of the embedded metadata (a GUANO
 * position, AudioMoth's comment, ID3, Vorbis comments, iTunes atoms, pictures). Done on the
 * container, so the sound is the original's, bit for bit, in every format:
 * - WAV keeps its `fmt `, `fact` and `data` chunks only;
 * - FLAC keeps STREAMINFO and SEEKTABLE;
 * - MP3 and ADTS AAC lose their ID3v2, ID3v1 and APE tags;
 * - Ogg (Opus, Vorbis) keeps its comment packet's layout with every comment blanked (pages
 *   keep their lengths; their checksums are made anew);
 * - M4A turns `udta`, `meta` and `uuid` boxes into zeroed `free` boxes of the same size (every
 *   offset in the sample tables stays right) and zeroes the creation and modification times.
 */
export function stripAudioMetadata(bytes: Uint8Array, format: RecordingFormat): Uint8Array {
  switch (format) {
    case 'wav':
      return stripWav(bytes);
    case 'flac':
      return stripFlac(bytes);
    case 'ogg':
      return blankOggComments(bytes);
    case 'm4a':
      return blankMp4Metadata(bytes);
    default: {
      const { start, end } = mpegAudioRange(bytes);
      return new Uint8Array(bytes.subarray(start, end));
    }
  }
}

const KEPT_WAV_CHUNKS = new Set(['fmt ', 'fact', 'data']);

function stripWav(bytes: Uint8Array): Uint8Array {
  const kept = riffChunks(bytes).filter((chunk) => KEPT_WAV_CHUNKS.has(chunk.id));
  const length = kept.reduce((sum, { size }) => sum + 8 + size + (size % 2), 12);
  const out = new Uint8Array(length);
  const view = new DataView(out.buffer);
  out.set(bytes.subarray(0, 12));
  view.setUint32(4, length - 8, true);
  let offset = 12;
  for (const { start, size } of kept) {
    out.set(bytes.subarray(start - 8, start), offset); // id and size
    view.setUint32(offset + 4, size, true); // a cut `data` says what it holds
    out.set(bytes.subarray(start, start + size), offset + 8);
    offset += 8 + size + (size % 2);
  }
  return out;
}

const STREAMINFO = 0;
const SEEKTABLE = 3;

function stripFlac(bytes: Uint8Array): Uint8Array {
  const { start: flac } = mpegAudioRange(bytes); // an ID3v2 tag some taggers put first
  const kept: Uint8Array[] = [bytes.subarray(flac, flac + 4)]; // 'fLaC'
  let offset = flac + 4;
  for (let last = false; !last && offset + 4 <= bytes.length;) {
    last = (bytes[offset]! & 0x80) !== 0;
    const type = bytes[offset]! & 0x7f;
    const size = (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    if (type === STREAMINFO || type === SEEKTABLE) {
      kept.push(new Uint8Array(bytes.subarray(offset, offset + 4 + size)));
    }
    offset += 4 + size;
  }
  for (const block of kept.slice(1)) block[0]! &= 0x7f;
  kept.at(-1)![0]! |= 0x80; // the last metadata block says so
  kept.push(bytes.subarray(offset));
  return Buffer.concat(kept);
}

/** Ogg pages of the first logical stream and where the second packet's bytes lie in them. */
function blankOggComments(original: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(original); // a copy (a Buffer's slice() would share memory)
  const runs: { at: number; length: number; page: number }[] = [];
  const pages: { at: number; end: number }[] = [];
  let packet = 0;
  for (let at = 0; at + 27 <= bytes.length && packet < 2;) {
    if (!isOggPage(bytes, at)) break;
    const segments = bytes[at + 26]!;
    let data = at + 27 + segments;
    const page = pages.length;
    for (let i = 0; i < segments; i += 1) {
      const lacing = bytes[at + 27 + i]!;
      if (packet === 1 && lacing) runs.push({ at: data, length: lacing, page });
      data += lacing;
      if (lacing < 255) packet += 1;
    }
    pages.push({ at, end: data });
    at = data;
  }
  const comments = Buffer.concat(runs.map(({ at, length }) => bytes.subarray(at, at + length)));
  blankComments(comments);
  let read = 0;
  for (const { at, length } of runs) {
    bytes.set(comments.subarray(read, read + length), at);
    read += length;
  }
  for (const page of new Set(runs.map((run) => run.page))) {
    const { at, end } = pages[page]!;
    new DataView(bytes.buffer).setUint32(at + 22, 0, true);
    new DataView(bytes.buffer).setUint32(at + 22, oggCrc(bytes.subarray(at, end)), true);
  }
  return bytes;
}

const isOggPage = (bytes: Uint8Array, at: number) =>
  bytes[at] === 0x4f && bytes[at + 1] === 0x67 && bytes[at + 2] === 0x67 && bytes[at + 3] === 0x53;

/**
 * Each 'KEY=value' of a Vorbis comment packet ('\x03vorbis' or 'OpusTags', a vendor string,
 * a count, then length-prefixed comments) made 'X=' and spaces of the same length.
 */
function blankComments(packet: Uint8Array) {
  const view = new DataView(packet.buffer, packet.byteOffset, packet.byteLength);
  const magic = packet[0] === 3 ? 7 : 8;
  if (packet.length < magic + 8) return;
  let at = magic + 4 + view.getUint32(magic, true);
  const count = at + 4 <= packet.length ? view.getUint32(at, true) : 0;
  at += 4;
  for (let i = 0; i < count && at + 4 <= packet.length; i += 1) {
    const length = Math.min(view.getUint32(at, true), packet.length - at - 4);
    packet.fill(0x20, at + 4, at + 4 + length);
    packet.set([0x58, 0x3d].slice(0, length), at + 4); // 'X='
    at += 4 + length;
  }
}

const OGG_CRC_TABLE = Uint32Array.from({ length: 256 }, (_, byte) => {
  let crc = byte << 24;
  for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  return crc >>> 0;
});

function oggCrc(page: Uint8Array): number {
  let crc = 0;
  for (const byte of page) crc = ((crc << 8) ^ OGG_CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}

const MP4_METADATA = new Set(['udta', 'meta', 'uuid']);
const MP4_TIMED = new Set(['mvhd', 'tkhd', 'mdhd']);

function blankMp4Metadata(original: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(original);
  const view = new DataView(bytes.buffer);
  let blankedTo = -1;
  for (const box of mp4Boxes(original)) {
    if (box.offset < blankedTo) continue; // inside a box already blanked
    if (MP4_METADATA.has(box.type)) {
      bytes.set([0x66, 0x72, 0x65, 0x65], box.offset + 4); // 'free'
      bytes.fill(0, box.start, box.end);
      blankedTo = box.end;
    } else if (MP4_TIMED.has(box.type)) {
      // creation and modification times follow the version and flags: 4 bytes each, 8 in v1
      const width = bytes[box.start] === 1 ? 8 : 4;
      for (let i = 0; i < 2 * width; i += 1) view.setUint8(box.start + 4 + i, 0);
    }
  }
  return bytes;
}
