/** One chunk of a RIFF file: its id, and where its body lies in the file. */
export interface RiffChunk {
  id: string;
  /** Offset of the body (after the 8-byte header). */
  start: number;
  /** Length of the body as the header declares it, cut to what the file holds. */
  size: number;
}

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

export const isRiffWave = (bytes: Uint8Array) =>
  bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE';

/**
 * The top-level chunks of a RIFF WAVE file, in order. A body of odd length is followed by a pad
 * byte. A recorder stopped mid-file (battery out) leaves a `data` size larger than the file: the
 * chunk is cut to what is there rather than refused.
 */
export const riffChunks = (bytes: Uint8Array): RiffChunk[] =>
  isRiffWave(bytes) ? chunksIn(bytes, 12, bytes.length) : [];

/** The sub-chunks of a `LIST` chunk of the given type (e.g. `INFO`), else none. */
export const listChunks = (bytes: Uint8Array, list: RiffChunk, type: string): RiffChunk[] =>
  list.id === 'LIST' && list.size >= 4 && ascii(bytes, list.start, 4) === type
    ? chunksIn(bytes, list.start + 4, list.start + list.size)
    : [];

function chunksIn(bytes: Uint8Array, from: number, to: number): RiffChunk[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: RiffChunk[] = [];
  let offset = from;
  while (offset + 8 <= to) {
    const id = ascii(bytes, offset, 4);
    const start = offset + 8;
    const size = Math.min(view.getUint32(offset + 4, true), to - start);
    chunks.push({ id, start, size });
    offset = start + size + (size % 2);
  }
  return chunks;
}

export interface WaveFormat {
  /** 1 integer PCM, 3 IEEE float (WAVE_FORMAT_EXTENSIBLE resolved to its sub-format). */
  formatTag: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  blockAlign: number;
}

export function waveFormat(bytes: Uint8Array, fmt: RiffChunk): WaveFormat {
  const view = new DataView(bytes.buffer, bytes.byteOffset + fmt.start, fmt.size);
  let formatTag = view.getUint16(0, true);
  if (formatTag === 0xfffe && fmt.size >= 26) formatTag = view.getUint16(24, true);
  return {
    formatTag,
    channels: view.getUint16(2, true),
    sampleRate: view.getUint32(4, true),
    blockAlign: view.getUint16(12, true),
    bitsPerSample: view.getUint16(14, true),
  };
}

/** A RIFF WAVE file of the given chunks, in order, each padded to an even length. */
export function buildRiff(chunks: { id: string; body: Uint8Array }[]): Uint8Array {
  const total = 12 + chunks.reduce((sum, { body }) => sum + 8 + body.length + (body.length % 2), 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  const text = new TextEncoder();
  out.set(text.encode('RIFF'), 0);
  view.setUint32(4, total - 8, true);
  out.set(text.encode('WAVE'), 8);
  let offset = 12;
  for (const { id, body } of chunks) {
    out.set(text.encode(id), offset);
    view.setUint32(offset + 4, body.length, true);
    out.set(body, offset + 8);
    offset += 8 + body.length + (body.length % 2);
  }
  return out;
}
