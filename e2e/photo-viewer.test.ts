import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import {
  baseURL,
  createLog,
  expectAccessible,
  pathOf,
  signUp,
  withWorker,
  type SignedIn,
} from './support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const png = (background: string, width = 600, height = 400) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** The upload flow of SPEC §4 through the API; returns the stored object path. */
async function uploadPhoto(context: BrowserContext, background: string): Promise<string> {
  const start = await context.request.post('/api/photos/upload');
  const { uploadURL } = (await start.json()) as { uploadURL: string };
  const put = await context.request.put(uploadURL, {
    headers: { 'content-type': 'image/png' },
    data: await png(background),
  });
  expect(put.status()).toBe(204);
  const complete = await context.request.put('/api/photos/complete', {
    data: { photoURL: uploadURL },
  });
  return ((await complete.json()) as { objectPath: string }).objectPath;
}

/** Console errors, page errors and CSP violations from here on. */
async function watchProblems(context: BrowserContext, page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${pathOf(page)}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${pathOf(page)}: ${error.message}`));
  await context.exposeFunction('reportCspViolation', (text: string) => problems.push(text));
  await context.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (event) =>
      window.reportCspViolation('CSP: ' + event.violatedDirective + ' ' + event.blockedURI));`,
  });
  return problems;
}

const loadedChunks = (page: Page, name: string) =>
  page.evaluate(
    `performance.getEntriesByType('resource').filter((entry) => entry.name.includes(${JSON.stringify(name)})).length`,
  ) as Promise<number>;

const isFocused = (locator: Locator) =>
  locator.evaluate((element) => element === (globalThis as unknown as Doc).document.activeElement);
interface Doc {
  document: { activeElement: unknown };
}

describe('the photo lightbox', () => {
  let ada: SignedIn;
  let problems: string[];
  let logId: string;
  let photos: string[];
  beforeAll(async () => {
    ada = await signUp(browser, { ...withWorker, viewport: DESKTOP }); // its registration logs nothing
    problems = await watchProblems(ada.context, ada.page);
    photos = [
      await uploadPhoto(ada.context, '#a47'),
      await uploadPhoto(ada.context, '#4a7'),
      await uploadPhoto(ada.context, '#47a'),
    ];
    logId = (
      await createLog(ada.context, {
        speciesCommon: 'Hoopoe',
        uploadedPhotoUrls: photos,
        photoLinks: ['https://example.com/hoopoe-album'],
      })
    ).id;
  });
  afterAll(() => ada.context.close());

  const lightbox = (page: Page) => page.getByRole('dialog', { name: 'Photos' });
  const counter = (page: Page) => lightbox(page).locator('.yarl__counter');
  const shown = (page: Page) => lightbox(page).locator('.yarl__slide_current img');

  it('opens a thumbnail large, moves with arrows and buttons, and closes back to it', async () => {
    const { page } = ada;
    await page.goto(`/logs/${logId}`);
    const second = page.getByRole('link', { name: 'Photo 2' });
    await second.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await loadedChunks(page, 'photo-lightbox')).toBe(0); // not part of the page itself
    problems.length = 0; // what the lightbox does, from here on (the page's own load is field-grade's)

    await second.click();
    await lightbox(page).waitFor();
    expect(await loadedChunks(page, 'photo-lightbox')).toBeGreaterThan(0);
    await expect.poll(() => counter(page).textContent()).toBe('2 / 3');
    expect(await shown(page).getAttribute('src')).toBe(photos[1]);
    expect(await shown(page).getAttribute('alt')).toBe('Photo 2');
    await expect
      .poll(() =>
        shown(page).evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
      )
      .toBe(600); // the photo itself, not its 400 px thumbnail

    await page.keyboard.press('ArrowRight');
    await expect.poll(() => counter(page).textContent()).toBe('3 / 3');
    expect(await shown(page).getAttribute('src')).toBe(photos[2]);
    await page.keyboard.press('ArrowRight'); // the last photo: no wrapping round
    await expect.poll(() => counter(page).textContent()).toBe('3 / 3');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => counter(page).textContent()).toBe('2 / 3');
    await page.getByRole('button', { name: 'Previous photo' }).click();
    await expect.poll(() => counter(page).textContent()).toBe('1 / 3');
    expect(await shown(page).getAttribute('src')).toBe(photos[0]);
    await page.getByRole('button', { name: 'Next photo' }).click();
    await expect.poll(() => counter(page).textContent()).toBe('2 / 3');

    // the file itself stays one click away
    const original = page.getByRole('link', { name: 'Open original' });
    expect(await original.getAttribute('href')).toBe(photos[1]);
    expect(await original.getAttribute('target')).toBe('_blank');
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    await lightbox(page).waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(second)).toBe(true);
    expect(pathOf(page)).toBe(`/logs/${logId}`);

    // from the keyboard: Enter on a thumbnail
    const first = page.getByRole('link', { name: 'Photo 1' });
    await first.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => counter(page).textContent()).toBe('1 / 3');
    await page.getByRole('button', { name: 'Close' }).click();
    await lightbox(page).waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(first)).toBe(true);

    // photo links are links to other sites, as before (SPEC §2)
    const link = page.getByRole('link', { name: 'https://example.com/hoopoe-album' });
    expect(await link.getAttribute('target')).toBe('_blank');

    expect(problems).toEqual([]);
  });

  it('moves with a swipe on a phone', async () => {
    const phone = await browser.newContext({
      baseURL,
      viewport: PHONE,
      hasTouch: true,
      storageState: await ada.context.storageState(),
    });
    const page = await phone.newPage();
    await page.goto(`/logs/${logId}`);
    await page.getByRole('link', { name: 'Photo 1' }).click();
    await expect.poll(() => counter(page).textContent()).toBe('1 / 3');
    await page.waitForTimeout(300); // the fade-in
    // a finger moving right to left across the photo
    const cdp = await phone.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y: 420 }],
      });
    await touch('touchStart', 330);
    for (let x = 300; x >= 60; x -= 30) await touch('touchMove', x);
    await touch('touchEnd');
    await expect.poll(() => counter(page).textContent()).toBe('2 / 3');
    expect(await shown(page).getAttribute('src')).toBe(photos[1]);
    await phone.close();
  });
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * An element's computed background, or with `token` the app's colour of that name (as
 * '--primary'), as sRGB 0–255 whatever CSS colour syntax the browser reports.
 */
