import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { phonePhoto } from '../tests/support/helpers.js';
import { createLog, expectToast, pathOf, signUp, type SignedIn } from './support.js';

let browser: Browser;
let ada: SignedIn;
let files: string;
beforeAll(async () => {
  files = await mkdtemp(join(tmpdir(), 'sightbook-e2e-photos-'));
  browser = await launchBrowser();
  ada = await signUp(browser, { timezoneId: 'Europe/Berlin' });
});
afterAll(async () => {
  await browser?.close();
  await rm(files, { recursive: true, force: true });
});

const plainPng = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: '#a47' } })
    .png()
    .toBuffer();

async function openUploadDialog(page: Page) {
  await page.getByRole('button', { name: 'Upload Photos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Photos' });
  await dialog.locator('.uppy-Dashboard').waitFor();
  return dialog;
}

const toastWith = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

describe('photo uploads', () => {
  it('uploads photos, fills the capture time and the GPS, and shows them after saving', async () => {
    const { page } = ada;
    await page.goto('/logs/new');
    await page.getByRole('combobox', { name: 'Common Name', exact: true }).click();
    await page.getByPlaceholder('Type to search or add new...').fill('Hoopoe');
    await page.getByRole('option', { name: 'Use "Hoopoe"' }).click();

    const dialog = await openUploadDialog(page);
    await dialog
      .locator('input[type=file]')
      .first()
      .setInputFiles([
        {
          name: 'hoopoe.jpg',
          mimeType: 'image/jpeg',
          buffer: await phonePhoto({ width: 1200, height: 900 }),
        },
        { name: 'nest.png', mimeType: 'image/png', buffer: await plainPng() },
      ]);
    // manual start: nothing is sent until asked
    await dialog.getByRole('button', { name: /Upload 2 files/ }).click();
    await toastWith(page, 'hoopoe.jpg uploaded successfully').waitFor();
    await toastWith(page, 'nest.png uploaded successfully').waitFor();
    await page.keyboard.press('Escape');

    const uploaded = page.getByRole('list', { name: 'Uploaded photos' });
    await expect.poll(() => uploaded.getByRole('img').count()).toBe(2);
    // a new log's untouched time is only 'now': the photo's time takes its place (issue 34)
    await expect.poll(() => page.getByLabel('Date & Time').inputValue()).toBe('2025-06-15T07:45');
    expect(await page.getByRole('button', { name: 'Use photo time' }).count()).toBe(0);
    // the coordinates were empty: the photo's GPS filled them
    expect(await page.getByLabel('Latitude').inputValue()).toBe('52.52');
    expect(await page.getByLabel('Longitude').inputValue()).toBe('13.41');

    // one photo taken out again before saving
    await page.getByRole('button', { name: 'Remove photo 2' }).click();
    await expect.poll(() => uploaded.getByRole('img').count()).toBe(1);

    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/logs') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Create Log' }).click();
    const log = (await (await saved).json()) as {
      id: string;
      observedAt: string;
      latitude: number | null;
      longitude: number | null;
      photos: { url: string; sourceType: string }[];
    };
    expect(log.photos).toHaveLength(1);
    expect(log.photos[0]!.sourceType).toBe('uploaded');
    expect(log.observedAt).toBe('2025-06-15T05:45:00.000Z'); // 07:45 in Berlin, summer time
    expect(log.latitude).toBeCloseTo(52.52, 2);
    expect(log.longitude).toBeCloseTo(13.41, 2);

    await page.waitForURL(`**/logs/${log.id}`);
    // the first photo large at the top of the log: its 1200×630 preview, not the file itself
    const photo = page.getByRole('img', { name: 'Photo 1' });
    await photo.waitFor();
    await expect
      .poll(() => photo.evaluate((img) => (img as unknown as { currentSrc: string }).currentSrc))
      .toBe(`${new URL(page.url()).origin}${log.photos[0]!.url}/preview.jpg`);
  });

  it('offers an edited log the time of a photo taken west of Greenwich, at the zone there', async () => {
    const { page, context } = ada; // in Berlin: the photo's clock is New York's, not the browser's
    const robin = await createLog(context, {
      speciesCommon: 'American Robin',
      observedAt: '2024-05-12T10:00:00Z',
      timeZone: 'Europe/Berlin',
    });
    await page.goto(`/logs/${robin.id}/edit`);
    await page.getByRole('heading', { name: 'Edit Log' }).waitFor();

    const dialog = await openUploadDialog(page);
    await dialog
      .locator('input[type=file]')
      .first()
      .setInputFiles({
        name: 'central-park.jpg', // 40.7812 N, 73.9665 W (tests/fixtures/photos)
        mimeType: 'image/jpeg',
        buffer: await readFile(
          new URL('../tests/fixtures/photos/central-park.jpg', import.meta.url),
        ),
      });
    await dialog.getByRole('button', { name: /Upload 1 file/ }).click();
    await toastWith(page, 'central-park.jpg uploaded successfully').waitFor();
    await page.keyboard.press('Escape');

    await expect.poll(() => page.getByLabel('Longitude').inputValue()).toBe('-73.9665');
    expect(await page.getByLabel('Latitude').inputValue()).toBe('40.7812');
    // the log's saved time is the user's: offered, not replaced
    await page.getByText('The photo was taken on May 12, 2024 at 7:42 AM EDT.').waitFor();
    expect(await page.getByLabel('Date & Time').inputValue()).toBe('2024-05-12T12:00');
    await page.getByRole('button', { name: 'Use photo time' }).click();
    await page.getByText('Time at the place: America/New_York (EDT)').waitFor();

    const request = page.waitForRequest(
      (r) => r.method() === 'PUT' && new URL(r.url()).pathname === `/api/logs/${robin.id}`,
    );
    await page.getByRole('button', { name: 'Update Log' }).click();
    expect((await request).postDataJSON()).toMatchObject({
      latitude: 40.7812,
      longitude: -73.9665,
      timeZone: 'America/New_York',
      observedAt: '2024-05-12T07:42:00-04:00',
    });
    await page.waitForURL(`**/logs/${robin.id}`);
  });

  it('refuses files that are not images, and duplicates, before anything is sent', async () => {
    const { page } = ada;
    await page.goto('/logs/new');
    const uploadCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/photos/')) uploadCalls.push(request.url());
    });
    const dialog = await openUploadDialog(page);
    const input = dialog.locator('input[type=file]').first();
    await input.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a photo'),
    });
    await dialog.getByText('You can only upload: image/*').first().waitFor();
    // the same file on disk twice (same name, size and modification time)
    const same = join(files, 'same.png');
    await writeFile(same, await plainPng());
    await input.setInputFiles(same);
    await dialog.locator('.uppy-DashboardContent-addMore').click(); // back to the picker
    await input.setInputFiles(same);
    await dialog
      .getByText("Cannot add the duplicate file 'same.png', it already exists")
      .first()
      .waitFor();
    expect(uploadCalls).toEqual([]);
    expect(pathOf(page)).toBe('/logs/new');
  });

  it('says when the server gives no upload URL, or cannot complete an upload', async () => {
    const { page } = ada;
    const refuse = (route: Route) =>
      route.fulfill({ status: 500, json: { message: 'Internal Server Error' } });
    const tryUpload = async () => {
      await page.goto('/logs/new');
      const dialog = await openUploadDialog(page);
      await dialog
        .locator('input[type=file]')
        .first()
        .setInputFiles({ name: 'first.png', mimeType: 'image/png', buffer: await plainPng() });
      await dialog.getByRole('button', { name: /Upload 1 file/ }).click();
    };

    await page.route('**/api/photos/upload', refuse);
    await tryUpload();
    await expectToast(page, 'Upload Error', 'Failed to get upload URL from server');
    await page.unroute('**/api/photos/upload');

    await page.route('**/api/photos/complete', refuse);
    await tryUpload();
    await expectToast(page, 'Error', 'Failed to complete upload for first.png');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('list', { name: 'Uploaded photos' }).count()).toBe(0);
    await page.unroute('**/api/photos/complete');
  });

  it('does not load the upload dialog code on the list page', async () => {
    const { page } = ada;
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Wildlife Logs' }).waitFor();
    await page.waitForLoadState('networkidle');
    const bodies = await Promise.all(
      scripts.map((url) => page.request.get(url).then((response) => response.text())),
    );
    expect(bodies.some((body) => body.includes('uppy-Dashboard'))).toBe(false);
  });
});
