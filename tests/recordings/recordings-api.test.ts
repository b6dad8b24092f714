import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadIdIn } from '../../src/common/photos.js';
import {
  NOT_A_RECORDING_MESSAGE,
  RECORDING_TOO_LARGE_MESSAGE,
  RECORDING_TOO_LONG_MESSAGE,
} from '../../src/common/recordings.js';
import { buildApp } from '../../src/server/app.js';
import { deleteOrphanUploads } from '../../src/server/features/photos/index.js';
import { objectKey, objectNames } from '../../src/server/storage/object-storage.js';
import {
  aLog,
  as,
  createLogAs,
  signUp,
  stores,
  testConfig,
  toneWav,
  uploadRecordingAs,
  type TestUser,
} from '../support/helpers.js';

const fixture = (name: string) => readFileSync(`tests/fixtures/audio/${name}`);

/** One file of a zip, as text. */
async function fileInZip(zip: Buffer, name: string): Promise<string> {
  const archive = await yauzl.fromBufferPromise(zip);
  return new Promise((resolve, reject) => {
    archive.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName !== name) return archive.readEntry();
      archive.openReadStreamPromise(entry).then(text).then(resolve, reject);
    });
    archive.on('end', () => reject(new Error(`${name} is not in the zip`)));
    archive.on('error', reject);
    archive.readEntry();
  });
}

