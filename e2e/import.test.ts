import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { expectAccessible, expectToast, signUp, type SignedIn } from './support.js';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../tests/data-exchange/fixtures/${name}`, import.meta.url));

/** The 2018 eBird fixture with a count of -1 on line 4 (its 0 is kept as evidence since issue 32). */
const withBadCount = () => ({
  name: 'MyEBirdData.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    readFileSync(fixture('ebird-2018.csv'), 'utf8').replace(',25390,0,', ',25390,-1,'),
  ),
});

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('importing sightings from the logs list', () => {
  let ada: SignedIn;
  beforeAll(async () => {
    ada = await signUp(browser);
  });

  it('checks an eBird file first, then imports it, skipping a refused row', async () => {
    const { page } = ada;
    await page.goto('/');
    await page.getByText('0 logs').waitFor();
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('heading', { name: 'Import Sightings' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('CSV file').setInputFiles(withBadCount());
    await page.getByRole('dialog').getByRole('button', { name: 'Check file' }).click();
    // The dry run: nothing imported yet.
    await page.getByText('5 to import, 1 will be skipped').waitFor();
    await page
      .getByText('Count: Count must be at least 1 (1 row: line 4)', { exact: true })
      .waitFor();
    await page
      .getByText(/^Line 6: No coordinates, and US-TX has more than one time zone/)
      .waitFor();
    await expectAccessible(page);
    await page.getByText('0 logs').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Import 5, skip 1' }).click();
    await expectToast(page, 'Success', 'Imported 5 sightings, 1 skipped');
    await page.getByRole('heading', { name: 'Import Sightings' }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Mountain Chickadee' }).waitFor();
    await page.getByText('5 logs').waitFor();
  });

  it('says when a file holds nothing new, and imports nothing', async () => {
    const { page } = ada;
    await page.goto('/');
    await page.getByText('5 logs').waitFor();
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByLabel('CSV file').setInputFiles(withBadCount());
    await page.getByRole('dialog').getByRole('button', { name: 'Check file' }).click();
    await page.getByText('0 to import, 5 duplicates, 1 will be skipped').waitFor();
    await page.getByText('Nothing new to import.').waitFor();
    const confirm = page.getByRole('dialog').getByRole('button', { name: 'Import 0, skip 1' });
    if (!(await confirm.isDisabled())) throw new Error('an import of nothing can be confirmed');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('5 logs').waitFor();
  });

  it('shows why a file is refused', async () => {
    const { page } = ada;
    await page.goto('/');
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByLabel('CSV file').setInputFiles({
      name: 'notes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('species,when\nRobin,2024-05-01\n'),
    });
    await page.getByRole('dialog').getByRole('button', { name: 'Check file' }).click();
    await page.getByText(/^Unrecognised CSV format: expected a Sightbook export/).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('5 logs').waitFor();
  });
});
