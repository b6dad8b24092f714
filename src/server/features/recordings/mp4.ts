/** One box of an ISO BMFF (MP4, M4A) file: its type and where its body lies. */
export interface Mp4Box {
  type: string;
  /** Offset of the header. */
  offset: number;
  /** Offset of the body. */
  start: number;
  /** Offset just past the box. */
  end: number;
}

/** Boxes holding only other boxes, walked into. `meta` has 4 bytes of version first. */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'edts', 'udta', 'meta']);

/** Every box of the file, depth first, with the boxes inside containers. */
export function mp4Boxes(bytes: Uint8Array, from = 0, to = bytes.length): Mp4Box[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes: Mp4Box[] = [];
  let offset = from;
  while (offset + 8 <= to) {
    let size = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    let start = offset + 8;
    if (size === 1 && offset + 16 <= to) {
      size = Number(view.getBigUint64(offset + 8));
      start += 8;
    } else if (size === 0) {
      size = to - offset; // to the end of the file
    }
    if (size < start - offset || offset + size > to) break;
    const box = { type, offset, start, end: offset + size };
    boxes.push(box);
    if (CONTAINERS.has(type)) {
      const inner = type === 'meta' && isFullBoxMeta(bytes, start) ? start + 4 : start;
      boxes.push(...mp4Boxes(bytes, inner, box.end));
    }
    offset = box.end;
  }
  return boxes;
}

/** QuickTime's `meta` has no version field; ISO's has one (its next 4 bytes are not a size). */
const isFullBoxMeta = (bytes: Uint8Array, start: number) =>
  bytes[start] === 0 && bytes[start + 1] === 0 && bytes[start + 2] === 0 && bytes[start + 3] === 0;

/**
 * What an M4A's sound really is, where music-metadata reads the sample entry: its channel count
 * is 2 in many writers' files whatever the AAC holds, and its length counts the encoder's
 * priming samples. Read here: the channels of the AudioSpecificConfig in `esds`, and the length
 * the edit list (`elst`) plays.
 */
export function mp4AudioFacts(bytes: Uint8Array): { channels?: number; durationSeconds?: number } {
  const boxes = mp4Boxes(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const facts: { channels?: number; durationSeconds?: number } = {};
  const esds = esdsOf(bytes, boxes);
  const config = esds && audioSpecificConfig(esds);
  const channels = config && config.length >= 2 ? (config[1]! >> 3) & 0x0f : 0;
  if (channels >= 1 && channels <= 7) facts.channels = channels === 7 ? 8 : channels;
  const mvhd = boxes.find((box) => box.type === 'mvhd');
  const elst = boxes.find((box) => box.type === 'elst');
  if (mvhd && elst) {
    const v1 = bytes[mvhd.start] === 1;
    const timescale = view.getUint32(mvhd.start + (v1 ? 20 : 12));
    const elstV1 = bytes[elst.start] === 1;
    const entries = view.getUint32(elst.start + 4);
    let played = 0;
    for (let i = 0, at = elst.start + 8; i < entries && at + 12 <= elst.end; i += 1) {
      const segment = elstV1 ? Number(view.getBigUint64(at)) : view.getUint32(at);
      const mediaTime = elstV1 ? Number(view.getBigInt64(at + 8)) : view.getInt32(at + 4);
      if (mediaTime !== -1) played += segment; // -1: an empty edit, a pause before the sound
      at += elstV1 ? 20 : 12;
    }
    if (timescale && played) facts.durationSeconds = played / timescale;
  }
  return facts;
}

/** The body of the `esds` box in the `mp4a` sample entry, inside `stsd` (not walked into). */
function esdsOf(bytes: Uint8Array, boxes: Mp4Box[]): Uint8Array | undefined {
  const stsd = boxes.find((box) => box.type === 'stsd');
  if (!stsd) return undefined;
  const body = bytes.subarray(stsd.start, stsd.end);
  const at = String.fromCharCode(...body).indexOf('esds');
  if (at < 4) return undefined;
  const size = new DataView(body.buffer, body.byteOffset + at - 4, 4).getUint32(0);
  return body.subarray(at + 8, at - 4 + size); // past the version and flags
}

/** The DecoderSpecificInfo (tag 5) inside an ES_Descriptor (tag 3) and its config (tag 4). */
function audioSpecificConfig(descriptors: Uint8Array): Uint8Array | undefined {
  let at = 0;
  while (at < descriptors.length) {
    const tag = descriptors[at++]!;
    let length = 0;
    for (let i = 0; i < 4; i += 1) {
      const byte = descriptors[at++] ?? 0;
      length = (length << 7) | (byte & 0x7f);
      if (!(byte & 0x80)) break;
    }
    if (tag === 5) return descriptors.subarray(at, at + length);
    if (tag === 3) {
      const flags = descriptors[at + 2] ?? 0; // after the ES_ID
      at += 3 + (flags & 0x80 ? 2 : 0) + (flags & 0x20 ? 2 : 0);
      if (flags & 0x40) at += 1 + (descriptors[at] ?? 0); // a URL
    } else if (tag === 4)
      at += 13; // objectType, streamType, buffer size, bitrates
    else at += length;
  }
  return undefined;
}
