import type { Browser, Page } from 'playwright-core';
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
  type SignedIn,
} from './support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const card = (page: Page, species: string) =>
  page.getByTestId('log-card').filter({ has: page.getByRole('heading', { name: species }) });

describe('the logs list', () => {
  let ada: SignedIn;
  beforeAll(async () => {
    ada = await signUp(browser);
    await ada.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  });

  it('starts empty and leads to the form', async () => {
    const { page } = ada;
    await page.goto('/');
    await page.getByRole('heading', { name: 'Wildlife Logs' }).waitFor();
    await page.getByText('0 logs').waitFor();
    await page.getByRole('heading', { name: 'No logs found' }).waitFor();
    await page
      .getByText('Start logging your wildlife sightings to build your observation database.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Clear All Filters' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Create First Log' }).click();
    await page.waitForURL('**/logs/new');
    await page.goto('/');
    await page.getByRole('link', { name: 'New Log' }).click();
    await page.waitForURL('**/logs/new');
  });

  it('shows six skeleton cards while loading, then the cards', async () => {
    const { page, context } = ada;
    await createLog(context, {
      speciesCommon: 'Barn Owl',
      speciesScientific: 'Tyto alba',
      count: 3,
      placeName: 'Marsh Lane',
      photoLinks: ['https://example.com/owl.jpg'],
    });
    await createLog(context, { speciesCommon: 'Robin', count: 1, isPublic: false });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/logs?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await page.getByTestId('log-card-skeleton').first().waitFor();
    expect(await page.getByText('Loading...').isVisible()).toBe(true);
    expect(await page.getByTestId('log-card-skeleton').count()).toBe(6);
    release();
    await page.getByText('2 logs').waitFor();
    await page.unroute('**/api/logs?*');

    const owl = card(page, 'Barn Owl');
    await owl.getByText('Tyto alba').waitFor();
    await owl.getByText('Marsh Lane').waitFor();
    await owl.getByText('1 photo').waitFor();
    await owl.getByText('May 1, 2026').waitFor();
    await owl.getByRole('link').click();
    await page.waitForURL(/\/logs\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Log Details' }).waitFor();
  });

  it('edits, shares and deletes from the card menu', async () => {
    const { page } = ada;
    await page.goto('/');
    await card(page, 'Barn Owl').getByRole('button', { name: 'Actions for Barn Owl' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.waitForURL(/\/logs\/[0-9a-f-]{36}\/edit$/);
    const id = pathOf(page).split('/')[2];

    await page.goto('/');
    await page.getByRole('button', { name: 'Actions for Barn Owl' }).click();
    await page.getByRole('menuitem', { name: 'Share' }).click();
    await expectToast(page, 'Link copied!', 'Share link has been copied to your clipboard');
    expect(await readClipboard(page)).toBe(`${baseURL}/shared/${id}`);

    await page.getByRole('button', { name: 'Actions for Robin' }).click();
    await page.getByRole('menuitem', { name: 'Share' }).click();
    await expectToast(page, 'Cannot share', 'This log is private. Make it public first to share.');

    await page.getByRole('button', { name: 'Actions for Robin' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog
      .getByText(
        'Are you sure you want to delete this log for Robin? This action cannot be undone.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await card(page, 'Robin').count()).toBe(1);

    await page.getByRole('button', { name: 'Actions for Robin' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Success', 'Log deleted successfully');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('1 log').waitFor();
    // the cards are drawn after the total, in short pieces
    await expect.poll(() => card(page, 'Robin').count(), { timeout: 10_000 }).toBe(0);
  });

  it('filters, counts the filters, keeps them in the URL and clears them', async () => {
    const { page } = ada;
    await page.goto('/');
    await card(page, 'Barn Owl').waitFor();
    await page.getByPlaceholder('Search by species name...').fill('owl');
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByText('Filter Logs').waitFor();
    expect(await page.getByTestId('filters-badge').count()).toBe(0); // search is not counted
    await page.getByLabel('Min Count').fill('5');
    await page.getByLabel('From Date').fill('2026-04-01');
    await page.getByPlaceholder('Filter by place name...').fill('Marsh');
    await expect.poll(() => page.getByTestId('filters-badge').textContent()).toBe('3');
    await page.keyboard.press('Escape');

    await page.getByRole('heading', { name: 'No logs found' }).waitFor();
    await page
      .getByText('Try adjusting your filters or search query to find more results.')
      .waitFor();
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'owl',
      minCount: '5',
      from: '2026-04-01',
      place: 'Marsh',
    });

    await page.reload();
    await page.getByRole('heading', { name: 'No logs found' }).waitFor();
    expect(await page.getByPlaceholder('Search by species name...').inputValue()).toBe('owl');
    expect(await page.getByTestId('filters-badge').textContent()).toBe('3');

    let exported = '';
    await page.route('**/api/export.csv*', async (route) => {
      exported = route.request().url();
      await route.fulfill({ contentType: 'text/csv', body: 'a\n' });
    });
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page.getByRole('button', { name: 'Download' }).click();
    await expect.poll(() => exported).not.toBe('');
    const sent = new URL(exported);
    expect(sent.pathname).toBe('/api/export.csv');
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      q: 'owl',
      from: '2026-04-01',
      minCount: '5',
      place: 'Marsh',
    });
    await page.unroute('**/api/export.csv*');

    // the archive for GBIF: the licence (CC BY 4.0 until one is chosen), public logs only
    let archived = '';
    await page.route('**/api/export/dwca.zip*', async (route) => {
      archived = route.request().url();
      await route.fulfill({ contentType: 'application/zip', body: 'PK' });
    });
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page.getByLabel('Darwin Core Archive (for GBIF)').check();
    expect(await page.getByLabel('CC BY 4.0 (attribution)').isChecked()).toBe(true);
    await page.getByLabel('CC BY-NC 4.0 (attribution, non-commercial)').check();
    await page.getByRole('button', { name: 'Download' }).click();
    await expect.poll(() => archived).not.toBe('');
    expect(Object.fromEntries(new URL(archived).searchParams)).toEqual({
      q: 'owl',
      from: '2026-04-01',
      minCount: '5',
      place: 'Marsh',
      license: 'CC-BY-NC-4.0',
      scope: 'public',
    });
    await page.unroute('**/api/export/dwca.zip*');
    await page.goto(`/${url.search}`);

    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await card(page, 'Barn Owl').waitFor();
    expect(await page.getByTestId('filters-badge').count()).toBe(0);
    expect(await page.getByPlaceholder('Search by species name...').inputValue()).toBe('owl');
    expect(new URL(page.url()).search).toBe('?q=owl');

    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('Max Count').fill('1');
    await page.getByRole('heading', { name: 'No logs found' }).waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await card(page, 'Barn Owl').waitFor();
    expect(await page.getByPlaceholder('Search by species name...').inputValue()).toBe('owl');
  });

  it('passes an accessibility scan', async () => {
    const { page } = ada;
    await page.goto('/');
    await card(page, 'Barn Owl').waitFor();
    await expectAccessible(page);
  });
});

describe('paging', () => {
  it('shows Page X of Y only past one page', async () => {
    const { page, context } = await signUp(browser);
    for (let index = 0; index < 20; index += 1) {
      await createLog(context, { speciesCommon: `Species ${index}` });
    }
    await page.goto('/');
    await page.getByText('20 logs').waitFor();
    expect(await page.getByText(/^Page \d+ of \d+$/).count()).toBe(0);

    await createLog(context, { speciesCommon: 'Species 20' });
    await page.reload();
    await page.getByText('Page 1 of 2').waitFor();
    await expect.poll(() => page.getByTestId('log-card').count()).toBe(20);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    // the indicator follows the address at once; the cards follow the reply
    await expect.poll(() => page.getByTestId('log-card').count()).toBe(1);
    expect(new URL(page.url()).search).toBe('?page=2');
  });
});
