import { readFileSync } from 'node:fs';
import { parseBuffer } from 'music-metadata';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  NOT_A_RECORDING_MESSAGE,
  VIDEO_NOT_RECORDING_MESSAGE,
} from '../../src/common/recordings.js';
import { probeAudio, sniffAudio } from '../../src/server/features/recordings/index.js';
import { stripAudioMetadata } from '../../src/server/features/recordings/public-copy.js';
import { spectrogram } from '../../src/server/features/recordings/spectrogram.js';
import { audioMothFacts, parseGuanoTimestamp } from '../../src/server/features/recordings/guano.js';
import { encodeMp3, listeningCopy } from '../../src/server/features/recordings/listening-copy.js';
import { mp4Boxes } from '../../src/server/features/recordings/mp4.js';
import { buildRiff, riffChunks } from '../../src/server/features/recordings/riff.js';
import { fragmentMp4 } from './fragment-mp4.js';

// Fixtures (tests/fixtures/audio/README.md): three seconds of rising whistles made with ffmpeg,
// tagged as phones and taggers tag them; two WAVs with the headers of real field recorders.
const fixture = (name: string) => new Uint8Array(readFileSync(`tests/fixtures/audio/${name}`));
const contains = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(text);

const formats = [
  {
    file: 'pcm-16k.wav',
    format: 'wav',
    mime: 'audio/wav',
    sampleRate: 16000,
    channels: 1,
    maxHz: 8000,
  },
  {
    file: 'song.flac',
    format: 'flac',
    mime: 'audio/flac',
    sampleRate: 22050,
    channels: 2,
    maxHz: 11025,
  },
  {
    file: 'song.mp3',
    format: 'mp3',
    mime: 'audio/mpeg',
    sampleRate: 22050,
    channels: 1,
    maxHz: 11025,
  },
  {
    file: 'song.m4a',
    format: 'm4a',
    mime: 'audio/mp4',
    sampleRate: 22050,
    channels: 1,
    maxHz: 11025,
  },
  // Opus records its input rate in OpusHead and always decodes at 48 kHz
  {
    file: 'song.opus.ogg',
    format: 'ogg',
    mime: 'audio/ogg',
    sampleRate: 16000,
    channels: 1,
    maxHz: 12000,
  },
  {
    file: 'song.vorbis.ogg',
    format: 'ogg',
    mime: 'audio/ogg',
    sampleRate: 22050,
    channels: 1,
    maxHz: 11025,
  },
] as const;

describe('each audio format', () => {
  it.each(formats)('$file is sniffed by its bytes and probed', async (expected) => {
    const bytes = fixture(expected.file);
    expect(await sniffAudio(bytes)).toEqual({ format: expected.format, mime: expected.mime });
    const facts = await probeAudio(bytes);
    expect(facts.durationSeconds).toBeCloseTo(3, 1);
    expect(Math.abs(facts.durationSeconds - 3)).toBeLessThan(0.05);
    expect(facts).toMatchObject({ sampleRate: expected.sampleRate, channels: expected.channels });
  });

  it.each(formats)('$file gets a spectrogram that is not blank', async ({ file, ...expected }) => {
    const { image, mime, width, height, maxHz } = await spectrogram(fixture(file));
    expect(mime).toBe('image/png');
    expect({ width, height }).toEqual({ width: 300, height: 256 }); // 100 px a second
    const decoded = await sharp(image).raw().toBuffer({ resolveWithObject: true });
    expect(decoded.info).toMatchObject({ width: 300, height: 256 });
    const pixels = [...decoded.data];
    const mean = pixels.reduce((sum, value) => sum + value, 0) / pixels.length;
    const variance = pixels.reduce((sum, value) => sum + (value - mean) ** 2, 0) / pixels.length;
    expect(Math.sqrt(variance)).toBeGreaterThan(20);
    expect(maxHz).toBe(expected.maxHz); // 12 kHz, or the Nyquist frequency below it
  });

  // The plain WAV has no tags: the recorders' WAVs below show what a WAV loses
  const tagged = formats.filter(({ format }) => format !== 'wav');
  it.each(tagged)('$file loses its embedded metadata for others and still plays', async (f) => {
    const original = fixture(f.file);
    expect(contains(original, 'Blackbird at dawn')).toBe(true);
    const stripped = stripAudioMetadata(original, f.format);
    expect(contains(stripped, 'Blackbird at dawn')).toBe(false);
    expect(contains(stripped, 'A. Birder')).toBe(false);
    expect(contains(stripped, '51.50')).toBe(false);
    const { common } = await parseBuffer(stripped);
    expect(common.title).toBeUndefined();
    const facts = await probeAudio(stripped);
    expect(Math.abs(facts.durationSeconds - 3)).toBeLessThan(0.05);
    expect((await spectrogram(stripped)).width).toBe(300); // still decodes to the end
  });
});

