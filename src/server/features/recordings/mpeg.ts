/**
 * Where an MP3's (or ADTS AAC's) frames lie between its tags: ID3v2 tags before (there may be
 * several, and a footer), an ID3v1 tag and an APEv2 tag after.
 */
export function mpegAudioRange(bytes: Uint8Array): { start: number; end: number } {
  let start = 0;
  while (isAscii(bytes, start, 'ID3') && start + 10 <= bytes.length) {
    const size = syncsafe(bytes, start + 6);
    const footer = bytes[start + 5]! & 0x10 ? 10 : 0;
    start += 10 + size + footer;
  }
  let end = bytes.length;
  for (let changed = true; changed;) {
    changed = false;
    if (end - 128 >= start && isAscii(bytes, end - 128, 'TAG')) {
      end -= 128;
      changed = true;
    }
    if (end - 32 >= start && isAscii(bytes, end - 32, 'APETAGEX')) {
      const view = new DataView(bytes.buffer, bytes.byteOffset + end - 32, 32);
      const size = view.getUint32(12, true); // items and footer
      const hasHeader = (view.getUint32(20, true) & 0x80000000) !== 0;
      end = Math.max(start, end - size - (hasHeader ? 32 : 0));
      changed = true;
    }
  }
  return { start: Math.min(start, end), end };
}

const syncsafe = (bytes: Uint8Array, at: number) =>
  ((bytes[at]! & 0x7f) << 21) |
  ((bytes[at + 1]! & 0x7f) << 14) |
  ((bytes[at + 2]! & 0x7f) << 7) |
  (bytes[at + 3]! & 0x7f);

const isAscii = (bytes: Uint8Array, at: number, text: string) =>
  at >= 0 && [...text].every((char, i) => bytes[at + i] === char.charCodeAt(0));

/**
 * The samples an MP3 encoder added before and after the sound (LAME's tag in the first frame:
 * 12 bits of delay, 12 of padding, 21 bytes past 'LAME' or 'Lavc'), which players drop; 0 without
 * the tag. The decoder's own 529-sample delay is the encoder delay's part.
 */
export function mp3PaddingSamples(bytes: Uint8Array): number {
  const { start } = mpegAudioRange(bytes);
  const firstFrame = bytes.subarray(start, start + 2048);
  const text = String.fromCharCode(...firstFrame);
  const info = Math.max(text.indexOf('Xing'), text.indexOf('Info'));
  if (info < 0) return 0;
  const lame = ['LAME', 'Lavc', 'Lavf'].map((tag) => text.indexOf(tag, info)).find((at) => at > 0);
  if (lame === undefined || lame + 24 > firstFrame.length) return 0;
  const [a, b, c] = firstFrame.subarray(lame + 21, lame + 24) as unknown as [
    number,
    number,
    number,
  ];
  const delay = (a << 4) | (b >> 4);
  const padding = ((b & 0x0f) << 8) | c;
  return delay + padding;
}
