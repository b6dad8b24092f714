import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import {
  as,
  createLogAs,
  signUp,
  stores,
  testConfig,
  toneWav,
  uploadPhotoAs,
  uploadRecordingAs,
  type TestUser,
} from '../support/helpers.js';

// Issue 37: a shared log or outing without an uploaded photo shows its recording's spectrogram
// in its link preview; a private log's recording shows in no preview and no shared reply.

const webRoot = fileURLToPath(new URL('../fixtures/web/', import.meta.url));
const origin = 'https://birds.example';

/** The content of `<meta {attribute}="{key}">`, as written (still escaped). */
function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html);
  return match?.[1];
}

describe.each(stores)('recordings in shared previews on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let ada: TestUser;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl, webRoot, publicUrl: origin }));
    ada = await signUp(app, 'recordist');
  });
  afterAll(() => app.close());

  /** A recording of ada's: 3 s at 16 kHz draws a 300 × 256 spectrogram up to 8 kHz. */
  const record = async (seconds = 3) =>
    (await uploadRecordingAs(app, ada, toneWav(seconds))).objectPath;
  const page = async (url: string) => (await app.inject({ method: 'GET', url })).body;
  const signedOut = (url: string) => app.inject({ method: 'GET', url });

  it("shows a public log's spectrogram when it has no photo, as a crawler can fetch it", async () => {
    const path = await record();
    const log = await createLogAs(app, ada, {
      speciesCommon: 'Nightingale',
      uploadedRecordingUrls: [path],
      photoLinks: ['https://photos.example/nightingale.jpg'], // never fetched, never a preview
    });
    const html = await page(`/shared/${log.id}`);
    const image = `${origin}${path}/spectrogram.png`;
    expect(metaContent(html, 'og:image')).toBe(image);
    expect(metaContent(html, 'og:image:width')).toBe('300');
    expect(metaContent(html, 'og:image:height')).toBe('256');
    expect(metaContent(html, 'og:image:alt')).toBe(
      'Spectrogram of the Nightingale recording, 0–8 kHz',
    );
    expect(metaContent(html, 'twitter:image')).toBe(image);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');

    const spectrogram = await signedOut(`${path}/spectrogram.png`);
    expect(spectrogram.statusCode).toBe(200);
    expect(spectrogram.headers['content-type']).toBe('image/png');
  });

  it('gives a spectrogram too narrow for the large card the summary card', async () => {
    const path = await record(2); // 200 px: Twitter's large card takes 300 px at least
    const log = await createLogAs(app, ada, {
      speciesCommon: 'Wren',
      uploadedRecordingUrls: [path],
    });
    const html = await page(`/shared/${log.id}`);
    expect(metaContent(html, 'og:image')).toBe(`${origin}${path}/spectrogram.png`);
    expect(metaContent(html, 'og:image:width')).toBe('200');
    expect(metaContent(html, 'twitter:card')).toBe('summary');
  });

  it('prefers an uploaded photo to the spectrogram', async () => {
    const [photo, path] = await Promise.all([uploadPhotoAs(app, ada), record()]);
    const log = await createLogAs(app, ada, {
      speciesCommon: 'Robin',
      uploadedPhotoUrls: [photo],
      uploadedRecordingUrls: [path],
    });
    const html = await page(`/shared/${log.id}`);
    expect(metaContent(html, 'og:image')).toBe(`${origin}${photo}/preview.jpg`);
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(html).not.toContain('spectrogram.png');
  });

  it("never shows a private log's spectrogram", async () => {
    const path = await record();
    const log = await createLogAs(app, ada, {
      speciesCommon: 'Secret Owl',
      isPublic: false,
      uploadedRecordingUrls: [path],
    });
    const html = await page(`/shared/${log.id}`);
    expect(html).not.toContain(path);
    expect(metaContent(html, 'og:image')).toBeUndefined();
    expect((await signedOut(`${path}/spectrogram.png`)).statusCode).toBe(404);
  });

  describe('a public outing', () => {
    const startOuting = async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/outings',
        headers: as(ada),
        payload: {
          startedAt: '2026-05-02T05:10:00+01:00',
          timeZone: 'Europe/London',
          protocol: 'stationary',
          complete: true,
          placeName: 'Wicken Fen',
          isPublic: true,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const onOuting = (outingId: string, speciesCommon: string, minute: number) => ({
      speciesCommon,
      outingId,
      observedAt: `2026-05-02T05:${minute}:00+01:00`,
    });

    it("carries its public logs' recordings as their shared replies do, a private log's none", async () => {
      const outingId = await startOuting();
      const [secret, heard] = await Promise.all([record(), fixtureRecording()]);
      // the private one first: neither its recording nor its spectrogram is the preview
      await createLogAs(app, ada, {
        ...onOuting(outingId, 'Crane', 20),
        isPublic: false,
        uploadedRecordingUrls: [secret],
      });
      const bittern = await createLogAs(app, ada, {
        ...onOuting(outingId, 'Bittern', 30),
        uploadedRecordingUrls: [heard],
      });

      const reply = await signedOut(`/api/outings/shared/${outingId}`);
      expect(reply.statusCode).toBe(200);
      expect(reply.body).not.toContain(secret);
      const shared = await signedOut(`/api/logs/shared/${bittern.id}`);
      const [log] = reply.json().logs;
      expect(log.speciesCommon).toBe('Bittern');
      expect(log.recordings).toEqual(shared.json().recordings);
      expect(log.recordings).toEqual([
        expect.objectContaining({ url: heard, spectrogramUrl: `${heard}/spectrogram.png` }),
      ]);
      // what the reply's URL gives a signed-out visitor: the copy without the recorder's position
      const sound = await signedOut(log.recordings[0].url);
      expect(sound.statusCode).toBe(200);
      expect(sound.rawPayload.includes('54.75656')).toBe(false);

      const html = await page(`/shared/outings/${outingId}`);
      expect(html).not.toContain(secret);
      expect(metaContent(html, 'og:image')).toBe(`${origin}${heard}/spectrogram.png`);
      expect(metaContent(html, 'og:image:alt')).toBe(
        'Spectrogram of the Bittern recording, 0–12 kHz',
      );
    });

    it('has no picture when its only recording is on a private log', async () => {
      const outingId = await startOuting();
      const secret = await record();
      await createLogAs(app, ada, {
        ...onOuting(outingId, 'Crane', 20),
        isPublic: false,
        uploadedRecordingUrls: [secret],
      });
      await createLogAs(app, ada, onOuting(outingId, 'Reed Warbler', 40));
      const html = await page(`/shared/outings/${outingId}`);
      expect(html).not.toContain(secret);
      expect(metaContent(html, 'og:image')).toBeUndefined();
      expect(metaContent(html, 'twitter:card')).toBe('summary');
    });
  });

  /** The Song Meter's recording: 24 kHz, its GUANO holding the recorder's position. */
  async function fixtureRecording() {
    const bytes = readFileSync('tests/fixtures/audio/song-meter-guano.wav');
    return (await uploadRecordingAs(app, ada, bytes)).objectPath;
  }
});