// Chromium's MediaRecorder (tests/fixtures/audio/record-in-chromium.mjs): the song of pcm-16k.wav
// through the fake microphone, as Opus in a fragmented MP4 with no tags and 2.961 s of frames
describe('a recording made in a browser', () => {
  const recorded = fixture('recorded-in-chromium.mp4');

  it('is sniffed as an M4A and probed from its Opus setup and fragments', async () => {
    expect(await sniffAudio(recorded)).toEqual({ format: 'm4a', mime: 'audio/mp4' });
    expect(await probeAudio(recorded)).toMatchObject({
      format: 'm4a',
      codec: 'Opus',
      sampleRate: 48000,
      channels: 2,
      durationSeconds: 2.961, // what Chromium's player says; music-metadata reads 0.06 s
      lossless: false,
    });
  });

  it('gets a spectrogram of the song (2.5-3.2 kHz) and a listening copy as long', async () => {
    const { image, width, maxHz } = await spectrogram(recorded);
    expect({ width, maxHz }).toEqual({ width: 296, maxHz: 12000 });
    await expectTheSong(image, maxHz);
    const mp3 = await encodeMp3(recorded, await probeAudio(recorded));
    expect(Math.abs((await probeAudio(mp3)).durationSeconds - 2.961)).toBeLessThan(0.06);
  });

  it('loses its creation times for others and still plays', async () => {
    const stripped = stripAudioMetadata(recorded, 'm4a');
    const times = (bytes: Uint8Array) =>
      Buffer.from(bytes).readUInt32BE(
        mp4Boxes(bytes).find((box) => box.type === 'mvhd')!.start + 8,
      );
    expect(times(recorded)).not.toBe(0);
    expect(times(stripped)).toBe(0); // mvhd v1: the low half of its 64-bit creation time
    expect((await probeAudio(stripped)).durationSeconds).toBe(2.961);
    expect((await spectrogram(stripped)).width).toBe(296);
  });

  it("reads AAC in fragments, as Safari's recorder writes it", async () => {
    const fragmented = fragmentMp4(fixture('song.m4a'));
    const facts = await probeAudio(fragmented);
    expect(facts).toMatchObject({ format: 'm4a', sampleRate: 22050, channels: 1 });
    expect(facts.durationSeconds).toBeCloseTo(3.046, 3); // as Chromium plays it: with the priming
    const { image, width, maxHz } = await spectrogram(fragmented);
    expect(width).toBe(Math.round(facts.durationSeconds * 100));
    await expectTheSong(image, maxHz);
  });
});

/** How dark (0-255) a band of pitches is on average, in a spectrogram drawn dark on white. */
async function bandDarkness(image: Uint8Array, maxHz: number, fromHz: number, toHz: number) {
  const { data, info } = await sharp(image)
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rowOf = (hz: number) => Math.round(info.height * (1 - hz / maxHz)); // low pitches below
  let sum = 0;
  let count = 0;
  for (let row = rowOf(toHz); row < rowOf(fromHz); row += 1) {
    for (let x = 0; x < info.width; x += 1) sum += 255 - data[row * info.width + x]!;
    count += info.width;
  }
  return sum / count;
}

/** The song's whistles (2.5-3.2 kHz) stand out of the quiet between them and their harmonic. */
async function expectTheSong(image: Uint8Array, maxHz: number) {
  const song = await bandDarkness(image, maxHz, 2500, 3200);
  const between = await bandDarkness(image, maxHz, 3800, 4500);
  expect(song - between).toBeGreaterThan(10);
}

describe('files that are not recordings', () => {
  it('refuses a text file named .mp3 and a PNG with 415', async () => {
    for (const name of ['text.mp3', 'not-audio.png']) {
      await expect(sniffAudio(fixture(name))).rejects.toMatchObject({
        statusCode: 415,
        message: NOT_A_RECORDING_MESSAGE,
      });
    }
  });

  it('refuses an MP4 that holds video', async () => {
    const video = fixture('video-only.mp4');
    await expect(probeAudio(video)).rejects.toMatchObject({
      statusCode: 415,
      message: VIDEO_NOT_RECORDING_MESSAGE,
    });
  });
});

