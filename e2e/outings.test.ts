import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import {
  baseURL,
  createLog,
  createOuting,
  expectAccessible,
  pathOf,
  readClipboard,
  signUp,
  type SignedIn,
} from './support.js';

// The Outings list and an outing's page (issue 22): effort, species with counts, edit, share,
// and deletion that keeps the logs or takes them along.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the outings pages', () => {
  let ada: SignedIn;
  let walk: { id: string };
  beforeAll(async () => {
    ada = await signUp(browser, { timezoneId: 'Europe/London' });
    await ada.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    walk = await createOuting(ada.context, {
      startedAt: '2026-05-02T06:40:00+01:00',
      timeZone: 'Europe/London',
      protocol: 'traveling',
      durationMinutes: 95,
      distanceKm: 3.4,
      partySize: 2,
      complete: true,
      placeName: 'Wicken Fen',
      latitude: 52.31,
      longitude: 0.28,
      notes: 'Cuckoo calling all morning',
    });
    const species: Array<[string, number]> = [
      ['Common Cuckoo', 2],
      ['Eurasian Reed Warbler', 7],
      ['Western Marsh Harrier', 1],
    ];
    for (const [speciesCommon, count] of species) {
      await createLog(ada.context, {
        speciesCommon,
        count,
        observedAt: '2026-05-02T05:50:00Z',
        latitude: 52.31,
        longitude: 0.28,
        outingId: walk.id,
      });
    }
    await createOuting(ada.context, {
      startedAt: '2026-04-18T16:00:00+01:00',
      timeZone: 'Europe/London',
      protocol: 'stationary',
      durationMinutes: 30,
      placeName: 'Garden',
    });
  });
  afterAll(() => ada.context.close());

  it('lists the outings newest first with their effort and what they found', async () => {
    const { page } = ada;
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Outings' })
      .click();
    await page.waitForURL('**/outings');
    await page.getByText('2 outings').waitFor();
    const rows = page.getByTestId('outing-row');
    expect(await rows.count()).toBe(2);
    const first = (await rows.nth(0).innerText()).replace(/\s+/g, ' ');
    expect(first).toContain('Wicken Fen');
    expect(first).toContain('May 2, 2026, 6:40 AM');
    expect(first).toContain('Traveling · 1 h 35 min · 3.4 km · 2 observers');
    expect(first).toContain('3 species');
    expect(first).toContain('10 individuals');
    expect(await rows.nth(1).innerText()).toContain('Garden');
    await expectAccessible(page);
  });

  it('shows the effort and the species with their counts, and links each to its log', async () => {
    const { page } = ada;
    await page.goto(`/outings/${walk.id}`);
    await page.getByRole('heading', { name: 'Wicken Fen', level: 1 }).waitFor();
    await page.getByText('1 h 35 min').waitFor();
    await page.getByText('Every species seen was reported').waitFor();
    await page.getByText('Cuckoo calling all morning').waitFor();
    const species = page.getByTestId('outing-species');
    expect(await species.count()).toBe(3);
    expect((await species.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim())).toEqual(
      ['Common Cuckoo 2', 'Eurasian Reed Warbler 7', 'Western Marsh Harrier 1'],
    );
    await page.getByText('3 species · 10 individuals').waitFor();
    await page
      .getByRole('region', { name: 'Map' })
      .locator('.leaflet-marker-icon')
      .first()
      .waitFor();
    await expectAccessible(page);
    await species.nth(1).click();
    await page.waitForURL(/\/logs\/[0-9a-f-]+$/);
    await page.getByRole('heading', { name: 'Eurasian Reed Warbler' }).waitFor();
  });

  it('edits the effort, refusing what the API refuses, and shares a public outing', async () => {
    const { page } = ada;
    await page.goto(`/outings/${walk.id}`);
    const share = page.getByRole('button', { name: 'Share' });
    await share.waitFor();
    expect(await share.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Outing' });
    await dialog.getByLabel('Minutes').fill('-5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Duration must be at least 0 minutes').waitFor();
    await dialog.getByLabel('Minutes').fill('120');
    await dialog.getByLabel('Protocol').selectOption('stationary');
    await dialog.getByLabel('Distance (km)').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('2 h', { exact: true }).waitFor();
    const stored = await (await ada.context.request.get(`/api/outings/${walk.id}`)).json();
    expect(stored).toMatchObject({
      durationMinutes: 120,
      protocol: 'stationary',
      distanceKm: null,
    });
    expect(stored.placeName).toBe('Wicken Fen'); // what was not edited stays

    await page.getByRole('switch', { name: 'Public Sharing' }).click();
    await expect.poll(() => share.isDisabled()).toBe(false);
    await share.click();
    await expect.poll(() => readClipboard(page)).toMatch(new RegExp(`/shared/outings/${walk.id}$`));
  });

  it('deletes an outing keeping its logs, or with them', async () => {
    const { page, context } = ada;
    const count = async () =>
      (await (await context.request.get('/api/logs')).json()).total as number;
    const before = await count();
    const kept = await createOuting(context, {
      startedAt: '2026-06-01T08:00:00Z',
      placeName: 'Kept',
    });
    await createLog(context, { speciesCommon: 'Kept Wren', outingId: kept.id });
    await page.goto(`/outings/${kept.id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Outing' });
    await dialog.getByText('Keep its 1 log').waitFor();
    await dialog.getByRole('button', { name: 'Delete outing' }).click();
    await page.waitForURL('**/outings');
    expect(await count()).toBe(before + 1);

    const gone = await createOuting(context, {
      startedAt: '2026-06-02T08:00:00Z',
      placeName: 'Gone',
    });
    await createLog(context, { speciesCommon: 'Gone Wren', outingId: gone.id });
    await page.goto(`/outings/${gone.id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByText('Delete its 1 log too').click();
    await dialog.getByRole('button', { name: 'Delete outing and logs' }).click();
    await page.waitForURL('**/outings');
    expect(await count()).toBe(before + 1);
    expect(pathOf(page)).toBe('/outings');
    expect((await context.request.get(`/api/outings/${gone.id}`)).status()).toBe(404);
  });

  it('shows one outing on the list and in the statistics', async () => {
    const { page } = ada;
    await createLog(ada.context, { speciesCommon: 'Not On The Walk', count: 50 });
    await page.goto(`/outings/${walk.id}`);
    await page.getByRole('link', { name: 'On the list' }).click();
    await page.waitForURL(`**/?outingId=${walk.id}`);
    await page.getByText('Showing the logs of one outing.').waitFor();
    await expect.poll(() => page.getByTestId('log-card').count()).toBe(3);
    expect(await page.getByText('Not On The Walk').count()).toBe(0);
    await page.getByRole('button', { name: 'Show all logs' }).click();
    await page.getByText('Not On The Walk').waitFor();

    await page.goto(`/outings/${walk.id}`);
    await page.getByRole('link', { name: 'Statistics' }).click();
    await page.waitForURL(`**/stats?outingId=${walk.id}`);
    await page.getByText('Showing the figures of one outing.').waitFor();
    const card = (title: string) =>
      page.getByTestId('summary-card').filter({ has: page.getByRole('heading', { name: title }) });
    await expect.poll(() => card('Total Sightings').locator('p').first().innerText()).toBe('10');
    expect(await card('Total Logs').locator('p').first().innerText()).toBe('3');
  });

  it('shares a public outing on a page anyone can open, and keeps a private one hidden', async () => {
    const anonymous = await browser.newContext({ baseURL });
    const page = await anonymous.newPage();
    // made public by the edit test above
    await page.goto(`/shared/outings/${walk.id}`);
    await page.getByRole('heading', { name: 'Wicken Fen', level: 1 }).waitFor();
    expect(await page.title()).toBe('Outing at Wicken Fen - Sightbook');
    await page.getByText('3 species · 10 individuals').waitFor();
    expect(await page.getByTestId('outing-species').count()).toBe(3);
    expect(await page.getByRole('link', { name: /Common Cuckoo/ }).count()).toBe(0);
    await expectAccessible(page);

    const hidden = await createOuting(ada.context, { startedAt: '2026-06-03T08:00:00Z' });
    await page.goto(`/shared/outings/${hidden.id}`);
    await page.getByRole('heading', { name: 'Outing not found' }).waitFor();
    await anonymous.close();
  });
});
