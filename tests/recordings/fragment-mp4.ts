import { mp4Boxes } from '../../src/server/features/recordings/mp4.js';
import { mp4SoundTrack } from '../../src/server/features/recordings/mp4-track.js';

// An M4A's frames moved into one movie fragment, as Safari's MediaRecorder writes AAC (no
// Safari here to record one): ftyp, a moov whose sample tables are empty and whose mvex says
// fragments follow, one moof with a trun of every frame's duration and size, then the mdat.

const box = (type: string, ...parts: Uint8Array[]) => {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};
const u32 = (...values: number[]) => {
  const out = Buffer.alloc(4 * values.length);
  values.forEach((value, i) => out.writeUInt32BE(value, 4 * i));
  return out;
};
const full = (type: string, flags: number, ...parts: Uint8Array[]) =>
  box(type, u32(flags), ...parts); // version 0

export function fragmentMp4(bytes: Uint8Array): Buffer {
  const track = mp4SoundTrack(bytes)!;
  const boxes = mp4Boxes(bytes);
  const whole = (type: string) => {
    const found = boxes.find((one) => one.type === type)!;
    return bytes.subarray(found.offset, found.end);
  };
  const duration = track.samples.reduce((sum, sample) => sum + sample.duration, 0);
  const empty = (type: string) => full(type, 0, u32(0));
  const stbl = box(
    'stbl',
    whole('stsd'),
    empty('stts'),
    empty('stsc'),
    full('stsz', 0, u32(0, 0)),
    empty('stco'),
  );
  const minf = box('minf', whole('smhd'), whole('dinf'), stbl);
  const mdhd = full('mdhd', 0, u32(0, 0, track.timescale, duration, 0x55c40000));
  const tkhd = full('tkhd', 3, u32(0, 0, 1, 0, 0, 0, 0, 0, 0x01000000), Buffer.alloc(44)); // volume 1
  const trak = box('trak', tkhd, box('mdia', mdhd, whole('hdlr'), minf));
  const mvex = box('mvex', full('trex', 0, u32(1, 1, 0, 0, 0)));
  const moov = box('moov', whole('mvhd'), trak, mvex);
  const frames = track.samples.map(({ offset, size }) => bytes.subarray(offset, offset + size));
  const trunOf = (dataOffset: number) =>
    full(
      'trun',
      0x301, // data offset, then each frame's duration and size
      u32(frames.length, dataOffset),
      ...track.samples.map(({ duration: length, size }) => u32(length, size)),
    );
  const trafOf = (dataOffset: number) =>
    box('traf', full('tfhd', 0x020000, u32(1)), full('tfdt', 0, u32(0)), trunOf(dataOffset));
  const moofOf = (dataOffset: number) => box('moof', full('mfhd', 0, u32(1)), trafOf(dataOffset));
  const moof = moofOf(moofOf(0).length + 8); // the frames start past the moof and mdat's header
  return Buffer.concat([whole('ftyp'), moov, moof, box('mdat', ...frames)]);
}
