import { readFile } from 'node:fs/promises';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { smallTargets } from './layout-probes.js';
import { inBothThemes, shoot, signUp } from './support.js';

// A new log on a phone can begin with its photos, whose time and place fill the form before
// anything is typed (issue 34).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

const box = async (locator: Locator) => (await locator.boundingBox())!;

describe('a new log on a phone', () => {
  it('begins with the photos, whose time and place fill the form', async () => {
    // in Berlin: the photo's clock is New York's, where it was taken
    const { context, page } = await signUp(browser, { ...PHONE, timezoneId: 'Europe/Berlin' });
    await page.goto('/logs/new');
    const upload = page.getByRole('button', { name: 'Upload Photos' });
    const species = page.getByRole('combobox', { name: 'Common Name', exact: true });
    await species.waitFor();
    expect((await box(upload)).y + (await box(upload)).height).toBeLessThanOrEqual(
      (await box(species)).y,
    );
    await page.getByText('Start with a photo: its time and place fill in the log.').waitFor();
    expect(await smallTargets(page)).toEqual([]);
    await inBothThemes(page, 'form-new-390', () => upload.waitFor());

    await upload.click();
    const dialog = page.getByRole('dialog', { name: 'Upload Photos' });
    await dialog.locator('.uppy-Dashboard').waitFor();
    await dialog
      .locator('input[type=file]')
      .first()
      .setInputFiles({
        name: 'central-park.jpg', // 2024-05-12 07:42:10, 40.7812 N, 73.9665 W (tests/fixtures/photos)
        mimeType: 'image/jpeg',
        buffer: await readFile(
          new URL('../tests/fixtures/photos/central-park.jpg', import.meta.url),
        ),
      });
    await dialog.getByRole('button', { name: /Upload 1 file/ }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'central-park.jpg uploaded successfully' })
      .first()
      .waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // nothing typed yet: the photo's time at its place, and its place, fill the form
    await expect.poll(() => page.getByLabel('Date & Time').inputValue()).toBe('2024-05-12T07:42');
    await page.getByText('Time at the place: America/New_York (EDT)').waitFor();
    expect(await page.getByLabel('Latitude').inputValue()).toBe('40.7812');
    expect(await page.getByLabel('Longitude').inputValue()).toBe('-73.9665');
    expect(await page.getByRole('button', { name: 'Use photo time' }).count()).toBe(0);
    expect(await smallTargets(page)).toEqual([]);
    await shoot(page, 'form-photo-390');

    await species.click();
    await page.getByPlaceholder('Type to search or add new...').fill('American Robin');
    await page.getByRole('option', { name: 'Use "American Robin"' }).click();
    const request = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/logs',
    );
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    expect((await request).postDataJSON()).toMatchObject({
      latitude: 40.7812,
      longitude: -73.9665,
      timeZone: 'America/New_York',
      observedAt: '2024-05-12T07:42:00-04:00',
    });
    await context.close();
  });

  it('keeps the photos after the other fields on a wider screen', async () => {
    const { context, page } = await signUp(browser, DESKTOP);
    await page.goto('/logs/new');
    const species = page.getByRole('combobox', { name: 'Common Name', exact: true });
    await species.waitFor();
    const upload = await box(page.getByRole('button', { name: 'Upload Photos' }));
    expect(upload.y).toBeGreaterThan((await box(page.getByLabel('Notes'))).y);
    expect(await page.getByText('Start with a photo').count()).toBe(0);
    await inBothThemes(page, 'form-new-1280', () => species.waitFor());
    await context.close();
  });
});
