import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { inject } from 'vitest';
import { UPLOAD_RATE } from '../../src/common/photos.js';
import { PHOTO_TIME_LIMIT_MS, PHOTO_WORKERS, type Config } from '../../src/server/config.js';
import type { LogWriteInput } from '../../src/common/logs/schemas.js';

/**
 * Every database suite runs on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL. A worker
 * runs several files with this module loaded once: the PostgreSQL URL is read when a suite asks,
 * as each file has its own database (own-database.ts).
 */
export const stores: { store: string; readonly databaseUrl: string | undefined }[] = [
  ...(process.env.TEST_STORES === 'postgres' ? [] : [{ store: 'pglite', databaseUrl: undefined }]),
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          store: 'postgres',
          get databaseUrl() {
            return process.env.TEST_DATABASE_URL;
          },
        },
      ]
    : []),
];

/** Uploads of the running test file's apps land here (file-data-dir.ts makes one per file). */
function testDataDir(): string {
  if (!process.env.SIGHTBOOK_TEST_DATA_DIR) {
    const dir = mkdtempSync(join(tmpdir(), 'sightbook-test-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    process.env.SIGHTBOOK_TEST_DATA_DIR = dir;
  }
  return process.env.SIGHTBOOK_TEST_DATA_DIR;
}

/** The migrated store tests start from (database-templates.ts); none outside vitest (bench/). */
function providedTemplate(): string | undefined {
  try {
    return inject('pgliteTemplate') || undefined;
  } catch {
    return undefined;
  }
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: testDataDir(),
    embeddedDatabase: 'memory://',
    embeddedTemplate: providedTemplate(),
    sessionSecret: 'test-secret-that-is-at-least-32-characters-long',
    appName: 'Sightbook',
    authRateLimit: 1000,
    map: {
      tileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
      attribution: '&copy; Test tiles',
    },
    logLevel: (process.env.TEST_LOG_LEVEL as Config['logLevel']) ?? 'silent',
    allowLocalAccounts: true,
    photos: { maxPixels: 50_000_000, workers: PHOTO_WORKERS, timeLimitMs: PHOTO_TIME_LIMIT_MS },
    seedTaxa: false, // tests/taxonomy loads the backbone itself
    maintenanceStartDelayMs: 0, // tests/db/embedded-maintenance.test.ts sees the pass at start
    // a 32nd of PASSWORD_COST's work and memory: the suites sign up thousands of accounts
    passwordCost: { N: 2 ** 10, r: 8, p: 1 },
    registration: 'open', // most tests sign up several users; tests/accounts check the modes
    storageQuotaMb: 2048,
    uploadRateLimit: UPLOAD_RATE.max,
    ...overrides,
  };
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

/** The `name=value` pairs of a reply's Set-Cookie headers, ready for a Cookie header. */
export function cookieOf(res: LightMyRequestResponse): string {
  return res.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/** The headers of a request made as `user`: `headers: as(user)`. */
export const as = (user: TestUser) => ({ cookie: user.cookie });

/**
 * `get(user, url, headers)` on the app `app()` returns when called (a file's app is built in its
 * `beforeAll`): a GET as `user`, or signed out without one.
 */
export const getFor =
  (app: () => FastifyInstance) =>
  (user: TestUser | undefined, url: string, headers: Record<string, string> = {}) =>
    app().inject({ method: 'GET', url, headers: { ...headers, ...(user ? as(user) : {}) } });

export const uniqueEmail = (name = 'user') => `${name}-${randomUUID()}@example.org`;

/** A made-up client address, so that per-IP sign-in limits never join unrelated tests. */
export const randomIp = () =>
  `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250)).join('.')}`;

/** A fresh account per test keeps tests apart on a shared PostgreSQL. */
export async function signUp(app: FastifyInstance, name = 'user'): Promise<TestUser> {
  const email = uniqueEmail(name);
  const password = 'correct horse battery';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: randomIp(),
    payload: { email, password, firstName: name },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { id: res.json().id, email, password, cookie: cookieOf(res) };
}

/**
 * A valid log; the robin's scientific name goes with the robin only: the lists count a log by
 * its scientific name when it has one (issue 32), so a 'Wren' with it would count as a robin.
 */
export const aLog = (overrides: Partial<LogWriteInput> = {}): LogWriteInput => ({
  speciesCommon: 'European Robin',
  ...(overrides.speciesCommon === undefined ? { speciesScientific: 'Erithacus rubecula' } : {}),
  count: 2,
  observedAt: '2026-05-01T06:30',
  placeName: 'Hyde Park',
  description: 'Singing from a hawthorn',
  notes: 'Sunny, light wind',
  isPublic: true,
  photoLinks: [],
  uploadedPhotoUrls: [],
  ...overrides,
});

export async function createLogAs(
  app: FastifyInstance,
  user: TestUser,
  overrides: Partial<LogWriteInput> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/logs',
    headers: { cookie: user.cookie },
    payload: aLog(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string } & Record<string, unknown>;
}

/** A small real image; each call differs so uploads never collide. */
export function sampleImage(format: 'png' | 'jpeg' = 'png', width = 640, height = 480) {
  const background = { r: Math.floor(Math.random() * 256), g: 120, b: 80 };
  const image = sharp({ create: { width, height, channels: 3, background } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

/**
 * A JPEG like a phone's: taken 15 June 2025 at 07:45 (camera time, no zone) at 52.52° N
 * 13.41° E (Berlin), with the EXIF orientation given (6: stored landscape, shown portrait).
 */
export function phonePhoto({ width = 800, height = 400, orientation = 1 } = {}) {
  return sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .jpeg()
    .withMetadata({ orientation })
    .withExif({
      IFD2: { DateTimeOriginal: '2025:06:15 07:45:00' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 31/1 12/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '13/1 24/1 36/1',
      },
    })
    .toBuffer();
}

/** The whole SPEC §4 upload flow through the local driver; returns the object path. */
export async function uploadPhotoAs(
  app: FastifyInstance,
  user: TestUser,
  body?: Buffer,
): Promise<string> {
  const cookie = { cookie: user.cookie };
  const start = await app.inject({ method: 'POST', url: '/api/photos/upload', headers: cookie });
  if (start.statusCode !== 200) throw new Error(`upload start failed: ${start.body}`);
  const { uploadURL } = start.json() as { uploadURL: string };
  const put = await app.inject({
    method: 'PUT',
    url: uploadURL,
    headers: { 'content-type': 'image/png' },
    payload: body ?? (await sampleImage()),
  });
  if (put.statusCode !== 204) throw new Error(`upload failed: ${put.statusCode} ${put.body}`);
  const complete = await app.inject({
    method: 'PUT',
    url: '/api/photos/complete',
    headers: cookie,
    payload: { photoURL: uploadURL },
  });
  if (complete.statusCode !== 200) throw new Error(`complete failed: ${complete.body}`);
  return (complete.json() as { objectPath: string }).objectPath;
}

/** A sound recording through upload, PUT (local driver) and complete; returns the reply. */
export async function uploadRecordingAs(app: FastifyInstance, user: TestUser, body: Buffer) {
  const cookie = { cookie: user.cookie };
  const start = await app.inject({
    method: 'POST',
    url: '/api/recordings/upload',
    headers: cookie,
  });
  if (start.statusCode !== 200) throw new Error(`upload start failed: ${start.body}`);
  const { uploadURL } = start.json() as { uploadURL: string };
  const put = await app.inject({
    method: 'PUT',
    url: uploadURL,
    headers: { 'content-type': 'application/octet-stream' },
    payload: body,
  });
  if (put.statusCode !== 204) throw new Error(`upload failed: ${put.statusCode} ${put.body}`);
  const complete = await app.inject({
    method: 'PUT',
    url: '/api/recordings/complete',
    headers: cookie,
    payload: { recordingURL: uploadURL },
  });
  if (complete.statusCode !== 200) throw new Error(`complete failed: ${complete.body}`);
  return complete.json() as { objectPath: string } & Record<string, unknown>;
}

/** A 16-bit PCM mono WAV of a 3 kHz whistle (an 8 kHz rate: a 1 kHz one) for `seconds`. */
export function toneWav(seconds: number, sampleRate = 16_000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  const hz = Math.min(3000, sampleRate / 8);
  for (let i = 0; i < samples; i += 1) {
    wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * hz * i) / sampleRate)), 44 + i * 2);
  }
  return wav;
}
