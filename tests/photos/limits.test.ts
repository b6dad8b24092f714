import { rmSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../../src/server/app.js';
import { uploadIdIn } from '../../src/common/photos.js';
import { objectKey } from '../../src/server/storage/object-storage.js';
import { sampleImage, signUp, stores, testConfig } from '../support/helpers.js';
import { drivers, photoClientFor, photoDataDir, s3rverForThisFile } from './support.js';

/**
 * A JPEG whose header claims 16000×16000 (256 megapixels) around the pixels of a 16×16 one: a
 * server that decoded it would fail on the missing data, so a "too large" answer can only come
 * from the header.
 */
async function jpegClaiming(width: number, height: number) {
  const jpeg = Buffer.from(await sampleImage('jpeg', 16, 16));
  for (let at = 2; at < jpeg.length; at += 2 + jpeg.readUInt16BE(at + 2)) {
    const marker = jpeg[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) {
      jpeg.writeUInt16BE(height, at + 5); // SOF: length, precision, height, width
      jpeg.writeUInt16BE(width, at + 7);
      return jpeg;
    }
  }
  throw new Error('no SOF marker');
}

/**
 * A valid PNG of `side`×`side` black pixels, one bit each: 17000×17000 compresses to 40 kB,
 * and every byte of it decodes.
 */
function blackPng(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, filter 0, no interlace
  const row = 1 + Math.ceil(side / 8); // filter byte, then the row's bits
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(row * side))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const FRAMES = 120;
const FRAME = { width: 160, height: 120 };
/** The colour of frame `i`: every frame differs, so no encoder merges them. */
const colourOf = (i: number) => ({ r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 13 + 60) % 256 });

/** An animation of FRAMES solid frames, as one tall strip of pages. */
function animation(format: 'gif' | 'webp') {
  const pixels = Buffer.alloc(FRAME.width * FRAME.height * 3 * FRAMES);
  for (let i = 0; i < FRAMES; i++) {
    const { r, g, b } = colourOf(i);
    const start = i * FRAME.width * FRAME.height * 3;
    for (let p = 0; p < FRAME.width * FRAME.height; p++) pixels.set([r, g, b], start + p * 3);
  }
  const strip = sharp(pixels, {
    raw: { ...FRAME, height: FRAME.height * FRAMES, channels: 3, pageHeight: FRAME.height },
  });
  return (format === 'gif' ? strip.gif() : strip.webp({ lossless: true })).toBuffer();
}

const s3 = s3rverForThisFile();

describe.each(stores)('image limits on $store', ({ databaseUrl }) => {
  describe.each(drivers)('with $driver storage', ({ driver }) => {
    let app: FastifyInstance;
    let slowApp: FastifyInstance;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = photoDataDir();
      const config = testConfig({ databaseUrl, dataDir, ...(driver === 's3' ? { s3 } : {}) });
      [app, slowApp] = await Promise.all([
        buildApp(config),
        // a time limit no photo meets: every job overruns it
        buildApp({ ...config, photos: { ...config.photos, timeLimitMs: 1 } }),
      ]);
    });
    afterAll(async () => {
      await Promise.all([app.close(), slowApp.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    });

    const { uploadUrlFor, put, complete, upload, storedObjects } = photoClientFor(() => app);
    const slow = photoClientFor(() => slowApp);

    it('refuses a 16000×16000 JPEG from its header, before decoding, and keeps nothing', async () => {
      const ada = await signUp(app, 'bomb');
      const bomb = await jpegClaiming(16000, 16000);
      expect(await sharp(bomb).metadata()).toMatchObject({ width: 16000, height: 16000 });
      const url = await uploadUrlFor(ada, bomb.length);
      expect((await put(url, bomb)).status).toBeLessThan(300);
      const res = await complete(ada, url);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: 'This photo is too large: at most 50 megapixels' });
      expect(await storedObjects(uploadIdIn(url)!)).toBe(0); // neither original nor derivatives
    });

    it("calls a valid 17000×17000 PNG too large, past sharp's own pixel limit", async () => {
      const ada = await signUp(app, 'huge-png');
      const png = blackPng(17_000); // 289 megapixels: more than libvips opens by default
      const url = await uploadUrlFor(ada, png.length);
      expect((await put(url, png, 'image/png')).status).toBeLessThan(300);
      const res = await complete(ada, url);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: 'This photo is too large: at most 50 megapixels' });
      expect(await storedObjects(uploadIdIn(url)!)).toBe(0);
    });

    it('takes a photo of exactly the limit', async () => {
      const ada = await signUp(app, 'at-limit');
      const within = await jpegClaiming(10000, 5000); // 50 megapixels (libjpeg fills in the rest)
      const url = await uploadUrlFor(ada, within.length);
      await put(url, within);
      const res = await complete(ada, url);
      expect(res.statusCode, res.body).toBe(200);
      expect(await storedObjects(uploadIdIn(url)!)).toBe(4);
    });

    it.each(['gif', 'webp'] as const)(
      'makes everything from the first frame of an animated %s',
      async (format) => {
        const ada = await signUp(app, `animated-${format}`);
        const original = await animation(format);
        expect((await sharp(original).metadata()).pages).toBe(FRAMES);
        const path = await upload(ada, original, `image/${format}`);
        const id = uploadIdIn(path)!;

        const stored = (name: 'public' | 'thumbnail.webp' | 'preview.jpg') =>
          app.storage.readAll(objectKey(id, name));
        const first = colourOf(0);
        for (const name of ['public', 'thumbnail.webp', 'preview.jpg'] as const) {
          const bytes = await stored(name);
          const metadata = await sharp(bytes).metadata();
          expect(metadata.pages ?? 1, name).toBe(1);
          const { dominant } = await sharp(bytes).stats();
          expect(Math.abs(dominant.r - first.r), name).toBeLessThan(24);
          expect(Math.abs(dominant.g - first.g), name).toBeLessThan(24);
          expect(Math.abs(dominant.b - first.b), name).toBeLessThan(24);
        }
        const publicCopy = await sharp(await stored('public')).metadata();
        expect([publicCopy.width, publicCopy.height]).toEqual([FRAME.width, FRAME.height]);
        // the owner keeps the whole animation
        const own = await app.inject({ method: 'GET', url: path, headers: { cookie: ada.cookie } });
        expect(own.rawPayload.equals(original)).toBe(true);
      },
    );

    it('refuses a photo whose derivatives overrun the time limit, and keeps nothing', async () => {
      const ada = await signUp(slowApp, 'slow');
      const photo = await sampleImage('jpeg');
      const url = await slow.uploadUrlFor(ada, photo.length);
      await slow.put(url, photo);
      const res = await slow.complete(ada, url);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'This photo took too long to process; try a smaller one',
      });
      expect(await slow.storedObjects(uploadIdIn(url)!)).toBe(0);
    });
  });
});
