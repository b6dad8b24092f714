import { childBody, mp4Boxes, type Mp4Box } from './mp4.js';

/** One coded frame of the sound track: where its bytes lie and how long it plays. */
export interface Mp4Sample {
  offset: number;
  size: number;
  /** In the track's timescale. */
  duration: number;
}

/** Opus's setup in MP4 ('Opus' sample entry, `dOps` box: the Opus in ISOBMFF mapping, §4.3.2). */
export interface OpusSetup {
  channels: number;
  /** The rate the sound was captured at, as OpusHead's; Opus decodes at 48 kHz. */
  inputSampleRate: number;
  streamCount: number;
  coupledStreamCount: number;
  channelMappingTable: number[];
}

/** The sound track of an MP4 as a decoder needs it: the codec, its setup and its frames. */
export interface Mp4SoundTrack {
  /** The sample entry's four letters: 'mp4a' (AAC), 'Opus', 'alac', … */
  codec: string;
  timescale: number;
  /** Recorded in movie fragments (`moof`), as browsers' MediaRecorder writes MP4. */
  fragmented: boolean;
  samples: Mp4Sample[];
  opus?: OpusSetup;
}

/**
 * The first sound track of an MP4 and its frames, read from the sample tables (`stsz`, `stco`,
 * `stsc`, `stts`) or, in a fragmented file, from every `trun` of the track's `traf`s. Undefined
 * when the file has no sound track.
 */
export function mp4SoundTrack(bytes: Uint8Array): Mp4SoundTrack | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes = mp4Boxes(bytes);
  const trak = boxes
    .filter((box) => box.type === 'trak')
    .find((candidate) => {
      const hdlr = within(boxes, candidate).find((box) => box.type === 'hdlr');
      return hdlr && text(bytes, hdlr.start + 8) === 'soun';
    });
  if (!trak) return undefined;
  const inTrak = within(boxes, trak);
  const find = (type: string) => inTrak.find((box) => box.type === type);
  const tkhd = find('tkhd');
  const mdhd = find('mdhd');
  const stsd = find('stsd');
  if (!tkhd || !mdhd || !stsd) return undefined;
  const trackId = view.getUint32(tkhd.start + (bytes[tkhd.start] === 1 ? 20 : 12));
  const timescale = view.getUint32(mdhd.start + (bytes[mdhd.start] === 1 ? 20 : 12));
  const entry = stsd.start + 8; // past the version, flags and entry count
  const codec = text(bytes, entry + 4);
  const moofs = boxes.filter((box) => box.type === 'moof');
  const samples = moofs.length
    ? fragmentSamples(bytes, boxes, moofs, trackId)
    : tableSamples(view, find);
  const dOps = codec === 'Opus' ? childBody(bytes, stsd, 'dOps') : undefined;
  return {
    codec,
    timescale,
    fragmented: moofs.length > 0,
    samples,
    ...(dOps && { opus: opusSetup(dOps) }),
  };
}

const text = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

const within = (boxes: Mp4Box[], outer: Mp4Box) =>
  boxes.filter((box) => box.offset > outer.offset && box.end <= outer.end);

function opusSetup(dOps: Uint8Array): OpusSetup {
  const view = new DataView(dOps.buffer, dOps.byteOffset, dOps.byteLength);
  const channels = dOps[1]!;
  const family = dOps[10] ?? 0;
  const mapped = family !== 0 && dOps.length >= 13 + channels;
  return {
    channels,
    inputSampleRate: view.getUint32(4),
    streamCount: mapped ? dOps[11]! : 1,
    coupledStreamCount: mapped ? dOps[12]! : channels === 2 ? 1 : 0,
    channelMappingTable: mapped
      ? [...dOps.subarray(13, 13 + channels)]
      : channels === 2
        ? [0, 1]
        : [0],
  };
}

/** A whole file's frames: sizes (`stsz`), chunk offsets (`stco`, `co64`), samples per chunk
 * (`stsc`) and durations (`stts`). */
function tableSamples(view: DataView, find: (type: string) => Mp4Box | undefined): Mp4Sample[] {
  const stsz = find('stsz');
  const stco = find('stco') ?? find('co64');
  const stsc = find('stsc');
  const stts = find('stts');
  if (!stsz || !stco || !stsc || !stts) return [];
  const fixedSize = view.getUint32(stsz.start + 4);
  const count = view.getUint32(stsz.start + 8);
  const sizeOf = (i: number) => fixedSize || view.getUint32(stsz.start + 12 + 4 * i);
  const wide = stco.type === 'co64';
  const chunkCount = view.getUint32(stco.start + 4);
  const chunkOffset = (i: number) =>
    wide
      ? Number(view.getBigUint64(stco.start + 8 + 8 * i))
      : view.getUint32(stco.start + 8 + 4 * i);
  const durations = expandRuns(view, stts, count);
  const runs = view.getUint32(stsc.start + 4);
  const samples: Mp4Sample[] = [];
  for (let run = 0; run < runs; run += 1) {
    const at = stsc.start + 8 + 12 * run;
    const firstChunk = view.getUint32(at) - 1;
    const perChunk = view.getUint32(at + 4);
    const lastChunk = run + 1 < runs ? view.getUint32(at + 12) - 1 : chunkCount;
    for (let chunk = firstChunk; chunk < lastChunk && samples.length < count; chunk += 1) {
      let offset = chunkOffset(chunk);
      for (let i = 0; i < perChunk && samples.length < count; i += 1) {
        const size = sizeOf(samples.length);
        samples.push({ offset, size, duration: durations[samples.length] ?? 0 });
        offset += size;
      }
    }
  }
  return samples;
}

