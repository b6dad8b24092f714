import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { createLog, expectAccessible, signUp, uploadImage } from './support.js';

// Issue 31: the account page's check of logs the form placed at a photo's position without its
// hemisphere, and their fix.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** JPEGs whose EXIF exiftool wrote (tests/fixtures/photos/README.md). */
const photo = (name: 'berlin' | 'central-park') =>
  readFile(new URL(`../tests/fixtures/photos/${name}.jpg`, import.meta.url));

/** When SCREENSHOTS is set: the section as it looks, at that width, in that folder. */
async function shoot(page: Page, name: string) {
  const folder = process.env.SCREENSHOTS;
  if (folder) await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
}

describe('the check of photo positions', () => {
  it('lists a log placed at its photo without the hemisphere, and fixes it', async () => {
    const { context, page } = await signUp(browser, {
      viewport: DESKTOP,
      timezoneId: 'Europe/Berlin',
    });
    try {
      // as the form saved them before the fix: 73.9665 W as 73.9665, Bishkek's zone and clock
      const robin = await createLog(context, {
        speciesCommon: 'American Robin',
        observedAt: '2024-05-12T07:42:00+06:00',
        timeZone: 'Asia/Bishkek',
        latitude: 40.7812,
        longitude: 73.9665,
        uploadedPhotoUrls: [await uploadImage(context, await photo('central-park'), 'image/jpeg')],
      });
      await createLog(context, {
        speciesCommon: 'Blackbird', // its photo's position in the north-east: nothing lost
        latitude: 52.52,
        longitude: 13.405,
        uploadedPhotoUrls: [await uploadImage(context, await photo('berlin'), 'image/jpeg')],
      });

      await page.goto('/account');
      const section = page.getByRole('region', { name: 'Photo positions' });
      await section.getByRole('button', { name: 'Check photo positions' }).click();
      await section
        .getByText('1 log was placed at its photo’s position without the hemisphere:')
        .waitFor();
      const found = section.getByRole('list', { name: 'Logs to fix' }).getByRole('listitem');
      expect(await found.count()).toBe(1);
      expect(await found.getByRole('link').textContent()).toBe('American Robin');
      expect(await found.locator('dd').allTextContents()).toEqual([
        '40.7812, 73.9665 · Asia/Bishkek · May 12, 2024, 7:42 AM GMT+6',
        '40.7812, -73.9665 · America/New_York · May 12, 2024, 7:42 AM EDT',
      ]);
      await expectAccessible(page);
      await section.scrollIntoViewIfNeeded();
      await shoot(page, 'photo-positions-desktop');
      await page.setViewportSize(PHONE);
      await shoot(page, 'photo-positions-phone');

      await section.getByRole('button', { name: 'Fix this log' }).click();
      await page.locator('[data-sonner-toast]').filter({ hasText: 'Fixed 1 log' }).waitFor();
      await section.getByText('No log needs fixing.').waitFor();
      const fixed = await (await context.request.get(`/api/logs/${robin.id}`)).json();
      expect(fixed).toMatchObject({
        latitude: 40.7812,
        longitude: -73.9665,
        timeZone: 'America/New_York',
        observedAt: '2024-05-12T11:42:00.000Z', // 07:42 EDT, the camera's clock
      });

      // a check run again finds nothing left
      await section.getByRole('button', { name: 'Check photo positions' }).click();
      await section.getByText('No log needs fixing.').waitFor();
    } finally {
      await context.close();
    }
  });
});
