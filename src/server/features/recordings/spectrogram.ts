import sharp from 'sharp';
import { SPECTROGRAM_DEFAULTS } from '../../../common/recordings.js';
import { probeAudio, type AudioFacts } from './audio.js';
import { decodeAudio, monoMix } from './decode.js';

export interface SpectrogramOptions {
  /** The top of the picture in Hz, at most the Nyquist frequency (default 12 kHz). */
  maxHz?: number;
  height?: number;
  maxWidth?: number;
  pixelsPerSecond?: number;
  imageFormat?: 'png' | 'webp';
  /** The recording's facts when already probed. */
  facts?: AudioFacts;
}

export interface Spectrogram {
  image: Uint8Array;
  mime: 'image/png' | 'image/webp';
  width: number;
  height: number;
  /** The frequency of the top row. */
  maxHz: number;
}

/**
 * The recording as a picture of time (left to right) and pitch (low at the bottom): a short-time
 * Fourier transform of the mono mix (Hann window, half overlap), power averaged into each column,
 * in decibels below the loudest point, dark on white as field guides print sonograms. The FFT is
 * as long as it must be for about one frequency bin per row (512 at least, 8192 at most).
 */
export async function spectrogram(
  bytes: Uint8Array,
  options: SpectrogramOptions = {},
): Promise<Spectrogram> {
  const facts = options.facts ?? (await probeAudio(bytes));
  const height = options.height ?? SPECTROGRAM_DEFAULTS.height;
  const pixelsPerSecond = options.pixelsPerSecond ?? SPECTROGRAM_DEFAULTS.pixelsPerSecond;
  const maxWidth = options.maxWidth ?? SPECTROGRAM_DEFAULTS.maxWidth;
  const width = Math.max(
    1,
    Math.min(maxWidth, Math.round(facts.durationSeconds * pixelsPerSecond)),
  );
  const columns = new Columns(width, height);
  let analysis: Analysis | undefined;
  for await (const block of decodeAudio(bytes, facts.format)) {
    const totalSamples = facts.durationSeconds * block.sampleRate;
    analysis ??= new Analysis(
      block.sampleRate,
      options.maxHz ?? SPECTROGRAM_DEFAULTS.maxHz,
      height,
      totalSamples / width / 512, // windows a column at half overlap of the smallest FFT
    );
    analysis.push(monoMix(block), (sample, power) =>
      columns.add(Math.min(width - 1, Math.floor((sample / totalSamples) * width)), power),
    );
  }
  const pixels = columns.toPixels(SPECTROGRAM_DEFAULTS.dynamicRangeDb);
  const picture = sharp(pixels, { raw: { width, height, channels: 1 } });
  const webp = options.imageFormat === 'webp';
  const image = webp
    ? await picture.webp({ lossless: true }).toBuffer()
    : await picture.png({ compressionLevel: 9 }).toBuffer();
  return {
    image,
    mime: webp ? 'image/webp' : 'image/png',
    width,
    height,
    maxHz: analysis?.maxHz ?? 0,
  };
}

/** Windows the sound, transforms each window and hands its power per row to `sink`. */
class Analysis {
  readonly maxHz: number;
  private readonly size: number;
  private readonly hop: number;
  private readonly window: Float32Array;
  private readonly rowBins: Float32Array;
  private pending = new Float32Array(0);
  private consumed = 0;
  private readonly re: Float64Array;
  private readonly im: Float64Array;
  private readonly power: Float32Array;
  private readonly fft: Fft;

  /** `windowsPerColumn`: past a few windows a column, the windows stop overlapping. */
  constructor(sampleRate: number, maxHz: number, height: number, windowsPerColumn: number) {
    this.maxHz = Math.min(maxHz, sampleRate / 2);
    const wanted = (height * sampleRate) / this.maxHz;
    this.size = Math.min(8192, Math.max(512, 2 ** Math.ceil(Math.log2(wanted))));
    this.hop = windowsPerColumn > 8 ? this.size : this.size / 2;
    this.fft = new Fft(this.size);
    this.window = Float32Array.from(
      { length: this.size },
      (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / this.size),
    );
    // the fractional FFT bin at the middle of each row, row 0 at the top
    const binHz = sampleRate / this.size;
    this.rowBins = Float32Array.from(
      { length: height },
      (_, row) => ((height - row - 0.5) / height) * (this.maxHz / binHz),
    );
    this.re = new Float64Array(this.size);
    this.im = new Float64Array(this.size);
    this.power = new Float32Array(height);
  }

