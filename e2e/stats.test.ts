import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { createLog, signUp, type SignedIn } from './support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const TIME_ZONE = 'Europe/Paris';

const summaryValue = (page: Page, title: string) =>
  page.getByTestId('summary-card').filter({ hasText: title }).locator('p').first();

/** The next stats request to this endpoint, as its query parameters. */
async function nextStatsQuery(page: Page, endpoint: string, action: () => Promise<unknown>) {
  const [request] = await Promise.all([
    page.waitForRequest((request) => new URL(request.url()).pathname === `/api/stats/${endpoint}`),
    action(),
  ]);
  return Object.fromEntries(new URL(request.url()).searchParams);
}

describe('the statistics screen', () => {
  let ada: SignedIn;
  beforeAll(async () => {
    ada = await signUp(browser, { timezoneId: TIME_ZONE });
  });

  it('shows its texts, zeros and both unfiltered empty states for a new user', async () => {
    const { page } = ada;
    const query = await nextStatsQuery(page, 'summary', () => page.goto('/stats'));
    expect(query).toEqual({ tz: TIME_ZONE }); // empty filters are omitted
    await page.getByRole('heading', { name: 'Statistics', level: 1 }).waitFor();
    await page.getByText('Analyze your wildlife observations').waitFor();
    await page.getByRole('button', { name: 'Export Data' }).waitFor();
    expect(await page.getByLabel('From Date').inputValue()).toBe('');
    expect(await page.getByLabel('To Date').inputValue()).toBe('');
    const bucket = page.getByLabel('Time Bucket');
    expect(await bucket.inputValue()).toBe('week');
    expect(await bucket.locator('option').allTextContents()).toEqual([
      'Daily',
      'Weekly',
      'Monthly',
    ]);
    for (const [title, caption] of [
      ['Total Sightings', 'Individual animals observed'],
      ['Unique Species', 'Species richness'],
      ['Total Logs', 'Observation entries'],
    ] as const) {
      const card = page.getByTestId('summary-card').filter({ hasText: title });
      await card.getByText(caption).waitFor();
      expect(await summaryValue(page, title).textContent()).toBe('0');
    }
    await page.getByRole('heading', { name: 'Sightings Over Time' }).waitFor();
    await page.getByRole('heading', { name: 'Top Species by Count' }).waitFor();
    await page.getByRole('heading', { name: 'No time-series data' }).waitFor();
    await page.getByText('Start logging wildlife sightings to see trends over time.').waitFor();
    await page.getByRole('heading', { name: 'No species data' }).waitFor();
    await page
      .getByText('Log your first wildlife observation to see which species you encounter most.')
      .waitFor();
  });

  it('switches to the filtered empty texts when a date is set', async () => {
    const { page } = ada;
    await page.goto('/stats');
    await page.getByRole('heading', { name: 'No species data' }).waitFor();
    const query = await nextStatsQuery(page, 'time-series', () =>
      page.getByLabel('From Date').fill('2026-05-01'),
    );
    expect(query).toEqual({ tz: TIME_ZONE, from: '2026-05-01', bucket: 'week' });
    await page
      .getByText('No observations found in the selected date range. Try adjusting your filters.')
      .waitFor();
    await page
      .getByText('No species observed in the selected date range. Try expanding your date filters.')
      .waitFor();
  });

  it('shows totals with separators, both charts and their data for screen readers', async () => {
    const { page, context } = ada;
    // Paris time: Friday 10 April, Monday 4 May and Tuesday 5 May 2026
    await createLog(context, {
      speciesCommon: 'Barn Owl',
      count: 100,
      observedAt: '2026-04-10T10:00:00Z',
    });
    await createLog(context, {
      speciesCommon: 'Barn Owl',
      count: 1200,
      observedAt: '2026-05-04T10:00:00Z',
    });
    await createLog(context, {
      speciesCommon: 'Robin',
      count: 3,
      observedAt: '2026-05-05T10:00:00Z',
    });

    const query = await nextStatsQuery(page, 'top-species', () => page.goto('/stats'));
    expect(query).toEqual({ tz: TIME_ZONE, limit: '10' });
    await page.getByText('1,303').waitFor();
    expect(await summaryValue(page, 'Unique Species').textContent()).toBe('2');
    expect(await summaryValue(page, 'Total Logs').textContent()).toBe('3');

    const line = page.getByRole('img', { name: 'Line chart: total sightings over time' });
    const bar = page.getByRole('img', { name: 'Bar chart: total count per species' });
    await line.waitFor();
    await bar.waitFor();
    expect(await line.evaluate((element) => element.tagName)).toBe('CANVAS');

    // weekly buckets start on Monday: 6 April and 4 May, and the empty weeks between are drawn
    const series = page.getByRole('table', { name: 'Total Sightings per week' });
    const rows = (await series.getByRole('row').allInnerTexts()).map((row) =>
      row.replace(/\u2009/g, ' '),
    );
    expect(rows).toEqual([
      'Period starting\tTotal Sightings',
      'Apr 6 – 12, 2026\t100',
      'Apr 13 – 19, 2026\t0',
      'Apr 20 – 26, 2026\t0',
      'Apr 27 – May 3, 2026\t0',
      'May 4 – 10, 2026\t1,203',
    ]);
    const species = page.getByRole('table', { name: 'Total Count per species' });
    expect(await species.getByRole('row').allInnerTexts()).toEqual([
      'Species\tTotal Count',
      'Barn Owl\t1,300',
      'Robin\t3',
    ]);

    await page.getByLabel('Time Bucket').selectOption('month');
    const monthly = page.getByRole('table', { name: 'Total Sightings per month' });
    await monthly.waitFor({ state: 'attached' });
    expect(await monthly.getByRole('row').allInnerTexts()).toEqual([
      'Period starting\tTotal Sightings',
      'April 2026\t100',
      'May 2026\t1,203',
    ]);

    await page.getByLabel('Time Bucket').selectOption('day');
    const daily = page.getByRole('table', { name: 'Total Sightings per day' });
    await daily.waitFor({ state: 'attached' });
    // every day from 10 April to 5 May is on the axis: 26 days and the header row
    expect(await daily.getByRole('row').count()).toBe(27);
  });

  it('exports the chosen date range', async () => {
    const { page } = ada;
    await page.goto('/stats');
    await page.getByLabel('From Date').fill('2026-05-01');
    await page.getByLabel('To Date').fill('2026-05-31');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Data' }).click(),
    ]);
    const url = new URL(download.url());
    expect(url.pathname).toBe('/api/export.csv');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tz: TIME_ZONE,
      from: '2026-05-01',
      to: '2026-05-31',
    });
  });

  it('reads Export on small screens and is reached from the header', async () => {
    const { page } = ada;
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await page.getByRole('link', { name: 'Stats' }).click();
    await page.waitForURL('**/stats');
    await page.getByRole('button', { name: 'Export', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Stats' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await page.setViewportSize({ width: 1280, height: 720 });
  });
});
