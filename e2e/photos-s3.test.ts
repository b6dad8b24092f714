import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phonePhoto } from '../tests/support/helpers.js';
import {
  freePort,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../tests/support/server-processes.js';
import { launchBrowser } from './browser.js';
import { signUp } from './support.js';

// The built app with photos in an S3 bucket (its own server process against s3rver): the
// browser PUTs the photo straight to the bucket, which the page's CSP must allow.

const root = new URL('..', import.meta.url).pathname;
const BUCKET = 'photos';

/** The bucket's CORS rule as the README has self-hosters set it: PUT from the app's origin. */
const corsFor = (appOrigin: string) => `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${appOrigin}</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>content-type</AllowedHeader>
  </CORSRule>
</CORSConfiguration>`;

let s3rver: S3rver | undefined;
let s3Origin: string;
let server: ServerProcess;
let dataDir: string;
let bucketDir: string;
let browser: Browser;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sightbook-e2e-s3-'));
  bucketDir = await mkdtemp(join(tmpdir(), 'sightbook-e2e-s3rver-'));
  // The bucket's CORS rule names the app's origin, known once the app listens: the app first.
  const s3Port = await freePort();
  s3Origin = `http://127.0.0.1:${s3Port}`;
  server = await startServerProcess(
    ['dist/server/main.js'],
    {
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3Origin,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    { cwd: root },
  );
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: s3Port,
    silent: true,
    directory: bucketDir,
    configureBuckets: [{ name: BUCKET, configs: [corsFor(server.url)] }],
  });
  await s3rver.run();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  if (server) await stopServerProcess(server.child);
  await s3rver?.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(bucketDir, { recursive: true, force: true });
});

/** Every file under `dir`, as paths relative to it. */
const filesUnder = (dir: string) => readdir(dir, { recursive: true });

describe('photo uploads to an S3 bucket', () => {
  it('uploads through the dialog straight to the bucket and shows the photo on the log', async () => {
    const { page } = await signUp(browser, { baseURL: server.url });
    const refusal = new Promise<string>((resolve) =>
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) resolve(message.text());
      }),
    );
    await page.goto('/logs/new');
    await page.getByRole('combobox', { name: 'Common Name', exact: true }).click();
    await page.getByPlaceholder('Type to search or add new...').fill('Kingfisher');
    await page.getByRole('option', { name: 'Use "Kingfisher"' }).click();

    await page.getByRole('button', { name: 'Upload Photos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Photos' });
    await dialog.locator('.uppy-Dashboard').waitFor();
    const putToBucket = page.waitForResponse(
      (response) =>
        response.url().startsWith(`${s3Origin}/${BUCKET}/`) &&
        response.request().method() === 'PUT',
    );
    await dialog
      .locator('input[type=file]')
      .first()
      .setInputFiles({
        name: 'kingfisher.jpg',
        mimeType: 'image/jpeg',
        buffer: await phonePhoto({ width: 600, height: 400 }),
      });
    await dialog.getByRole('button', { name: /Upload 1 file/ }).click();
    const outcome = await Promise.race([
      putToBucket.then((response) => `the bucket answered ${response.status()}`),
      refusal.then((text) => `the page refused: ${text}`),
    ]);
    expect(outcome).toBe('the bucket answered 200');
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'kingfisher.jpg uploaded successfully' })
      .first()
      .waitFor();
    await page.keyboard.press('Escape');
    const uploaded = page.getByRole('list', { name: 'Uploaded photos' });
    await expect.poll(() => uploaded.getByRole('img').count()).toBe(1);

    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/logs') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Create Log' }).click();
    const log = (await (await saved).json()) as { id: string; photos: { url: string }[] };
    expect(log.photos).toHaveLength(1);
    const uploadId = /^\/objects\/uploads\/([0-9a-f-]+)$/.exec(log.photos[0]!.url)?.[1];
    expect(uploadId).toBeDefined();

    await page.waitForURL(`**/logs/${log.id}`);
    const photo = page.getByRole('img', { name: 'Photo 1' });
    await photo.waitFor();
    await expect
      .poll(() =>
        photo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
      )
      .toBeGreaterThan(0);

    // the original and its derivatives are in the bucket, not on the app's disk
    const stored = await filesUnder(join(bucketDir, BUCKET));
    expect(stored.some((path) => path.startsWith(join('uploads', uploadId!, 'original')))).toBe(
      true,
    );
    expect(await filesUnder(dataDir)).not.toContain('uploads');
  });
});
