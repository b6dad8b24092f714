import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurity } from '../../src/server/security.js';
import { S3Storage, type S3Settings } from '../../src/server/storage/s3-storage.js';
import { testConfig } from '../support/helpers.js';

// The browser PUTs photos straight to an S3 bucket: connect-src must name exactly its origin.

/** The connect-src sources of the policy an app with these S3 settings sends. */
async function connectSources(s3?: S3Settings): Promise<string[]> {
  const app = Fastify();
  await registerSecurity(app, testConfig({ s3 }));
  app.get('/', async () => 'ok');
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  const csp = String(res.headers['content-security-policy']);
  return /(?:^|;)connect-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
}

/** The origin of a real upload URL, signed with made-up keys (nothing is sent). */
async function uploadUrlOrigin(settings: S3Settings): Promise<string> {
  const storage = new S3Storage({ ...settings, accessKeyId: 'key', secretAccessKey: 'secret' });
  try {
    const url = await storage.uploadUrl({
      uploadId: '0b3c6f1e-7a53-4c57-9d2a-4f1e2d3c4b5a',
      userId: 'user',
      size: 1000,
    });
    return new URL(url).origin;
  } finally {
    storage.destroy();
  }
}

describe('connect-src', () => {
  it("is only 'self' when photos stay on local disk", async () => {
    expect(await connectSources()).toEqual(["'self'"]);
  });

  it.each([
    {
      case: 'S3_PUBLIC_ENDPOINT, when browsers reach the store elsewhere than the app',
      settings: {
        bucket: 'photos',
        endpoint: 'http://minio:9000',
        publicEndpoint: 'https://s3.example.org:8443/some/path',
        forcePathStyle: true,
      },
      origin: 'https://s3.example.org:8443',
    },
    {
      case: 'S3_ENDPOINT with path-style URLs',
      settings: { bucket: 'photos', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true },
      origin: 'http://127.0.0.1:9000',
    },
    {
      case: 'S3_ENDPOINT with a virtual-hosted bucket',
      settings: { bucket: 'photos', endpoint: 'https://storage.example.org' },
      origin: 'https://photos.storage.example.org',
    },
    {
      case: "AWS's regional bucket host",
      settings: { bucket: 'photos', region: 'eu-west-1' },
      origin: 'https://photos.s3.eu-west-1.amazonaws.com',
    },
    {
      case: 'AWS with path-style URLs',
      settings: { bucket: 'photos', region: 'eu-west-1', forcePathStyle: true },
      origin: 'https://s3.eu-west-1.amazonaws.com',
    },
  ] satisfies { case: string; settings: S3Settings; origin: string }[])(
    'adds exactly the origin uploads go to: $case',
    async ({ settings, origin }) => {
      expect(await connectSources(settings)).toEqual(["'self'", origin]);
      expect(await uploadUrlOrigin(settings)).toBe(origin); // what the browser is handed
    },
  );
});
