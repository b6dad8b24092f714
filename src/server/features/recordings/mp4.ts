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

/**
 * Boxes holding only other boxes, walked into. `meta` has 4 bytes of version first; `moof` and
 * `traf` hold the frames of a fragmented file (what browsers' MediaRecorder writes).
 */
const CONTAINERS = new Set([
  'moov',
  'trak',
  'mdia',
  'minf',
  'stbl',
  'edts',
  'udta',
  'meta',
  'mvex',
  'moof',
  'traf',
]);

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

/** The body of a box inside a sample entry (not walked into by mp4Boxes), found by its type. */
export function childBody(bytes: Uint8Array, stsd: Mp4Box, type: string): Uint8Array | undefined {
  const body = bytes.subarray(stsd.start, stsd.end);
  const at = String.fromCharCode(...body).indexOf(type);
  if (at < 4) return undefined;
  const size = new DataView(body.buffer, body.byteOffset + at - 4, 4).getUint32(0);
  return body.subarray(at + 4, at - 4 + size);
}
