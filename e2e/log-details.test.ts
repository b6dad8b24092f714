import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import {
  baseURL,
  createLog,
  expectAccessible,
  expectToast,
  pathOf,
  readClipboard,
  signUp,
  type CreatedLog,
  type SignedIn,
} from './support.js';

let browser: Browser;
let ada: SignedIn;
let owl: CreatedLog;
beforeAll(async () => {
  browser = await launchBrowser();
  ada = await signUp(browser, { timezoneId: 'UTC' });
  await ada.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  owl = await createLog(ada.context, {
    speciesCommon: 'Barn Owl',
    speciesScientific: 'Tyto alba',
    count: 3,
    observedAt: '2026-05-01T06:30:00Z',
    placeName: 'Marsh Lane',
    description: 'Hunting at dusk',
    notes: 'Near the old barn',
    photoLinks: ['https://example.com/owl.jpg'],
  });
});
afterAll(async () => {
  await browser?.close();
});

describe('log details', () => {
  it('shows the log', async () => {
    const { page } = ada;
    await page.goto(`/logs/${owl.id}`);
    await page.getByRole('heading', { name: 'Log Details' }).waitFor();
    await page.getByRole('heading', { name: 'Barn Owl' }).waitFor();
    expect(await page.getByText('Tyto alba').getAttribute('class')).toContain('italic');
    await page.getByText('3 observed').waitFor();
    await page.getByText('May 1, 2026 at 6:30 AM').waitFor();
    await page.getByText('Marsh Lane').waitFor();
    await page.getByText('Hunting at dusk').waitFor();
    await page.getByText('Near the old barn').waitFor();
    const photo = page.getByRole('link', { name: 'https://example.com/owl.jpg' });
    expect(await photo.getAttribute('href')).toBe('https://example.com/owl.jpg');
    expect(await photo.getAttribute('target')).toBe('_blank');
    expect(await photo.getAttribute('rel')).toBe('noopener noreferrer');
    const created = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(owl.createdAt),
    );
    expect(await page.getByText(/^Created /).textContent()).toBe(`Created ${created}`);

    expect(await page.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      `/logs/${owl.id}/edit`,
    );
    await page.getByRole('link', { name: 'Back to logs' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('shares by link, and toggles public sharing', async () => {
    const { page } = ada;
    await page.goto(`/logs/${owl.id}`);
    await page.getByText('This log is public and can be shared via link').waitFor();
    const share = page.getByRole('button', { name: 'Share' });
    await share.click();
    await expectToast(page, 'Link copied!', 'Share link copied to clipboard');
    expect(await readClipboard(page)).toBe(`${baseURL}/shared/${owl.id}`);
    await share.locator('.lucide-check').waitFor();
    await share.locator('.lucide-share2, .lucide-share-2').waitFor({ timeout: 4000 });

    const request = page.waitForRequest((r) => r.method() === 'PUT');
    await page.getByRole('switch', { name: 'Public Sharing' }).click();
    expect((await request).postDataJSON()).toMatchObject({
      speciesCommon: 'Barn Owl',
      count: 3,
      isPublic: false,
      photoLinks: ['https://example.com/owl.jpg'],
    });
    await page.getByText('Enable to make this log shareable via link').waitFor();
    expect(await share.isDisabled()).toBe(true);
    await page.getByText(/ • Updated /).waitFor();

    await page.reload();
    await page.getByText('Enable to make this log shareable via link').waitFor();
    expect(await page.getByRole('switch', { name: 'Public Sharing' }).isChecked()).toBe(false);

    await page.route(`**/api/logs/${owl.id}`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"message":"Nope"}',
          })
        : route.continue(),
    );
    await page.getByRole('switch', { name: 'Public Sharing' }).click();
    await expectToast(page, 'Error', 'Nope');
    await page.unroute(`**/api/logs/${owl.id}`);
    expect(await page.getByRole('switch', { name: 'Public Sharing' }).isChecked()).toBe(false);
  });

  it('passes an accessibility scan', async () => {
    const { page } = ada;
    await page.goto(`/logs/${owl.id}`);
    await page.getByRole('heading', { name: 'Barn Owl' }).waitFor();
    await expectAccessible(page);
  });

  it('deletes after confirmation', async () => {
    const { page, context } = ada;
    const robin = await createLog(context, { speciesCommon: 'Robin' });
    await page.goto(`/logs/${robin.id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Log' });
    await dialog
      .getByText('Are you sure you want to delete this log? This action cannot be undone.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Success', 'Log deleted successfully');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Wildlife Logs' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Robin' }).count()).toBe(0);
  });

  it('says when the log does not exist', async () => {
    const { page } = ada;
    await page.goto('/logs/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Log not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Logs' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(pathOf(page)).toBe('/');
  });
});

describe('a log imported from eBird', () => {
  it('shows its breeding code, source, media, place hierarchy and captive badge, and keeps them on edit', async () => {
    const { page, context } = ada;
    const wren = await createLog(context, {
      speciesCommon: 'Carolina Wren',
      placeName: 'Sapsucker Woods',
      county: 'Tompkins',
      stateProvince: 'US-NY',
      countryCode: 'US',
      locationId: 'L99381',
      breedingCode: 'FY',
      captive: true,
      mediaUrls: ['https://macaulaylibrary.org/asset/613192950'],
      sourceUrl: 'https://ebird.org/checklist/S200000001',
    });
    await page.goto(`/logs/${wren.id}`);
    await page.getByRole('heading', { name: 'Carolina Wren' }).waitFor();
    await page.getByText('FY · Feeding young').waitFor();
    await page.getByText('Captive / cultivated').waitFor();
    expect(await page.getByTestId('place-hierarchy').textContent()).toBe(
      'Tompkins, US-NY, United States · Location L99381',
    );
    const source = page.getByRole('link', { name: 'View on eBird' });
    expect(await source.getAttribute('href')).toBe('https://ebird.org/checklist/S200000001');
    const media = page.getByRole('link', { name: 'Macaulay Library ML613192950' });
    expect(await media.getAttribute('href')).toBe('https://macaulaylibrary.org/asset/613192950');
    await expectAccessible(page);

    // the form offers the code and the flag, and keeps what it does not show
    await page.getByRole('link', { name: 'Edit' }).click();
    const code = page.getByLabel('Breeding code');
    await code.waitFor();
    expect(await code.inputValue()).toBe('FY');
    expect(await page.getByRole('checkbox', { name: 'Captive / cultivated' }).isChecked()).toBe(
      true,
    );
    await code.selectOption('NB');
    await page.getByRole('checkbox', { name: 'Captive / cultivated' }).click();
    await page.getByRole('button', { name: 'Update Log' }).click();
    await page.waitForURL((url) => url.pathname === `/logs/${wren.id}`);
    await page.getByText('NB · Nest building').waitFor();
    expect(await page.getByText('Captive / cultivated').count()).toBe(0);
    await page.getByRole('link', { name: 'View on eBird' }).waitFor();
    expect(await page.getByTestId('place-hierarchy').textContent()).toContain('L99381');

    // the shared page: the code, the media and the source, not the hierarchy
    await page.goto(`/shared/${wren.id}`);
    await page.getByText('NB · Nest building').waitFor();
    await page.getByRole('link', { name: 'View on eBird' }).waitFor();
    await page.getByRole('link', { name: 'Macaulay Library ML613192950' }).waitFor();
    expect(await page.getByTestId('place-hierarchy').count()).toBe(0);
    expect(await page.getByText('Tompkins').count()).toBe(0);
  });
});

describe('a private log', () => {
  it('cannot be shared: the Share button is disabled', async () => {
    const { page, context } = ada;
    const hidden = await createLog(context, { speciesCommon: 'Nightjar', isPublic: false });
    await page.goto(`/logs/${hidden.id}`);
    await page.getByText('Enable to make this log shareable via link').waitFor();
    expect(await page.getByRole('button', { name: 'Share' }).isDisabled()).toBe(true);
  });
});

describe('a signed-out visitor', () => {
  it('is sent to sign in with the page to come back to', async () => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto(`/logs/${owl.id}`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/logs/${owl.id}`);
    await context.close();
  });
});
