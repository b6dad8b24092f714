import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { uploadIdIn } from '../../src/common/photos.js';
import { rowsOf } from '../account/support.js';
import { as, sampleImage, signUp, stores, testConfig, type TestUser } from '../support/helpers.js';
import { drivers, photoClientFor, photoDataDir, s3rverForThisFile } from './support.js';

// Storage quotas and the upload rate (issue 21): originals and derivatives count; an upload over
// the quota is refused at its start (by the size announced) and at its completion (by the bytes).

const s3 = s3rverForThisFile();
const MB = 1024 * 1024;

describe.each(stores)('photo quotas on $store', ({ databaseUrl }) => {
  describe.each(drivers)('with $driver storage', ({ driver }) => {
    let app: FastifyInstance;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = photoDataDir();
      app = await buildApp(
        testConfig({ databaseUrl, dataDir, ...(driver === 's3' ? { s3 } : {}) }),
      );
    });
    afterAll(async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const { startUpload, uploadUrlFor, put, complete, upload, storedObjects } = photoClientFor(
      () => app,
    );

    const setQuota = (user: TestUser, mb: number) =>
      app.db.execute(sql`update users set storage_quota_mb = ${mb} where id = ${user.id}`);
    const usage = async (user: TestUser) =>
      (await app.inject({ method: 'GET', url: '/api/account', headers: as(user) })).json()
        .storage as { usedBytes: number; quotaBytes: number };

    it('records the derivatives of each upload, which count towards the storage used', async () => {
      const ada = await signUp(app, 'quota');
      const image = await sampleImage('jpeg', 1600, 1200);
      const path = await upload(ada, image);
      const [row] = await rowsOf<{ size: number; derivatives_size: number }>(
        app,
        sql`select size, derivatives_size from uploads where id = ${uploadIdIn(path)!}`,
      );
      expect(row!.size).toBe(image.length);
      const id = uploadIdIn(path)!;
      const derived = await Promise.all(
        (['public', 'thumbnail.webp', 'preview.jpg'] as const).map((name) =>
          app.storage.size(`uploads/${id}/${name}`),
        ),
      );
      expect(row!.derivatives_size).toBe(derived.reduce((sum, size) => sum! + size!, 0));
      expect(await usage(ada)).toEqual({
        usedBytes: image.length + row!.derivatives_size,
        quotaBytes: 2048 * MB,
      });
    });

    it('refuses an upload whose announced size goes over the quota, saying how much is used', async () => {
      const ada = await signUp(app, 'quota');
      await upload(ada, await sampleImage('jpeg', 1600, 1200));
      await setQuota(ada, 1);
      const { usedBytes } = await usage(ada);
      const res = await startUpload(ada, MB - usedBytes + 1);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        message: 'This photo would go over your storage: 1 MB of 1 MB used.',
      });
      // one that fits is taken
      expect((await startUpload(ada, 1000)).statusCode).toBe(200);
    });

    it('refuses at completion when the real bytes and derivatives go over, and keeps nothing', async () => {
      const ada = await signUp(app, 'quota');
      // started while it fitted; by completion the quota is lower (an admin changed it)
      const url = await uploadUrlFor(ada);
      expect((await put(url, await sampleImage(), 'image/png')).status).toBeLessThan(300);
      await setQuota(ada, 0);
      const res = await complete(ada, url);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        message: 'This photo would go over your storage: 0 MB of 0 MB used.',
      });
      expect(await storedObjects(uploadIdIn(url)!)).toBe(0);
      expect((await usage(ada)).usedBytes).toBe(0);
    });

    it('refuses any upload once the quota is used up', async () => {
      const ada = await signUp(app, 'quota');
      await upload(ada, await sampleImage());
      await setQuota(ada, 0);
      const res = await startUpload(ada);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toMatch(
        /^This photo would go over your storage: 1 MB of 0 MB used\.$/,
      );
    });
  });
});

describe.each(stores)('the upload rate on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  it('lets a user start 120 uploads in ten minutes, then answers 429 with Retry-After', async () => {
    const ada = await signUp(app, 'rate');
    const bea = await signUp(app, 'rate');
    const start = (user: TestUser) =>
      app.inject({ method: 'POST', url: '/api/photos/upload', headers: as(user) });
    for (let i = 0; i < 120; i += 1) expect((await start(ada)).statusCode).toBe(200);
    const refused = await start(ada);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many uploads. Try again later.' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await start(bea)).statusCode).toBe(200); // per user
  });

  it('follows UPLOAD_RATE_LIMIT when the instance sets it', async () => {
    const strict = await buildApp(testConfig({ databaseUrl, uploadRateLimit: 3 }));
    try {
      const ada = await signUp(strict, 'strict');
      const start = () =>
        strict.inject({ method: 'POST', url: '/api/photos/upload', headers: as(ada) });
      for (let i = 0; i < 3; i += 1) expect((await start()).statusCode).toBe(200);
      expect((await start()).statusCode).toBe(429);
    } finally {
      await strict.close();
    }
  });
});