const formats = [
  { file: 'pcm-16k.wav', format: 'wav', mime: 'audio/wav', sampleRate: 16000, channels: 1 },
  { file: 'song.flac', format: 'flac', mime: 'audio/flac', sampleRate: 22050, channels: 2 },
  { file: 'song.mp3', format: 'mp3', mime: 'audio/mpeg', sampleRate: 22050, channels: 1 },
  { file: 'song.m4a', format: 'm4a', mime: 'audio/mp4', sampleRate: 22050, channels: 1 },
  { file: 'song.opus.ogg', format: 'ogg', mime: 'audio/ogg', sampleRate: 16000, channels: 1 },
  { file: 'song.vorbis.ogg', format: 'ogg', mime: 'audio/ogg', sampleRate: 22050, channels: 1 },
  // Chromium's MediaRecorder: Opus in a fragmented MP4 (tests/fixtures/audio/record-in-chromium.mjs)
  {
    file: 'recorded-in-chromium.mp4',
    format: 'm4a',
    mime: 'audio/mp4',
    sampleRate: 48000,
    channels: 2,
  },
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

  it("tells the owner the recorder's time and position, and keeps them from others", async () => {
    const ada = await signUp(app, 'guano');
    const bea = await signUp(app, 'listener');
    const bytes = fixture('song-meter-guano.wav');
    const reply = await uploadRecordingAs(app, ada, bytes);
    expect(reply).toMatchObject({
      recordedAt: '2020-10-17T12:05:00.000Z',
      latitude: 54.75656,
      longitude: -1.59106,
      recorder: expect.stringContaining('Song Meter'),
    });
    const path = reply.objectPath;
    const log = await createLogAs(app, ada, { isPublic: true, uploadedRecordingUrls: [path] });
    expect(log.recordings).toEqual([
      {
        url: path,
        spectrogramUrl: `${path}/spectrogram.png`,
        listeningUrl: null,
        durationSeconds: 2, // the Song Meter's 2 s at 24 kHz
        mime: 'audio/wav',
        width: 200,
        height: 256,
        maxHz: 12_000,
      },
    ]);
    const shared = await app.inject({ method: 'GET', url: `/api/logs/shared/${log.id}` });
    expect(shared.json().recordings).toEqual(log.recordings);
    expect(shared.body).not.toContain('54.75656');

    const theirs = await fetchObject(path, bea);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['content-type']).toBe('audio/wav');
    expect(theirs.rawPayload.includes('54.75656')).toBe(false);
    expect(theirs.rawPayload.includes('guan')).toBe(false);
    expect(bytes.includes('54.75656')).toBe(true);
    expect((await fetchObject(path)).rawPayload.includes('54.75656')).toBe(false); // anonymous

    const spectrogram = await fetchObject(`${path}/spectrogram.png`, bea);
    expect(spectrogram.headers['content-type']).toBe('image/png');
    const picture = sharp(spectrogram.rawPayload);
    expect(await picture.metadata()).toMatchObject({ format: 'png', width: 200, height: 256 });
    const { channels } = await picture.stats();
    expect(channels[0]!.min).toBeLessThan(channels[0]!.max); // not blank
  });

  it("keeps a private log's recording from others", async () => {
    const ada = await signUp(app, 'private');
    const bea = await signUp(app, 'nosy');
    const { objectPath } = await uploadRecordingAs(app, ada, fixture('audiomoth.wav'));
    await createLogAs(app, ada, { isPublic: false, uploadedRecordingUrls: [objectPath] });
    expect((await fetchObject(objectPath, ada)).statusCode).toBe(200);
    for (const suffix of ['', '/spectrogram.png', '/listen.mp3', '/thumbnail.webp']) {
      expect((await fetchObject(`${objectPath}${suffix}`, bea)).statusCode, suffix).toBe(404);
      expect((await fetchObject(`${objectPath}${suffix}`)).statusCode, suffix).toBe(404);
    }
  });

  it('serves byte ranges and a listening copy of a large lossless file', async () => {
    const ada = await signUp(app, 'seeker');
    const bytes = toneWav(90); // 2.9 MB: past the lossless limit of 2 MB
    const { objectPath } = await uploadRecordingAs(app, ada, bytes);
    const range = await fetchObject(objectPath, ada, { range: 'bytes=100-199' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(range.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);

    const log = await createLogAs(app, ada, { uploadedRecordingUrls: [objectPath] });
    expect((log.recordings as Array<{ listeningUrl: string }>)[0]!.listeningUrl).toBe(
      `${objectPath}/listen.mp3`,
    );
    const listen = await fetchObject(`${objectPath}/listen.mp3`, ada, { range: 'bytes=0-9' });
    expect(listen.statusCode).toBe(206);
    expect(listen.headers['content-type']).toBe('audio/mpeg');
  });

  it("refuses another user's recording, and a photo, as a log's recording (400)", async () => {
    const ada = await signUp(app, 'owner');
    const bea = await signUp(app, 'borrower');
    const { objectPath } = await uploadRecordingAs(app, ada, fixture('song.mp3'));
    const res = await app.inject({
      method: 'POST',
      url: '/api/logs',
      headers: as(bea),
      payload: { ...aLog(), uploadedRecordingUrls: [objectPath] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Uploaded recording not found: ${objectPath}`);
    // nor can a recording be a log's photo
    const asPhoto = await app.inject({
      method: 'POST',
      url: '/api/logs',
      headers: as(ada),
      payload: { ...aLog(), uploadedPhotoUrls: [objectPath] },
    });
    expect(asPhoto.statusCode).toBe(400);
  });

  it('keeps recordings on an update without them, and releases them with the log', async () => {
    const ada = await signUp(app, 'deleter');
    const { objectPath } = await uploadRecordingAs(app, ada, fixture('song.flac'));
    const id = uploadIdIn(objectPath)!;
    const log = await createLogAs(app, ada, { uploadedRecordingUrls: [objectPath] });
    const updated = await app.inject({
      method: 'PUT',
      url: `/api/logs/${log.id}`,
      headers: as(ada),
      payload: aLog({ count: 3 }),
    });
    expect(updated.json().recordings).toHaveLength(1);
    const list = await app.inject({ method: 'GET', url: '/api/logs', headers: as(ada) });
    expect(list.json().items[0].recordings[0].url).toBe(objectPath);

    expect(await storedObjects(id)).toBe(3); // original, public copy, spectrogram
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/logs/${log.id}`,
      headers: as(ada),
    });
    expect(res.statusCode).toBe(204);
    expect(await storedObjects(id)).toBe(0);
    expect((await fetchObject(objectPath, ada)).statusCode).toBe(404);
  });

  it("lists a public log's recording in the archive's multimedia as Sound", async () => {
    const ada = await signUp(app, 'publisher');
    const shown = await uploadRecordingAs(app, ada, fixture('song.mp3'));
    const hidden = await uploadRecordingAs(app, ada, fixture('song.flac'));
    const log = await createLogAs(app, ada, { uploadedRecordingUrls: [shown.objectPath] });
    await createLogAs(app, ada, { isPublic: false, uploadedRecordingUrls: [hidden.objectPath] });
    const res = await app.inject({ method: 'GET', url: '/api/export/dwca.zip', headers: as(ada) });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = (await fileInZip(res.rawPayload, 'multimedia.txt'))
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    const media = rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]])));
    expect(media).toEqual([
      expect.objectContaining({
        coreid: `urn:uuid:${log.id}`,
        type: 'Sound',
        format: 'audio/mpeg',
        identifier: expect.stringMatching(new RegExp(`${shown.objectPath}$`)),
      }),
    ]);
  });

  it("lets the hourly clean-up delete an unlogged recording only, never a log's", async () => {
    const ada = await signUp(app, 'tidy');
    const logged = await uploadRecordingAs(app, ada, fixture('song.vorbis.ogg'));
    const unlogged = await uploadRecordingAs(app, ada, fixture('song.opus.ogg'));
    await createLogAs(app, ada, { uploadedRecordingUrls: [logged.objectPath] });
    // two days old: the clean-up's own time stays now, so other files' uploads are safe
    await app.db.execute(sql`update uploads set created_at = now() - interval '2 days'
      where user_id = ${ada.id}`);
    await deleteOrphanUploads(app.db, app.storage);
    expect((await fetchObject(logged.objectPath, ada)).statusCode).toBe(200);
    expect(await storedObjects(uploadIdIn(logged.objectPath)!)).toBe(3);
    expect((await fetchObject(unlogged.objectPath, ada)).statusCode).toBe(404);
    expect(await storedObjects(uploadIdIn(unlogged.objectPath)!)).toBe(0);
  });
});
