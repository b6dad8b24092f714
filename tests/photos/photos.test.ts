import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import exifr from 'exifr';
import S3rver from 's3rver';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { UPLOADED_PHOTO_PATH, uploadIdIn } from '../../src/common/photos.js';
import { deleteOrphanUploads } from '../../src/server/features/photos/service.js';
import { objectKey, objectNames } from '../../src/server/storage/object-storage.js';
import { uploadSignature } from '../../src/server/storage/upload-signature.js';
import { S3Storage, type S3Settings } from '../../src/server/storage/s3-storage.js';
import {
  aLog,
  createLogAs,
  phonePhoto,
  sampleImage,
  signUp,
  stores,
  testConfig,
  type TestUser,
} from '../support/helpers.js';

const TEN_MB = 10_485_760;
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)]);

// One S3-protocol server for the whole file, on 127.0.0.1, reached through real presigned URLs.
let s3Directory: string;
let s3rver: S3rver;
let s3: S3Settings;
beforeAll(async () => {
  s3Directory = mkdtempSync(join(tmpdir(), 'sightbook-s3rver-'));
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Directory,
    configureBuckets: [{ name: 'photos' }],
  });
  const { port } = await s3rver.run();
  s3 = {
    bucket: 'photos',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
});
afterAll(async () => {
  await s3rver.close();
  rmSync(s3Directory, { recursive: true, force: true });
});

const drivers = [{ driver: 'local' as const }, { driver: 's3' as const }];

