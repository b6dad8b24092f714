import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import exifr from 'exifr';
import sharp from 'sharp';
import { buildApp } from '../../src/server/app.js';
import {
  aLog,
  as,
  createLogAs,
  phonePhoto,
  sampleImage,
  signUp,
  stores,
  testConfig,
} from '../support/helpers.js';
import { objectKey } from '../../src/server/storage/object-storage.js';
import { logInto } from '../auth/support.js';
import { drivers, photoClientFor, photoDataDir, s3rverForThisFile } from './support.js';

// One S3-protocol server for the whole file, on 127.0.0.1, reached through real presigned URLs.
const s3 = s3rverForThisFile();

describe.each(stores)('photos on $store', ({ databaseUrl }) => {
  describe.each(drivers)('with $driver storage', ({ driver }) => {
    let app: FastifyInstance;
    let dataDir: string;
    const logLines: string[] = [];
    beforeAll(async () => {
      dataDir = photoDataDir();
      app = await buildApp(
        testConfig({ databaseUrl, dataDir, logLevel: 'warn', ...(driver === 's3' ? { s3 } : {}) }),
        { logStream: logInto(logLines) },
      );
    });
    afterAll(async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const { complete, upload, fetchObject } = photoClientFor(() => app);

    it("keeps every user's photos to themselves until a public log shows them", async () => {
      const ada = await signUp(app, 'owner');
      const bob = await signUp(app, 'other');
      const path = await upload(ada, await sampleImage('jpeg'));

      // not attached: only Ada sees it; Bob can neither complete, read nor attach it
      expect((await fetchObject(path, ada)).statusCode).toBe(200);
      expect((await fetchObject(path, bob)).statusCode).toBe(404);
      expect((await fetchObject(path)).statusCode).toBe(404);
      expect((await fetchObject(`${path}/thumbnail.webp`, bob)).statusCode).toBe(404);
      expect((await complete(bob, path)).statusCode).toBe(404);
      const stolen = await app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: as(bob),
        payload: aLog({ uploadedPhotoUrls: [path] }),
      });
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json().message).toBe(`Uploaded photo not found: ${path}`);

      const log = await createLogAs(app, ada, { isPublic: false, uploadedPhotoUrls: [path] });
      expect((await fetchObject(path)).statusCode).toBe(404);
      expect((await fetchObject(path, bob)).statusCode).toBe(404);

      await app.inject({
        method: 'PUT',
        url: `/api/logs/${log.id}`,
        headers: as(ada),
        payload: aLog({ isPublic: true, uploadedPhotoUrls: [path] }),
      });
      for (const variant of ['', '/thumbnail.webp', '/preview.jpg']) {
        expect((await fetchObject(`${path}${variant}`)).statusCode).toBe(200);
        expect((await fetchObject(`${path}${variant}`, bob)).statusCode).toBe(200);
      }
    });

    it('strips GPS and applies the orientation in everything served to anyone but the owner', async () => {
      const ada = await signUp(app, 'gps');
      const original = await phonePhoto({ orientation: 6 }); // stored landscape, shown portrait
      expect(await exifr.gps(original)).toMatchObject({ latitude: expect.closeTo(52.52, 2) });
      const path = await upload(ada, original);
      await createLogAs(app, ada, { isPublic: true, uploadedPhotoUrls: [path] });

      const own = await fetchObject(path, ada);
      expect(own.rawPayload.equals(original)).toBe(true); // the owner keeps their file
      for (const variant of ['', '/thumbnail.webp', '/preview.jpg']) {
        const res = await fetchObject(`${path}${variant}`);
        expect(res.statusCode).toBe(200);
        const metadata = await sharp(res.rawPayload).metadata();
        expect(metadata.exif).toBeUndefined();
        expect(metadata.xmp).toBeUndefined();
        if (metadata.format === 'jpeg') expect(await exifr.gps(res.rawPayload)).toBeUndefined();
      }
      const anonymous = await sharp((await fetchObject(path)).rawPayload).metadata();
      expect([anonymous.width, anonymous.height]).toEqual([400, 800]);
      const thumbnail = await sharp(
        (await fetchObject(`${path}/thumbnail.webp`)).rawPayload,
      ).metadata();
      expect([thumbnail.width, thumbnail.height]).toEqual([400, 800]);
    });

    it('never lets a path reach the disk or the bucket', async () => {
      const ada = await signUp(app, 'traversal');
      for (const url of [
        '/objects/uploads/..%2F..%2F..%2Fetc%2Fpasswd',
        '/objects/uploads/../../package.json',
        '/objects/uploads/not-an-id',
        '/objects/uploads/00000000-0000-4000-8000-000000000000',
        '/objects/uploads/00000000-0000-4000-8000-000000000000/..%2Foriginal',
      ]) {
        const res = await fetchObject(url, ada);
        expect([400, 404], url).toContain(res.statusCode);
        expect(res.headers['content-type']).toMatch(/json/);
      }
      const put = await app.inject({
        method: 'PUT',
        url: '/api/photos/uploads/..%2F..%2Fescape?expires=9999999999&signature=x',
        payload: await sampleImage(),
      });
      expect(put.statusCode).toBe(driver === 'local' ? 403 : 404); // S3 takes its PUTs itself
      expect(existsSync(join(dataDir, 'escape'))).toBe(false);
      for (const photoURL of ['/objects/uploads/../../etc/passwd', 'file:///etc/passwd']) {
        expect((await complete(ada, photoURL)).statusCode).toBe(404);
      }
      const log = await app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: as(ada),
        payload: aLog({ uploadedPhotoUrls: ['/objects/uploads/../../secret'] }),
      });
      expect(log.statusCode).toBe(400);
      expect(log.json().issues[0].message).toBe('Must be an uploaded photo');
    });

    it('answers conditional and range requests', async () => {
      const ada = await signUp(app, 'range');
      const png = await sampleImage('png');
      const path = await upload(ada, png, 'image/png');
      const whole = await fetchObject(path, ada);

      const notModified = await fetchObject(path, ada, { 'if-none-match': whole.headers.etag! });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.body).toBe('');

      const part = await fetchObject(path, ada, { range: 'bytes=10-19' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 10-19/${png.length}`);
      expect(part.rawPayload.equals(png.subarray(10, 20))).toBe(true);

      const outside = await fetchObject(path, ada, { range: `bytes=${png.length + 10}-` });
      expect(outside.statusCode).toBe(416);
      expect(outside.headers['content-range']).toBe(`bytes */${png.length}`);
    });

    it('lets only the owner keep a photo cached; anyone else asks again, and gets 404 once it is private', async () => {
      const ada = await signUp(app, 'cached');
      const path = await upload(ada, await sampleImage('jpeg'));
      const log = await createLogAs(app, ada, { isPublic: true, uploadedPhotoUrls: [path] });
      for (const variant of ['', '/thumbnail.webp']) {
        const own = await fetchObject(`${path}${variant}`, ada);
        expect(own.headers['cache-control']).toBe('private, max-age=31536000, immutable');
        const seen = await fetchObject(`${path}${variant}`);
        expect(seen.statusCode).toBe(200);
        expect(seen.headers['cache-control']).toBe('private, no-cache');
        const again = await fetchObject(`${path}${variant}`, undefined, {
          'if-none-match': seen.headers.etag!,
        });
        expect(again.statusCode).toBe(304);
      }
      const seen = await fetchObject(path);
      await app.inject({
        method: 'PUT',
        url: `/api/logs/${log.id}`,
        headers: as(ada),
        payload: aLog({ isPublic: false, uploadedPhotoUrls: [path] }),
      });
      const revalidated = await fetchObject(path, undefined, {
        'if-none-match': seen.headers.etag!,
      });
      expect(revalidated.statusCode).toBe(404);
    });

    it('answers 404 and logs one line for a photo the store no longer holds', async () => {
      const ada = await signUp(app, 'missing');
      const path = await upload(ada, await sampleImage('jpeg'));
      await createLogAs(app, ada, { isPublic: true, uploadedPhotoUrls: [path] });
      const id = path.split('/').at(-1)!;
      const gone = ['original', 'public', 'thumbnail.webp'] as const; // the preview stays
      await app.storage.delete(gone.map((name) => objectKey(id, name)));
      logLines.length = 0;
      for (const [url, headers] of [
        [path, {}],
        [path, { range: 'bytes=0-9' }],
        [`${path}/thumbnail.webp`, {}],
      ] as const) {
        for (const user of [ada, undefined]) {
          const res = await fetchObject(url, user, headers);
          expect(res.statusCode, url).toBe(404);
          expect(res.headers['content-type']).toMatch(/^application\/json/);
          expect(res.json()).toEqual({ message: 'Photo not found' });
        }
      }
      const warnings = logLines.map((line) => JSON.parse(line) as { msg: string; level: number });
      expect(warnings.map((line) => line.msg)).toEqual(Array(6).fill('photo missing from storage'));
      // what the store still holds is served
      expect((await fetchObject(`${path}/preview.jpg`, ada)).statusCode).toBe(200);
    });
  });
});
