import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { objectKey, objectNames } from '../../src/server/storage/object-storage.js';
import type { S3Settings } from '../../src/server/storage/s3-storage.js';
import { as, type TestUser } from '../support/helpers.js';

/** Each photo suite runs once per storage driver. */
export const drivers = [{ driver: 'local' as const }, { driver: 's3' as const }];

/**
 * An S3-protocol server (s3rver) on 127.0.0.1 with a `photos` bucket, reached through real
 * presigned URLs: one for the whole test file, started in a `beforeAll` and stopped in an
 * `afterAll` that this registers (call it at the top of the file). The settings it returns are
 * filled in by that `beforeAll`: read them in hooks and tests, not while collecting.
 */
export function s3rverForThisFile(): S3Settings {
  const s3 = {} as S3Settings;
  let directory: string;
  let server: S3rver;
  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'sightbook-s3rver-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: 'photos' }],
    });
    const { port } = await server.run();
    Object.assign(s3, {
      bucket: 'photos',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    } satisfies S3Settings);
  });
  afterAll(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });
  return s3;
}

/** A fresh folder for one app's local uploads; the file's `afterAll` removes it. */
export const photoDataDir = () => mkdtempSync(join(tmpdir(), 'sightbook-photos-'));

/**
 * The upload and serving calls of the photo tests, on the app `app()` returns when called (a
 * file's app is built in its `beforeAll`).
 */
export function photoClientFor(app: () => FastifyInstance) {
  async function startUpload(user: TestUser, size?: number) {
    const res = await app().inject({
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
      const res = await app().inject({
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
    app().inject({
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
    app().inject({ method: 'GET', url: path, headers: { ...headers, ...(user ? as(user) : {}) } });

  /** Whether any of an upload's objects (original or derivatives) is still stored. */
  async function storedObjects(uploadId: string) {
    const sizes = await Promise.all(
      objectNames.map((name) => app().storage.size(objectKey(uploadId, name))),
    );
    return sizes.filter((size) => size !== undefined).length;
  }

  return { startUpload, uploadUrlFor, put, complete, upload, fetchObject, storedObjects };
}
