import { childBody, mp4Boxes, type Mp4Box } from './mp4.js';
import { mp4SoundTrack, type Mp4SoundTrack } from './mp4-track.js';

export interface Mp4AudioFacts {
  channels?: number;
  durationSeconds?: number;
  /** Opus's: the input rate of its `dOps`, as OpusHead's in Ogg. */
  sampleRate?: number;
  codec?: string;
}

/**
 * What an M4A's sound really is, where music-metadata reads the sample entry: its channel count
 * is 2 in many writers' files whatever the AAC holds, its length counts the encoder's priming
 * samples, and it knows neither Opus's setup nor the frames of a fragmented file (Chrome's
 * MediaRecorder writes its length in milliseconds where `mdhd` wants the track's timescale).
 * Read here: the channels of the AudioSpecificConfig in `esds` or of `dOps`, and the length the
 * edit list (`elst`) plays, else the length of the frames.
 */
export function mp4AudioFacts(bytes: Uint8Array): Mp4AudioFacts {
  const boxes = mp4Boxes(bytes);
  const track = mp4SoundTrack(bytes);
  const facts: Mp4AudioFacts = {};
  if (track?.opus) {
    facts.codec = 'Opus';
    facts.channels = track.opus.channels;
    facts.sampleRate = track.opus.inputSampleRate || 48_000; // 0: not said
  } else {
    const esds = esdsOf(bytes, boxes);
    const config = esds && audioSpecificConfig(esds);
    const channels = config && config.length >= 2 ? (config[1]! >> 3) & 0x0f : 0;
    if (channels >= 1 && channels <= 7) facts.channels = channels === 7 ? 8 : channels;
  }
  const edited = editedSeconds(bytes, boxes);
  if (edited) facts.durationSeconds = edited;
  else if (track && (track.fragmented || track.opus)) facts.durationSeconds = framesSeconds(track);
  return facts;
}

/** The length the edit list plays, in the movie's timescale. */
function editedSeconds(bytes: Uint8Array, boxes: Mp4Box[]): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const mvhd = boxes.find((box) => box.type === 'mvhd');
  const elst = boxes.find((box) => box.type === 'elst');
  if (!mvhd || !elst) return undefined;
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
  return timescale && played ? played / timescale : undefined;
}

/**
 * The frames' length. Opus's pre-skip is not taken off: without an edit list Chromium's player
 * plays it (Chrome's own 3-second recording is 2.961 s there, its frames' length).
 */
function framesSeconds({ samples, timescale }: Mp4SoundTrack): number | undefined {
  if (!timescale || !samples.length) return undefined;
  return samples.reduce((sum, { duration }) => sum + duration, 0) / timescale;
}

/** The AudioSpecificConfig of an AAC track, which a decoder of its bare frames starts from. */
export function mp4AudioSpecificConfig(bytes: Uint8Array): Uint8Array | undefined {
  const esds = esdsOf(bytes, mp4Boxes(bytes));
  return esds && audioSpecificConfig(esds);
}

/** The body of the `esds` box in the `mp4a` sample entry, past its version and flags. */
function esdsOf(bytes: Uint8Array, boxes: Mp4Box[]): Uint8Array | undefined {
  const stsd = boxes.find((box) => box.type === 'stsd');
  return stsd && childBody(bytes, stsd, 'esds')?.subarray(4);
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