describe('field recorders', () => {
  // Modelled on a Song Meter Mini's GUANO as a PHP ingester quotes it (Wildlife Acoustics writes
  // 'Timestamp:2020-10-17 13:05:00+1:00'), in a chunk after the sound as guano-py places it.
  it('reads the GUANO timestamp, position and recorder', async () => {
    const facts = await probeAudio(fixture('song-meter-guano.wav'));
    expect(facts).toMatchObject({
      sampleRate: 24000,
      channels: 1,
      recordedAt: new Date('2020-10-17T12:05:00Z'),
      recordedAtLocal: '2020-10-17T13:05:00',
      utcOffsetMinutes: 60,
      latitude: 54.75656,
      longitude: -1.59106,
      recorder: 'Wildlife Acoustics, Inc. Song Meter Mini',
    });
    expect(facts.durationSeconds).toBeCloseTo(2, 2);
  });

  // Modelled on AudioMoth-Firmware-Basic's setHeaderComment: a 384-byte ICMT and a 32-byte IART
  // in LIST/INFO before the sound.
  it("reads AudioMoth's comment", async () => {
    const facts = await probeAudio(fixture('audiomoth.wav'));
    expect(facts).toMatchObject({
      sampleRate: 16000,
      recordedAt: new Date('2024-05-01T04:30:00Z'),
      utcOffsetMinutes: 60,
      recorder: 'AudioMoth 24E144085F256E1C',
    });
    expect(facts.latitude).toBeUndefined();
  });

  it('reads the timestamp forms recorders write', () => {
    // guano-py's specification example, an offset-less local time, a zulu time
    expect(parseGuanoTimestamp('2012-03-29T03:58:01+04:00').recordedAt).toEqual(
      new Date('2012-03-28T23:58:01Z'),
    );
    expect(parseGuanoTimestamp('2015-12-31T23:59:59.123')).toEqual({
      recordedAtLocal: '2015-12-31T23:59:59',
    });
    expect(parseGuanoTimestamp('2015-12-31T23:59:59Z').recordedAt).toEqual(
      new Date('2015-12-31T23:59:59Z'),
    );
    // AudioMoth's offsets: none, negative whole hours, and half hours
    expect(
      audioMothFacts('Recorded at 19:30:00 18/08/2025 (UTC) by AudioMoth 24E1440136B2D6DA')
        .recordedAt,
    ).toEqual(new Date('2025-08-18T19:30:00Z'));
    expect(
      audioMothFacts('Recorded at 21:00:05 01/06/2025 (UTC-5) by AudioMoth 24E144085F256D6A')
        .recordedAt,
    ).toEqual(new Date('2025-06-02T02:00:05Z'));
    expect(
      audioMothFacts('Recorded at 09:30:00 14/04/2025 (UTC+5:30) by AudioMoth 2495F30155D8D1AC')
        .utcOffsetMinutes,
    ).toBe(330);
  });

  it('strips GUANO and the AudioMoth comment, keeping the sound', async () => {
    for (const name of ['song-meter-guano.wav', 'audiomoth.wav']) {
      const original = fixture(name);
      const stripped = stripAudioMetadata(original, 'wav');
      expect(contains(stripped, 'Loc Position')).toBe(false);
      expect(contains(stripped, 'AudioMoth')).toBe(false);
      const facts = await probeAudio(stripped);
      expect(facts.recordedAt).toBeUndefined();
      expect(facts.durationSeconds).toBe((await probeAudio(original)).durationSeconds);
    }
  });
});

describe('the listening copy', () => {
  it('is left out for a small file, which the browser gets as it is', async () => {
    const bytes = fixture('song.flac');
    expect(await listeningCopy(bytes, await probeAudio(bytes))).toBeNull();
  });

  it('is an MP3 without metadata for a large lossless file', async () => {
    // 54 seconds of the Song Meter's sound with its GUANO: 2.6 MB, over the 2 MB kept as it is
    const small = fixture('song-meter-guano.wav');
    const chunks = riffChunks(small);
    const body = (id: string) => {
      const { start, size } = chunks.find((chunk) => chunk.id === id)!;
      return small.subarray(start, start + size);
    };
    const bytes = buildRiff([
      { id: 'fmt ', body: body('fmt ') },
      { id: 'data', body: Buffer.concat(Array.from({ length: 27 }, () => body('data'))) },
      { id: 'guan', body: body('guan') },
    ]);
    const facts = await probeAudio(bytes);
    expect(facts.latitude).toBe(54.75656);
    const copy = await listeningCopy(bytes, facts);
    expect(copy?.mime).toBe('audio/mpeg');
    expect(copy!.bytes.length).toBeLessThan(bytes.length / 5);
    const heard = await probeAudio(copy!.bytes);
    expect(heard).toMatchObject({ format: 'mp3', channels: 1, sampleRate: 24000 });
    expect(Math.abs(heard.durationSeconds - 54)).toBeLessThan(0.1);
    expect(contains(copy!.bytes, 'Loc Position')).toBe(false);
  });
});
