import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { focusRing, smallTargets } from './layout-probes.js';
import { baseURL, createLog, inBothThemes, signUp, uploadImage, type SignedIn } from './support.js';

// A field guide people want to open (issue 34): a log's first photo as the cover of its card and
// at the top of its page and its shared page.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** Something like a photo: a sky, a bank and a bird, in a 4:3 or 3:4 frame. */
const scene = (sky: string, ground: string, width = 1600, height = 1200) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="s" x2="0" y2="1">
        <stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#f4f1e8"/>
      </linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#s)"/>
      <ellipse cx="50%" cy="100%" rx="80%" ry="38%" fill="${ground}"/>
      <ellipse cx="52%" cy="52%" rx="9%" ry="6%" fill="#3b2f2a"/>
      <circle cx="60%" cy="46%" r="3.5%" fill="#3b2f2a"/>
    </svg>`),
  )
    .jpeg()
    .toBuffer();

const box = async (locator: Locator) => (await locator.boundingBox())!;
const card = (page: Page, name: string) => page.getByTestId('log-card').filter({ hasText: name });

describe('photos first', () => {
  let ada: SignedIn;
  let kingfisher: string;
  beforeAll(async () => {
    ada = await signUp(browser, { ...DESKTOP, timezoneId: 'UTC' });
    const { context } = ada;
    const upload = async (sky: string, ground: string, width?: number, height?: number) =>
      uploadImage(context, await scene(sky, ground, width, height), 'image/jpeg');
    const day = (time: string) => ({ observedAt: `2026-05-01T${time}:00Z`, timeZone: 'UTC' });
    // one day's three logs: a row of the desktop's grid
    kingfisher = (
      await createLog(context, {
        speciesCommon: 'Common Kingfisher',
        speciesScientific: 'Alcedo atthis',
        count: 2,
        ...day('07:10'),
        placeName: 'Mill Creek, below the weir',
        latitude: 51.5,
        longitude: -0.12,
        description: 'Fishing from the alder over the pool.',
        notes: 'Perched on the same branch as last week.',
        uploadedPhotoUrls: [
          await upload('#8fb8d8', '#4f7a3a'),
          await upload('#c9d8e8', '#6b8e4e', 900, 1200),
          await upload('#d8c08f', '#7a5a3a'),
        ],
        photoLinks: ['https://example.com/kingfisher-album'],
      })
    ).id;
    await createLog(context, {
      speciesCommon: 'Grey Wagtail',
      ...day('07:30'),
      uploadedPhotoUrls: [await upload('#a7c4d9', '#5a6f3c', 1200, 1600)],
    });
    await createLog(context, { speciesCommon: 'Moorhen', count: 3, ...day('08:00') });
    // another day without photos: a row of compact cards
    for (const name of ['Coot', 'Mallard']) {
      await createLog(context, {
        speciesCommon: name,
        observedAt: '2026-04-30T09:00:00Z',
        placeName: 'Mill Creek',
      });
    }
  });
  afterAll(() => ada.context.close());

  it('gives a card with a photo its cover, as tall as the others in its row, and keeps the rest compact', async () => {
    const { page } = ada;
    await page.goto('/');
    const cover = card(page, 'Common Kingfisher').getByTestId('log-card-cover');
    await cover.waitFor();
    await expect
      .poll(() => cover.evaluate((img) => (img as { complete?: boolean }).complete))
      .toBe(true);
    const coverBox = await box(cover);
    expect(coverBox.height).toBeGreaterThanOrEqual(160);
    // the cover is the card's width, above the name and the count
    const kingfisherBox = await box(card(page, 'Common Kingfisher'));
    expect(coverBox.width).toBeGreaterThan(kingfisherBox.width - 4);
    const name = await box(card(page, 'Common Kingfisher').locator('h3'));
    expect(name.y).toBeGreaterThanOrEqual(coverBox.y + coverBox.height);
    const count = await box(card(page, 'Common Kingfisher').getByTestId('log-card-count'));
    expect(count.y).toBeGreaterThanOrEqual(coverBox.y + coverBox.height);
    await card(page, 'Common Kingfisher').getByText('4 photos').waitFor(); // SPEC §2: uploaded and linked

    // a row: the wagtail (a portrait photo, no place) as tall as the kingfisher
    const wagtailBox = await box(card(page, 'Grey Wagtail'));
    expect(wagtailBox.y).toBe(kingfisherBox.y);
    expect(wagtailBox.height).toBeCloseTo(kingfisherBox.height, 0);
    const wagtailCover = await box(card(page, 'Grey Wagtail').getByTestId('log-card-cover'));
    expect(wagtailCover.height).toBeCloseTo(coverBox.height, 0);
    // the moorhen has no photo: no cover, and not stretched to the photos' height
    const moorhen = card(page, 'Moorhen');
    expect(await moorhen.getByRole('img').count()).toBe(0);
    const moorhenBox = await box(moorhen);
    expect(moorhenBox.y).toBe(kingfisherBox.y);
    expect(moorhenBox.height).toBeLessThanOrEqual(180);
    expect(moorhenBox.height).toBeLessThan(kingfisherBox.height - coverBox.height + 20);
    for (const name of ['Coot', 'Mallard']) {
      expect((await box(card(page, name))).height).toBeLessThanOrEqual(180);
    }
    await inBothThemes(page, 'list-1280', () => cover.waitFor());
  });

  it('keeps a phone’s rows dense, with a larger square of the photo', async () => {
    const phone = await browser.newContext({
      baseURL,
      ...PHONE,
      locale: 'en-US',
      timezoneId: 'UTC',
      storageState: await ada.context.storageState(),
    });
    const page = await phone.newPage();
    await page.goto('/');
    const thumb = card(page, 'Common Kingfisher').getByTestId('log-card-cover');
    await thumb.waitFor();
    const thumbBox = await box(thumb);
    expect(thumbBox.width).toBe(thumbBox.height);
    expect(thumbBox.width).toBeGreaterThanOrEqual(52);
    const heights = await page
      .getByTestId('log-card')
      .evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
    expect(Math.max(...heights)).toBeLessThanOrEqual(80);
    expect(await smallTargets(page)).toEqual([]);
    await inBothThemes(page, 'list-390', () => thumb.waitFor());
    await phone.close();
  });

  /** The first photo under the name, above the map and the texts, opening the viewer. */
  async function expectPhotoFirst(page: Page) {
    const first = page.getByRole('link', { name: 'Photo 1' });
    await first.waitFor();
    const photo = await box(first);
    const name = await box(page.getByRole('heading', { name: 'Common Kingfisher' }));
    expect(photo.y).toBeGreaterThanOrEqual(name.y + name.height);
    expect(photo.height).toBeGreaterThanOrEqual(160);
    const map = page.locator('.leaflet-container');
    await map.waitFor();
    for (const below of [
      map,
      page.getByText('Fishing from the alder over the pool.'),
      page.getByText('Perched on the same branch as last week.'),
      page.getByText('May 1, 2026 at 7:10 AM'),
    ]) {
      expect((await box(below)).y).toBeGreaterThanOrEqual(photo.y + photo.height);
    }
    // the others under it, smaller
    const second = await box(page.getByRole('link', { name: 'Photo 2' }));
    expect(second.y).toBeGreaterThanOrEqual(photo.y + photo.height);
    expect(second.height).toBeLessThan(photo.height);

    await first.click();
    const viewer = page.getByRole('dialog', { name: 'Photos' });
    await viewer.waitFor();
    await expect.poll(() => viewer.locator('.yarl__counter').textContent()).toBe('1 / 3');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
  }

  for (const [size, options] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    it(`shows the first photo large at the top of the log’s page and its shared page (${size})`, async () => {
      const owner = await browser.newContext({
        baseURL,
        ...options,
        locale: 'en-US',
        timezoneId: 'UTC',
        storageState: await ada.context.storageState(),
      });
      const page = await owner.newPage();
      await page.goto(`/logs/${kingfisher}`);
      await expectPhotoFirst(page);
      // the photo links stay links, further down (SPEC §2)
      await page.getByRole('link', { name: 'https://example.com/kingfisher-album' }).waitFor();
      if (size === '390') expect(await smallTargets(page)).toEqual([]);
      await inBothThemes(page, `details-${size}`, () =>
        page.locator('.leaflet-container').waitFor(),
      );

      const visitor = await browser.newContext({
        baseURL,
        ...options,
        locale: 'en-US',
        timezoneId: 'UTC',
      });
      const shared = await visitor.newPage();
      await shared.goto(`/shared/${kingfisher}`);
      await shared.getByRole('heading', { name: 'Wildlife Sighting' }).waitFor();
      await expectPhotoFirst(shared);
      // from the keyboard, the cover shows where focus is
      await shared.getByRole('link', { name: 'Photo 1' }).focus();
      await shared.keyboard.press('Tab');
      await shared.keyboard.press('Shift+Tab');
      expect((await focusRing(shared)).contrast).toBeGreaterThanOrEqual(3);
      await inBothThemes(shared, `shared-${size}`, () =>
        shared.locator('.leaflet-container').waitFor(),
      );
      await visitor.close();
      await owner.close();
    });
  }
});
