import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadIdIn } from '../../src/common/photos.js';
import { NOT_A_RECORDING_MESSAGE } from '../../src/common/recordings.js';
import { buildApp } from '../../src/server/app.js';
import {
  objectKey,
  objectNames,
  type ObjectName,
} from '../../src/server/storage/object-storage.js';
import { S3Storage } from '../../src/server/storage/s3-storage.js';
import { photoDataDir, s3rverForThisFile } from '../photos/support.js';
import {
  as,
  createLogAs,
  signUp,
  stores,
  testConfig,
  toneWav,
  type TestUser,
} from '../support/helpers.js';

// Issue 37: sound recordings in an S3 bucket as photos are: the browser PUTs the original to a
// presigned URL, the app checks it there and writes the metadata-free copy, the spectrogram and
// the listening copy beside it, serves them by the same rules, and deletes them with the log.

// One S3-protocol server for the whole file, on 127.0.0.1, reached through real presigned URLs.
const s3 = s3rverForThisFile();

const fixture = (name: string) => readFileSync(`tests/fixtures/audio/${name}`);

describe.each(stores)('sound recordings in S3 on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let dataDir: string;
  /** The bucket as another S3 client sees it, not through the app. */
  let bucket: S3Storage;
  beforeAll(async () => {
    dataDir = photoDataDir();
    app = await buildApp(testConfig({ databaseUrl, dataDir, s3 }));
    bucket = new S3Storage(s3);
  });
  afterAll(async () => {
    await app.close();
    bucket.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The upload's objects in the bucket, by name, with their sizes. */
  async function inBucket(objectPath: string) {
    const id = uploadIdIn(objectPath)!;
    const found: Partial<Record<ObjectName, number>> = {};
    for (const name of objectNames) {
      const size = await bucket.size(objectKey(id, name));
      if (size !== undefined) found[name] = size;
    }
    return found;
  }

  /** POST /api/recordings/upload, the PUT to the presigned URL, and the completion's reply. */
  async function uploadToBucket(user: TestUser, bytes: Buffer) {
    const start = await app.inject({
      method: 'POST',
      url: '/api/recordings/upload',
      headers: as(user),
      payload: { size: bytes.length },
    });
    expect(start.statusCode, start.body).toBe(200);
    const { uploadURL } = start.json() as { uploadURL: string };
    expect(uploadURL.startsWith(`${s3.endpoint}/photos/uploads/`)).toBe(true);
    const put = await fetch(uploadURL, {
      method: 'PUT',
      headers: { 'content-type': 'audio/wav' },
      body: new Uint8Array(bytes),
    });
    expect(put.status, await put.text()).toBe(200);
    const reply = await app.inject({
      method: 'PUT',
      url: '/api/recordings/complete',
      headers: as(user),
      payload: { recordingURL: uploadURL },
    });
    return { reply, objectPath: `/objects/uploads/${uploadIdIn(uploadURL)}` };
  }

  async function uploaded(user: TestUser, bytes: Buffer) {
    const { reply, objectPath } = await uploadToBucket(user, bytes);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().objectPath).toBe(objectPath);
    return objectPath;
  }

  const fetchObject = (path: string, user?: TestUser) =>
    app.inject({ method: 'GET', url: path, headers: user ? as(user) : {} });

  it('takes the PUT in the bucket, and writes the copy, spectrogram and listening copy beside it', async () => {
    const ada = await signUp(app, 'bucket');
    const bytes = toneWav(90); // 2.9 MB of PCM: past the lossless limit, so an MP3 is made
    const path = await uploaded(ada, bytes);
    expect(await inBucket(path)).toEqual({
      original: bytes.length,
      public: bytes.length, // no metadata to take out
      'spectrogram.png': expect.any(Number),
      'listen.mp3': expect.any(Number),
    });
    expect(
      existsSync(join(dataDir, 'uploads')) ? readdirSync(join(dataDir, 'uploads')) : [],
    ).toEqual([]);
    const log = await createLogAs(app, ada, { uploadedRecordingUrls: [path] });
    expect(log.recordings).toEqual([
      expect.objectContaining({
        url: path,
        listeningUrl: `${path}/listen.mp3`,
        durationSeconds: 90,
      }),
    ]);
    const original = await fetchObject(path, ada);
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(bytes)).toBe(true);
    const listen = await fetchObject(`${path}/listen.mp3`, ada);
    expect(listen.headers['content-type']).toBe('audio/mpeg');
    expect(listen.rawPayload.length).toBe((await inBucket(path))['listen.mp3']);
  });

  it('serves others the copy without metadata on a public log, and nothing of a private one', async () => {
    const ada = await signUp(app, 'recorder');
    const bea = await signUp(app, 'listener');
    const bytes = fixture('song-meter-guano.wav'); // GUANO: the recorder's position
    const shown = await uploaded(ada, bytes);
    const hidden = await uploaded(ada, fixture('pcm-16k.wav'));
    await createLogAs(app, ada, { isPublic: true, uploadedRecordingUrls: [shown] });
    await createLogAs(app, ada, { isPublic: false, uploadedRecordingUrls: [hidden] });

    for (const viewer of [bea, undefined]) {
      const theirs = await fetchObject(shown, viewer);
      expect(theirs.statusCode).toBe(200);
      expect(theirs.headers['content-type']).toBe('audio/wav');
      expect(theirs.rawPayload.includes('54.75656')).toBe(false);
      expect(theirs.rawPayload.length).toBe((await inBucket(shown)).public);
      const spectrogram = await fetchObject(`${shown}/spectrogram.png`, viewer);
      expect(spectrogram.statusCode).toBe(200);
      expect(spectrogram.headers['content-type']).toBe('image/png');
      for (const suffix of ['', '/spectrogram.png']) {
        expect((await fetchObject(`${hidden}${suffix}`, viewer)).statusCode).toBe(404);
      }
    }
    expect(bytes.includes('54.75656')).toBe(true);
    expect((await fetchObject(shown, ada)).rawPayload.equals(bytes)).toBe(true); // the owner's
  });

  it('deletes every object of the recordings from the bucket when their log is deleted', async () => {
    const ada = await signUp(app, 'tidy');
    const paths = [await uploaded(ada, fixture('pcm-24k.wav')), await uploaded(ada, toneWav(90))];
    const log = await createLogAs(app, ada, { uploadedRecordingUrls: paths });
    expect(Object.keys(await inBucket(paths[1]!))).toHaveLength(4);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/logs/${log.id}`,
      headers: as(ada),
    });
    expect(res.statusCode).toBe(204);
    for (const path of paths) {
      expect(await inBucket(path)).toEqual({});
      expect((await fetchObject(path, ada)).statusCode).toBe(404);
    }
  });

  it('carries a recording through the account archive, out of the bucket and back into it', async () => {
    const ada = await signUp(app, 'archivist');
    const bytes = fixture('song.flac');
    await createLogAs(app, ada, {
      speciesCommon: 'Song Thrush',
      uploadedRecordingUrls: [await uploaded(ada, bytes)],
    });
    const archive = await fetchObject('/api/account/archive.zip', ada);
    expect(archive.statusCode).toBe(200);
    const bea = await signUp(app, 'restorer');
    const res = await app.inject({
      method: 'POST',
      url: '/api/import',
      headers: { ...as(bea), 'content-type': 'application/zip' },
      payload: archive.rawPayload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ imported: 1, warnings: [] });
    const [log] = (await fetchObject('/api/logs', bea)).json().items;
    const [copy] = log.recordings as Array<{ url: string }>;
    expect(await inBucket(copy!.url)).toEqual({
      original: bytes.length,
      public: expect.any(Number),
      'spectrogram.png': expect.any(Number),
    });
    expect((await fetchObject(copy!.url, bea)).rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses at completion what the bucket took that is no sound, and deletes it there', async () => {
    const ada = await signUp(app, 'faker');
    const { reply, objectPath } = await uploadToBucket(ada, fixture('text.mp3'));
    expect(reply.statusCode).toBe(415);
    expect(reply.json()).toEqual({ message: NOT_A_RECORDING_MESSAGE });
    expect(await inBucket(objectPath)).toEqual({});
    const account = await app.inject({ method: 'GET', url: '/api/account', headers: as(ada) });
    expect(account.json().storage.usedBytes).toBe(0);
  });
});
