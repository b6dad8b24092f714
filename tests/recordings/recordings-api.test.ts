import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadIdIn } from '../../src/common/photos.js';
import {
  NOT_A_RECORDING_MESSAGE,
  RECORDING_TOO_LARGE_MESSAGE,
  RECORDING_TOO_LONG_MESSAGE,
} from '../../src/common/recordings.js';
import { buildApp } from '../../src/server/app.js';
import { objectKey, objectNames } from '../../src/server/storage/object-storage.js';
import {
  as,
  signUp,
  stores,
  testConfig,
  toneWav,
  uploadRecordingAs,
  type TestUser,
} from '../support/helpers.js';

const fixture = (name: string) => readFileSync(`tests/fixtures/audio/${name}`);

const formats = [
  { file: 'pcm-16k.wav', format: 'wav', mime: 'audio/wav', sampleRate: 16000, channels: 1 },
  { file: 'song.flac', format: 'flac', mime: 'audio/flac', sampleRate: 22050, channels: 2 },
  { file: 'song.mp3', format: 'mp3', mime: 'audio/mpeg', sampleRate: 22050, channels: 1 },
  { file: 'song.m4a', format: 'm4a', mime: 'audio/mp4', sampleRate: 22050, channels: 1 },
  { file: 'song.opus.ogg', format: 'ogg', mime: 'audio/ogg', sampleRate: 16000, channels: 1 },
  { file: 'song.vorbis.ogg', format: 'ogg', mime: 'audio/ogg', sampleRate: 22050, channels: 1 },
];

describe.each(stores)('recordings API on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  const dataDir = mkdtempSync(join(tmpdir(), 'sightbook-recordings-'));
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl, dataDir }));
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function startUpload(user: TestUser, size?: number) {
    return app.inject({
      method: 'POST',
      url: '/api/recordings/upload',
      headers: as(user),
      payload: size === undefined ? {} : { size },
    });
  }
  async function uploadUrl(user: TestUser) {
    const res = await startUpload(user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().uploadURL as string;
  }
  const put = (url: string, body: Buffer) =>
    app.inject({ method: 'PUT', url, headers: { 'content-type': 'audio/mpeg' }, payload: body });
  const complete = (user: TestUser, recordingURL: string) =>
    app.inject({
      method: 'PUT',
      url: '/api/recordings/complete',
      headers: as(user),
      payload: { recordingURL },
    });
  const fetchObject = (path: string, user?: TestUser, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: path, headers: { ...headers, ...(user ? as(user) : {}) } });
  async function storedObjects(uploadId: string) {
    const sizes = await Promise.all(
      objectNames.map((name) => app.storage.size(objectKey(uploadId, name))),
    );
    return sizes.filter((size) => size !== undefined).length;
  }

  it.each(formats)('takes $file through upload, PUT and complete', async (expected) => {
    const ada = await signUp(app, 'recorder');
    const bytes = fixture(expected.file);
    const reply = await uploadRecordingAs(app, ada, bytes);
    expect(reply).toMatchObject({
      format: expected.format,
      sampleRate: expected.sampleRate,
      channels: expected.channels,
      spectrogram: { path: `${reply.objectPath}/spectrogram.png`, height: 256 },
    });
    expect(reply.durationSeconds).toBeCloseTo(3, 1);
    const original = await fetchObject(reply.objectPath, ada);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe(expected.mime);
    expect(original.rawPayload.equals(bytes)).toBe(true);
    const listen = await fetchObject(`${reply.objectPath}/listen.mp3`, ada);
    expect(listen.statusCode).toBe(404); // small files are played as they are
  });

  it('refuses a fake at the PUT and deletes what arrived', async () => {
    const ada = await signUp(app, 'faker');
    for (const fake of ['text.mp3', 'not-audio.png']) {
      const url = await uploadUrl(ada);
      const res = await put(url, fixture(fake));
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe(NOT_A_RECORDING_MESSAGE);
      expect(await storedObjects(uploadIdIn(url)!)).toBe(0);
      expect(readdirSync(join(dataDir, 'uploads')).includes(uploadIdIn(url)!)).toBe(false);
      expect((await complete(ada, url)).statusCode).toBe(400); // nothing was uploaded
    }
  });

  it('refuses a fake at complete (bytes that came another way) and deletes them', async () => {
    const ada = await signUp(app, 'faker2');
    for (const [fake, status] of [
      ['text.mp3', 415],
      ['not-audio.png', 415],
      ['video-only.mp4', 415],
    ] as const) {
      const url = await uploadUrl(ada);
      const id = uploadIdIn(url)!;
      await app.storage.write(objectKey(id, 'original'), fixture(fake), 'audio/mpeg'); // as S3
      const res = await complete(ada, url);
      expect(res.statusCode, fake).toBe(status);
      expect(await storedObjects(id)).toBe(0);
    }
  });

  it('refuses an announced 51 MB file and an 11-minute one (413)', async () => {
    const ada = await signUp(app, 'large');
    const announced = await startUpload(ada, 51 * 1024 * 1024);
    expect(announced.statusCode).toBe(413);
    expect(announced.json().message).toBe(RECORDING_TOO_LARGE_MESSAGE);

    const url = await uploadUrl(ada);
    const tooLarge = await app.inject({
      method: 'PUT',
      url,
      headers: { 'content-type': 'audio/wav', 'content-length': String(51 * 1024 * 1024) },
      payload: fixture('pcm-16k.wav'),
    });
    expect(tooLarge.statusCode).toBe(413);

    const long = await uploadUrl(ada);
    expect((await put(long, toneWav(11 * 60, 8000))).statusCode).toBe(204);
    const res = await complete(ada, long);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(RECORDING_TOO_LONG_MESSAGE);
    expect(await storedObjects(uploadIdIn(long)!)).toBe(0);
  });

  it("refuses a recording past the user's quota, leaving nothing behind", async () => {
    const ada = await signUp(app, 'full');
    await app.db.execute(sql`update users set storage_quota_mb = 1 where id = ${ada.id}`);
    expect((await startUpload(ada, 2 * 1024 * 1024)).statusCode).toBe(413);
    const url = await uploadUrl(ada);
    expect((await put(url, toneWav(20))).statusCode).toBe(204); // 640 kB, and a copy as large
    const res = await complete(ada, url);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/^This recording would go over your storage/);
    expect(await storedObjects(uploadIdIn(url)!)).toBe(0);
  });
});