const backgroundOf = (locator: Locator, token?: string) =>
  locator.evaluate((element, token) => {
    interface Canvas {
      width: number;
      height: number;
      getContext(kind: '2d'): {
        fillStyle: string;
        fillRect(x: number, y: number, w: number, h: number): void;
        getImageData(x: number, y: number, w: number, h: number): { data: number[] };
      };
    }
    const page = globalThis as unknown as {
      getComputedStyle(element: unknown): {
        backgroundColor: string;
        getPropertyValue(name: string): string;
      };
      document: { documentElement: unknown; createElement(tag: 'canvas'): Canvas };
    };
    const colour = token
      ? page.getComputedStyle(page.document.documentElement).getPropertyValue(token)
      : page.getComputedStyle(element).backgroundColor;
    const canvas = page.document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d');
    context.fillStyle = colour;
    context.fillRect(0, 0, 1, 1);
    return Array.from(context.getImageData(0, 0, 1, 1).data).slice(0, 3);
  }, token);

/** WCAG relative luminance of an sRGB colour. */
const luminance = (rgb: number[]) => {
  const [r, g, b] = rgb.map((value) => {
    const channel = value / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

describe('the upload dialog', () => {
  const images = async (count: number) =>
    Promise.all(
      Array.from({ length: count }, async (_, n) => ({
        name: `IMG_000${n + 1}.png`,
        mimeType: 'image/png',
        buffer: await png(`#${(n + 3).toString(16).repeat(3)}`, 300, 200),
      })),
    );

  async function openDialog(page: Page) {
    await page.goto('/logs/new');
    await page.getByRole('button', { name: 'Upload Photos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Photos' });
    await dialog.locator('.uppy-Dashboard').waitFor();
    return dialog;
  }

  const chosenNames = (dialog: Locator) =>
    dialog.locator('.uppy-Dashboard-Item-name').allTextContents();

  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`keeps the first 5 of 6 chosen images and names the 6th, clear of the headline (${size}, dark)`, async () => {
      const { context, page } = await signUp(browser, { viewport, colorScheme: 'dark' });
      const uploadCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/photos/')) uploadCalls.push(request.url());
      });
      const dialog = await openDialog(page);
      await dialog
        .locator('input[type=file]')
        .first()
        .setInputFiles(await images(6));

      await dialog.getByRole('button', { name: 'Upload 5 files' }).waitFor();
      expect(await chosenNames(dialog)).toEqual([
        'IMG_0001.png',
        'IMG_0002.png',
        'IMG_0003.png',
        'IMG_0004.png',
        'IMG_0005.png',
      ]);
      const message = dialog.getByRole('alert').filter({
        hasText: 'IMG_0006.png was left out: at most 5 photos can be uploaded at a time.',
      });
      await message.waitFor();
      expect(await message.count()).toBe(1); // said once, not by two overlaid message boxes
      const title = dialog.getByRole('heading', { name: 'Upload Photos' });
      expect(overlaps((await message.boundingBox())!, (await title.boundingBox())!)).toBe(false);
      const bar = dialog.locator('.uppy-DashboardContent-bar');
      expect(overlaps((await message.boundingBox())!, (await bar.boundingBox())!)).toBe(false);

      // the app's dark colours, not Uppy's own greys, blues and greens
      const background = await backgroundOf(dialog);
      expect(luminance(background)).toBeLessThan(0.01);
      for (const part of [
        '.uppy-Dashboard-inner',
        '.uppy-DashboardContent-bar',
        '.uppy-StatusBar-actions',
      ]) {
        expect(await backgroundOf(dialog.locator(part))).toEqual(background);
      }
      expect(luminance(await backgroundOf(message))).toBeLessThan(0.06);
      expect(await backgroundOf(dialog.getByRole('button', { name: 'Upload 5 files' }))).toEqual(
        await backgroundOf(dialog, '--primary'),
      );
      expect(uploadCalls).toEqual([]); // manual start: choosing sends nothing
      await expectAccessible(page);
      await context.close();
    });
  }

  it('opens empty again after an upload, with room for 5 more', async () => {
    const { context, page } = await signUp(browser, { viewport: DESKTOP });
    let dialog = await openDialog(page);
    await dialog
      .locator('input[type=file]')
      .first()
      .setInputFiles(
        (await images(2)).map((image, n) => ({ ...image, name: `first-${n + 1}.png` })),
      );
    await dialog.getByRole('button', { name: 'Upload 2 files' }).click();
    for (const name of ['first-1.png', 'first-2.png']) {
      await page
        .locator('[data-sonner-toast]')
        .filter({ hasText: `${name} uploaded successfully` })
        .first()
        .waitFor();
    }
    await page.keyboard.press('Escape');
    const uploaded = page.getByRole('list', { name: 'Uploaded photos' });
    await expect.poll(() => uploaded.getByRole('img').count()).toBe(2);

    await page.getByRole('button', { name: 'Upload Photos' }).click();
    dialog = page.getByRole('dialog', { name: 'Upload Photos' });
    await dialog.getByText('Drop files here or').waitFor();
    await dialog
      .locator('input[type=file]')
      .first()
      .setInputFiles(await images(5));
    await dialog.getByRole('button', { name: 'Upload 5 files' }).waitFor();
    expect(await chosenNames(dialog)).toHaveLength(5);
    expect(await dialog.getByText('left out').count()).toBe(0);
    await context.close();
  });

  it('keeps many messages inside the Dashboard, below its headline', async () => {
    const { context, page } = await signUp(browser, { viewport: PHONE });
    const dialog = await openDialog(page);
    const notes = [1, 2, 3, 4, 5].map((n) => ({
      name: `notes-${n}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(`not a photo ${n}`),
    }));
    await dialog
      .locator('input[type=file]')
      .first()
      .setInputFiles([...notes, ...(await images(8))]);
    await dialog.getByRole('button', { name: 'Upload 5 files' }).waitFor();
    await dialog
      .getByRole('alert')
      .filter({
        hasText:
          'IMG_0006.png, IMG_0007.png, and IMG_0008.png were left out: at most 5 photos can be uploaded at a time.',
      })
      .waitFor();
    const messages = page.locator('.uppy-Informer').first();
    const title = dialog.getByRole('heading', { name: 'Upload Photos' });
    const inner = await dialog.locator('.uppy-Dashboard-inner').boundingBox();
    const box = (await messages.boundingBox())!;
    expect(overlaps(box, (await title.boundingBox())!)).toBe(false);
    expect(box.y).toBeGreaterThanOrEqual(inner!.y);
    expect(box.y + box.height).toBeLessThanOrEqual(inner!.y + inner!.height);
    await context.close();
  });
});
