import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { createLog, expectAccessible, pathOf, signUp, type SignedIn } from './support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// Made-up names no backbone holds, so none is linked to a taxon; each counts as a species.
const thisYear = new Date().getFullYear();
const lastYear = thisYear - 1;

const rows = (page: Page) => page.getByTestId('species-row');
/** The common names of the rows shown, once the list shows `count` of them. */
async function rowNames(page: Page, count: number) {
  await expect.poll(() => rows(page).count()).toBe(count);
  await expect
    .poll(() => page.locator('[data-testid="species-row"] p.font-medium').count())
    .toBe(count);
  return page.locator('[data-testid="species-row"] p.font-medium').allTextContents();
}

describe('the lists page', () => {
  let ada: SignedIn;
  beforeAll(async () => {
    ada = await signUp(browser, { timezoneId: 'Europe/Paris' });
    const { context } = ada;
    await createLog(context, {
      speciesCommon: 'Wold Warbler',
      observedAt: `${lastYear}-03-01T09:00:00Z`,
      placeName: 'Kew Gardens',
    });
    await createLog(context, {
      speciesCommon: 'Hollow Heron',
      speciesScientific: 'Ardea hollowi',
      observedAt: `${lastYear}-06-01T09:00:00Z`,
      placeName: 'Hyde Park',
    });
    await createLog(context, {
      speciesCommon: 'Glade Gull',
      count: 7,
      observedAt: `${thisYear}-01-01T10:00:00Z`,
      placeName: 'Hyde Park',
    });
    await createLog(context, {
      speciesCommon: 'glade gull',
      count: 2,
      observedAt: `${thisYear}-01-01T11:00:00Z`,
    });
  });
  afterAll(() => ada.context.close());

  it('is reached from the header and shows the life list, first seen first', async () => {
    const { page } = ada;
    await page.goto('/');
    await page.getByRole('link', { name: 'Lists' }).click();
    await page.waitForURL('**/lists');
    await page.getByRole('heading', { name: 'Lists', level: 1 }).waitFor();
    await page.getByText('3 species').waitFor();
    expect(await rowNames(page, 3)).toEqual(['Wold Warbler', 'Hollow Heron', 'Glade Gull']);
    const gull = rows(page).filter({ hasText: 'Glade Gull' });
    expect(await gull.textContent()).toContain(`First seen Jan 1, ${thisYear}`);
    expect(await gull.textContent()).toContain('2 logs · 9 individuals');
    const heron = rows(page).filter({ hasText: 'Hollow Heron' });
    expect(await heron.locator('p.italic').textContent()).toBe('Ardea hollowi');
    expect(await heron.textContent()).toContain('1 log · 1 individual');
    await expectAccessible(page);
  });

  it('sorts by name or count, keeping the choice in the URL', async () => {
    const { page } = ada;
    await page.goto('/lists');
    await rowNames(page, 3);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('name');
    await page.waitForURL('**/lists?sort=name');
    await expect
      .poll(() => page.locator('[data-testid="species-row"] p.font-medium').allTextContents())
      .toEqual(['Glade Gull', 'Hollow Heron', 'Wold Warbler']);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('count');
    await expect
      .poll(() => page.locator('[data-testid="species-row"] p.font-medium').allTextContents())
      .toEqual(['Glade Gull', 'Hollow Heron', 'Wold Warbler']); // 9, then 1 and 1 by name
    await page.reload();
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('count');
  });

  it('shows a year list, this year first, and earlier years', async () => {
    const { page } = ada;
    await page.goto('/lists');
    await page.getByRole('tab', { name: 'Year' }).click();
    expect(await page.getByRole('combobox', { name: 'Year', exact: true }).inputValue()).toBe(
      String(thisYear),
    );
    expect(await rowNames(page, 1)).toEqual(['Glade Gull']);
    await page.getByRole('button', { name: 'Previous year' }).click();
    await page.waitForURL(`**/lists?kind=year&year=${lastYear}`);
    await expect
      .poll(() => page.locator('[data-testid="species-row"] p.font-medium').allTextContents())
      .toEqual(['Wold Warbler', 'Hollow Heron']);
    await page
      .getByRole('combobox', { name: 'Year', exact: true })
      .selectOption(String(lastYear - 5));
    await page.getByRole('heading', { name: `No species in ${lastYear - 5}` }).waitFor();
    await page
      .getByText(`You logged no sightings in ${lastYear - 5}. Choose another year.`)
      .waitFor();
  });

  it("shows a place's list and leads from a row to that species' logs there", async () => {
    const { page } = ada;
    await page.goto('/lists');
    await page.getByRole('tab', { name: 'Place' }).click();
    await page.getByRole('heading', { name: 'Choose a place' }).waitFor();
    expect(
      await page.getByRole('combobox', { name: 'Place' }).locator('option').allTextContents(),
    ).toEqual(['Choose a place', 'Hyde Park', 'Kew Gardens']);
    await page.getByRole('combobox', { name: 'Place' }).selectOption('Hyde Park');
    await page.waitForURL('**/lists?kind=place&place=Hyde+Park');
    expect(await rowNames(page, 2)).toEqual(['Hollow Heron', 'Glade Gull']);
    expect(await rows(page).filter({ hasText: 'Glade Gull' }).textContent()).toContain(
      '1 log · 7 individuals',
    );
    await rows(page).filter({ hasText: 'Glade Gull' }).getByRole('link').click();
    await page.waitForURL('**/?q=Glade+Gull&place=Hyde+Park');
    expect(pathOf(page)).toBe('/');
    await page.getByText('1 matching log').waitFor();
    await page.getByTestId('log-card').filter({ hasText: 'Glade Gull' }).waitFor();
  });

  it('downloads the list shown as CSV', async () => {
    const { page } = ada;
    await page.goto('/lists?sort=name');
    await rowNames(page, 3);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('life-list.csv');
    expect(new URL(download.url()).search).toBe('?kind=life&sort=name');
    const csv = parse(await readFile(await download.path(), 'utf8'), { bom: true }) as string[][];
    expect(csv[0]?.slice(0, 2)).toEqual(['common_name', 'scientific_name']);
    expect(csv.slice(1).map((row) => [row[0], row[1], row[5], row[6]])).toEqual([
      ['Glade Gull', '', '2', '9'],
      ['Hollow Heron', 'Ardea hollowi', '1', '1'],
      ['Wold Warbler', '', '1', '1'],
    ]);
  });

  it('says how to start a list for a new account', async () => {
    const newcomer = await signUp(browser);
    try {
      await newcomer.page.goto('/lists');
      await newcomer.page
        .getByRole('heading', { name: 'No species on your life list yet' })
        .waitFor();
      await newcomer.page.getByRole('link', { name: 'New Log' }).waitFor();
      await newcomer.page.getByRole('tab', { name: 'Place' }).click();
      await newcomer.page.getByRole('heading', { name: 'No places yet' }).waitFor();
      expect(await newcomer.page.getByRole('link', { name: 'Download CSV' }).count()).toBe(0);
    } finally {
      await newcomer.context.close();
    }
  });

  it('rolls a group up to its species and lists a spuh after it, uncounted, with eBird\'s "+ N other taxa" line', async () => {
    const birder = await signUp(browser, { timezoneId: 'Europe/Paris' });
    try {
      const { context, page } = birder;
      await createLog(context, {
        speciesCommon: 'Glade Gull',
        speciesScientific: 'Larus gladei',
        observedAt: '2025-01-02T09:00:00Z',
      });
      await createLog(context, {
        speciesCommon: 'Glade Gull (Northern)',
        speciesScientific: 'Larus gladei borealis',
        observedAt: '2025-01-03T09:00:00Z',
      });
      await createLog(context, { speciesCommon: 'gull sp.', observedAt: '2025-01-01T09:00:00Z' });
      await page.goto('/lists');
      await page.getByText('1 species').waitFor(); // the group counts as its species
      await page.getByTestId('other-taxa').getByText('+ 1 other taxon').waitFor();
      const names = await rowNames(page, 2);
      expect(names[1]).toBe('gull sp.not counted'); // last, after the species, unnumbered
      expect(await rows(page).nth(1).textContent()).toMatch(/^\+/);
      await expectAccessible(page);
      if (process.env.LISTS_SCREENSHOTS) {
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await page.screenshot({ path: `${process.env.LISTS_SCREENSHOTS}/lists-${width}.png` });
        }
      }
    } finally {
      await birder.context.close();
    }
  });
});