describe.each(stores)('photos on $store', ({ databaseUrl }) => {
  describe.each(drivers)('with $driver storage', ({ driver }) => {
    let app: FastifyInstance;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'sightbook-photos-'));
      app = await buildApp(
        testConfig({ databaseUrl, dataDir, ...(driver === 's3' ? { s3 } : {}) }),
      );
    });
    afterAll(async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const as = (user: TestUser) => ({ cookie: user.cookie });

    async function startUpload(user: TestUser, size?: number) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/photos/upload',
        headers: as(user),
        payload: size === undefined ? {} : { size },
      });
      return res;
    }

    async function uploadUrlFor(user: TestUser, size?: number): Promise<string> {
      const res = await startUpload(user, size);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().uploadURL;
    }

    /** The browser's PUT: to the app for the local driver, to the bucket for S3. */
    async function put(url: string, body: Buffer, contentType = 'image/jpeg') {
      if (url.startsWith('/')) {
        const res = await app.inject({
          method: 'PUT',
          url,
          headers: { 'content-type': contentType },
          payload: body,
        });
        return { status: res.statusCode, body: res.body };
      }
      const res = await fetch(url, {
        method: 'PUT',
        headers: { 'content-type': contentType },
        body: new Uint8Array(body),
      });
      return { status: res.status, body: await res.text() };
    }

    const complete = (user: TestUser, photoURL: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/photos/complete',
        headers: as(user),
        payload: { photoURL },
      });

    async function upload(user: TestUser, body: Buffer, contentType = 'image/jpeg') {
      const url = await uploadUrlFor(user, body.length);
      expect((await put(url, body, contentType)).status).toBeLessThan(300);
      const res = await complete(user, url);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().objectPath as string;
    }

    const fetchObject = (path: string, user?: TestUser, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: path, headers: { ...headers, ...(user ? as(user) : {}) } });

    /** Whether any of an upload's objects (original or derivatives) is still stored. */
    async function storedObjects(uploadId: string) {
      const sizes = await Promise.all(
        objectNames.map((name) => app.storage.size(objectKey(uploadId, name))),
      );
      return sizes.filter((size) => size !== undefined).length;
    }

    it('takes a photo through upload, complete and serving', async () => {
      const ada = await signUp(app, 'uploader');
      const png = await sampleImage('png', 1600, 1200);
      // named and announced as a JPEG: the bytes decide
      const path = await upload(ada, png, 'image/jpeg');
      expect(path).toMatch(UPLOADED_PHOTO_PATH);

      const res = await fetchObject(path, ada);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBe('inline');
      expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(res.headers.etag).toBeTruthy();
      expect(res.rawPayload.equals(png)).toBe(true);

      const thumbnail = await fetchObject(`${path}/thumbnail.webp`, ada);
      expect(thumbnail.headers['content-type']).toBe('image/webp');
      expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 400,
        height: 300,
      });
      const preview = await fetchObject(`${path}/preview.jpg`, ada);
      expect(preview.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(preview.rawPayload).metadata()).toMatchObject({
        format: 'jpeg',
        width: 1200,
        height: 630,
      });
      // a retried completion gives the same path
      const again = await complete(ada, `${path}`);
      expect(again.json()).toEqual({ objectPath: path });
    });

    it('needs a session to start or complete an upload', async () => {
      expect((await app.inject({ method: 'POST', url: '/api/photos/upload' })).statusCode).toBe(
        401,
      );
      const res = await app.inject({
        method: 'PUT',
        url: '/api/photos/complete',
        payload: { photoURL: '/objects/uploads/x' },
      });
      expect(res.statusCode).toBe(401);
    });

    it('refuses a file over 10 MB and keeps nothing of it', async () => {
      const ada = await signUp(app, 'large');
      const announced = await startUpload(ada, TEN_MB + 1);
      expect(announced.statusCode).toBe(413);
      expect(announced.json()).toEqual({ message: 'Photos must be at most 10 MB' });

      // a browser that does not announce the size (or lies) is caught on arrival
      const url = await uploadUrlFor(ada);
      const big = Buffer.concat([await sampleImage('png'), Buffer.alloc(TEN_MB)]);
      const sent = await put(url, big, 'image/png');
      if (driver === 'local') {
        expect(sent.status).toBe(413);
        expect(JSON.parse(sent.body)).toEqual({ message: 'Photos must be at most 10 MB' });
      } else {
        const res = await complete(ada, url);
        expect(res.statusCode).toBe(413);
      }
      expect(await storedObjects(uploadIdIn(url)!)).toBe(0);
      if (driver === 'local')
        expect(readdirSync(join(dataDir, 'uploads', '.incoming'))).toEqual([]);
    });

    it.each([
      ['SVG', SVG, 'image/svg+xml'],
      ['HTML', HTML, 'image/png'],
      ['an executable', EXE, 'image/jpeg'],
    ])('refuses %s with 415 whatever it claims, and keeps nothing', async (_name, body, type) => {
      const ada = await signUp(app, 'not-image');
      const url = await uploadUrlFor(ada, body.length);
      const sent = await put(url, body, type);
      const refusal =
        driver === 'local' ? sent : await complete(ada, url).then((res) => res.json());
      if (driver === 'local') expect(sent.status).toBe(415);
      const message = driver === 'local' ? JSON.parse(sent.body).message : refusal.message;
      expect(message).toBe('Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded');
      expect(await storedObjects(uploadIdIn(url)!)).toBe(0);
      expect((await complete(ada, url)).statusCode).toBe(400); // nothing there to complete
    });

    // s3rver checks expiry but not V4 signatures (real S3 does): tampering is the app's case
    it.skipIf(driver === 's3')('refuses a tampered upload link', async () => {
      const ada = await signUp(app, 'tampered');
      const url = await uploadUrlFor(ada, 100);
      const tampered = url.replace(/signature=(.)/, (_all, first: string) =>
        first === 'a' ? 'signature=b' : 'signature=a',
      );
      const res = await put(tampered, await sampleImage());
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toEqual({
        message: 'The upload link is invalid or has expired',
      });
      expect(await storedObjects(uploadIdIn(url)!)).toBe(0);
    });

    it('refuses an expired upload link', async () => {
      const ada = await signUp(app, 'expired');
      const url = await uploadUrlFor(ada, 100);
      const id = uploadIdIn(url)!;
      const past = Math.floor(Date.now() / 1000) - 1;
      const expired =
        driver === 'local'
          ? `/api/photos/uploads/${id}?expires=${past}&signature=${uploadSignature(
              testConfig().sessionSecret,
              id,
              ada.id,
              past,
            )}`
          : url.replace(/X-Amz-Date=\d{8}T\d{6}Z/, 'X-Amz-Date=20200101T000000Z');
      expect(expired).not.toBe(url);
      expect((await put(expired, await sampleImage())).status).toBe(403);
      expect(await storedObjects(id)).toBe(0);
    });

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

    it('deletes uploads no log took within 24 hours, and only those', async () => {
      const ada = await signUp(app, 'orphans');
      const kept = await upload(ada, await sampleImage());
      await createLogAs(app, ada, { uploadedPhotoUrls: [kept] });
      const orphan = await upload(ada, await sampleImage());
      const recent = await upload(ada, await sampleImage());
      const ids = [kept, orphan].map((path) => uploadIdIn(path)!);
      await app.db.execute(
        sql`update uploads set created_at = now() - interval '25 hours' where id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );

      expect(await deleteOrphanUploads(app.db, app.storage)).toBeGreaterThanOrEqual(1);
      expect(await storedObjects(uploadIdIn(orphan)!)).toBe(0);
      expect((await fetchObject(orphan, ada)).statusCode).toBe(404);
      expect((await fetchObject(kept, ada)).statusCode).toBe(200);
      expect((await fetchObject(recent, ada)).statusCode).toBe(200);
      expect(await storedObjects(uploadIdIn(kept)!)).toBe(4);
    });

    it("deletes a log's photos with the log, unless another log still shows them", async () => {
      const ada = await signUp(app, 'delete');
      const own = await upload(ada, await sampleImage());
      const shared = await upload(ada, await sampleImage());
      const first = await createLogAs(app, ada, { uploadedPhotoUrls: [own, shared] });
      await createLogAs(app, ada, { uploadedPhotoUrls: [shared] });

      const res = await app.inject({
        method: 'DELETE',
        url: `/api/logs/${first.id}`,
        headers: as(ada),
      });
      expect(res.statusCode).toBe(204);
      expect(await storedObjects(uploadIdIn(own)!)).toBe(0);
      expect((await fetchObject(own, ada)).statusCode).toBe(404);
      expect(await storedObjects(uploadIdIn(shared)!)).toBe(4);
      expect((await fetchObject(shared, ada)).statusCode).toBe(200);
    });
  });
});

describe('S3 upload URLs', () => {
  it('point browsers at S3_PUBLIC_ENDPOINT when the app reaches the store elsewhere', async () => {
    const storage = new S3Storage({ ...s3, publicEndpoint: 'https://photos.example.org' });
    const uploadId = '00000000-0000-4000-8000-000000000001';
    const url = new URL(await storage.uploadUrl({ uploadId, userId: 'u', size: 1234 }));
    storage.destroy();
    expect(url.origin).toBe('https://photos.example.org');
    expect(url.pathname).toBe(`/photos/uploads/${uploadId}/original`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-length');
  });
});