/** `stts`'s runs of (count, duration) as one duration per sample. */
function expandRuns(view: DataView, stts: Mp4Box, count: number): number[] {
  const durations: number[] = [];
  const runs = view.getUint32(stts.start + 4);
  for (let run = 0; run < runs && durations.length < count; run += 1) {
    const times = view.getUint32(stts.start + 8 + 8 * run);
    const duration = view.getUint32(stts.start + 12 + 8 * run);
    for (let i = 0; i < times && durations.length < count; i += 1) durations.push(duration);
  }
  return durations;
}

// tfhd and trun flags (ISO/IEC 14496-12 §8.8.7, §8.8.8)
const TFHD_BASE_OFFSET = 0x1;
const TFHD_DESCRIPTION = 0x2;
const TFHD_DURATION = 0x8;
const TFHD_SIZE = 0x10;
const TRUN_DATA_OFFSET = 0x1;
const TRUN_FIRST_FLAGS = 0x4;
const TRUN_DURATION = 0x100;
const TRUN_SIZE = 0x200;
const TRUN_FLAGS = 0x400;
const TRUN_COMPOSITION = 0x800;

/** A fragmented file's frames: each `traf` of the track, with `trex`'s and `tfhd`'s defaults. */
function fragmentSamples(
  bytes: Uint8Array,
  boxes: Mp4Box[],
  moofs: Mp4Box[],
  trackId: number,
): Mp4Sample[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const trex = boxes.find(
    (box) => box.type === 'trex' && view.getUint32(box.start + 4) === trackId,
  );
  const trackDefaults = {
    duration: trex ? view.getUint32(trex.start + 12) : 0,
    size: trex ? view.getUint32(trex.start + 16) : 0,
  };
  const samples: Mp4Sample[] = [];
  for (const moof of moofs) {
    for (const traf of within(boxes, moof).filter((box) => box.type === 'traf')) {
      const inTraf = within(boxes, traf);
      const tfhd = inTraf.find((box) => box.type === 'tfhd');
      if (!tfhd || view.getUint32(tfhd.start + 4) !== trackId) continue;
      const flags = view.getUint32(tfhd.start) & 0xffffff;
      let at = tfhd.start + 8;
      let base = moof.offset; // default-base-is-moof, and what writers without it mean too
      if (flags & TFHD_BASE_OFFSET) {
        base = Number(view.getBigUint64(at));
        at += 8;
      }
      if (flags & TFHD_DESCRIPTION) at += 4;
      const defaults = { ...trackDefaults };
      if (flags & TFHD_DURATION) {
        defaults.duration = view.getUint32(at);
        at += 4;
      }
      if (flags & TFHD_SIZE) defaults.size = view.getUint32(at);
      let next = base;
      for (const trun of inTraf.filter((box) => box.type === 'trun')) {
        next = readTrun(view, trun, base, next, defaults, samples);
      }
    }
  }
  return samples;
}

/** Appends one `trun`'s samples; answers the offset just past them. */
function readTrun(
  view: DataView,
  trun: Mp4Box,
  base: number,
  next: number,
  defaults: { duration: number; size: number },
  samples: Mp4Sample[],
): number {
  const flags = view.getUint32(trun.start) & 0xffffff;
  const count = view.getUint32(trun.start + 4);
  let at = trun.start + 8;
  let offset = next;
  if (flags & TRUN_DATA_OFFSET) {
    offset = base + view.getInt32(at);
    at += 4;
  }
  if (flags & TRUN_FIRST_FLAGS) at += 4;
  const entrySize =
    4 *
    [TRUN_DURATION, TRUN_SIZE, TRUN_FLAGS, TRUN_COMPOSITION].filter((flag) => flags & flag).length;
  for (let i = 0; i < count && at + entrySize <= trun.end; i += 1) {
    let { duration, size } = defaults;
    if (flags & TRUN_DURATION) {
      duration = view.getUint32(at);
      at += 4;
    }
    if (flags & TRUN_SIZE) {
      size = view.getUint32(at);
      at += 4;
    }
    if (flags & TRUN_FLAGS) at += 4;
    if (flags & TRUN_COMPOSITION) at += 4;
    samples.push({ offset, size, duration });
    offset += size;
  }
  return offset;
}