  push(samples: Float32Array, sink: (sample: number, power: Float32Array) => void) {
    const joined = new Float32Array(this.pending.length + samples.length);
    joined.set(this.pending);
    joined.set(samples, this.pending.length);
    let start = 0;
    for (; start + this.size <= joined.length; start += this.hop) {
      for (let i = 0; i < this.size; i += 1) {
        this.re[i] = joined[start + i]! * this.window[i]!;
        this.im[i] = 0;
      }
      this.fft.transform(this.re, this.im);
      for (let row = 0; row < this.rowBins.length; row += 1) {
        const bin = this.rowBins[row]!;
        const low = Math.floor(bin);
        const t = bin - low;
        this.power[row] = (1 - t) * this.binPower(low) + t * this.binPower(low + 1);
      }
      sink(this.consumed + start + this.hop, this.power);
    }
    this.pending = joined.slice(start);
    this.consumed += start;
  }

  private binPower(bin: number) {
    return this.re[bin]! ** 2 + this.im[bin]! ** 2;
  }
}

/** Mean power per pixel, summed column by column as windows arrive. */
class Columns {
  private readonly sums: Float64Array;
  private readonly counts: Uint32Array;

  constructor(
    private readonly width: number,
    private readonly height: number,
  ) {
    this.sums = new Float64Array(width * height);
    this.counts = new Uint32Array(width);
  }

  add(column: number, power: Float32Array) {
    const base = column * this.height;
    for (let row = 0; row < this.height; row += 1) this.sums[base + row]! += power[row]!;
    this.counts[column]! += 1;
  }

  /** Greyscale rows, top first: white below `rangeDb` under the loudest pixel, black at it. */
  toPixels(rangeDb: number): Uint8Array {
    const { width, height } = this;
    const db = new Float32Array(width * height);
    let loudest = -Infinity;
    for (let column = 0; column < width; column += 1) {
      // a column no window reached (a short file's last pixel) takes its left neighbour's
      const source = this.counts[column] ? column : Math.max(0, column - 1);
      const count = this.counts[source] || 1;
      for (let row = 0; row < height; row += 1) {
        const value = 10 * Math.log10(this.sums[source * height + row]! / count + 1e-20);
        db[row * width + column] = value;
        loudest = Math.max(loudest, value);
      }
    }
    return Uint8Array.from(db, (value) =>
      Math.round(255 * Math.min(1, Math.max(0, (loudest - value) / rangeDb))),
    );
  }
}

/** In-place radix-2 FFT of a fixed power-of-two size, its tables computed once. */
class Fft {
  private readonly reversed: Uint32Array;
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;

  constructor(private readonly n: number) {
    const bits = Math.log2(n);
    this.reversed = Uint32Array.from({ length: n }, (_, i) => {
      let r = 0;
      for (let b = 0; b < bits; b += 1) r = (r << 1) | ((i >> b) & 1);
      return r;
    });
    this.cos = Float64Array.from({ length: n / 2 }, (_, k) => Math.cos((-2 * Math.PI * k) / n));
    this.sin = Float64Array.from({ length: n / 2 }, (_, k) => Math.sin((-2 * Math.PI * k) / n));
  }

  transform(re: Float64Array, im: Float64Array) {
    const { n, reversed, cos, sin } = this;
    for (let i = 0; i < n; i += 1) {
      const j = reversed[i]!;
      if (i < j) {
        const r = re[i]!;
        re[i] = re[j]!;
        re[j] = r;
        const m = im[i]!;
        im[i] = im[j]!;
        im[j] = m;
      }
    }
    for (let length = 2; length <= n; length <<= 1) {
      const half = length >> 1;
      const stride = n / length;
      for (let start = 0; start < n; start += length) {
        for (let k = 0; k < half; k += 1) {
          const wRe = cos[k * stride]!;
          const wIm = sin[k * stride]!;
          const a = start + k;
          const b = a + half;
          const tRe = re[b]! * wRe - im[b]! * wIm;
          const tIm = re[b]! * wIm + im[b]! * wRe;
          re[b] = re[a]! - tRe;
          im[b] = im[a]! - tIm;
          re[a] = re[a]! + tRe;
          im[a] = im[a]! + tIm;
        }
      }
    }
  }
}
