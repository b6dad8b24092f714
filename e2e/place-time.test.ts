import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { expectAccessible, expectToast, signUp } from './support.js';

// Issue 24: the time as it was at the place, date-only logs and the device's accuracy, in the
// form, the card, the details page and the maps.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function openNewLog(page: Page, species: string) {
  await page.goto('/logs/new');
  await page.getByRole('heading', { name: 'New Wildlife Log' }).waitFor();
  await page.getByRole('combobox', { name: 'Common Name' }).click();
  await page.getByPlaceholder('Type to search or add new...').fill(species);
  await page.getByRole('option', { name: `Use "${species}"` }).click();
}

/** Creates the log on the form and returns what the browser sent, once on its details page. */
async function create(page: Page): Promise<Record<string, unknown>> {
  const request = page.waitForRequest(
    (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/logs',
  );
  await page.getByRole('button', { name: 'Create Log' }).click();
  const body = (await request).postDataJSON() as Record<string, unknown>;
  await expectToast(page, 'Success', 'Log created successfully');
  await page.waitForURL(/\/logs\/[0-9a-f-]{36}$/);
  return body;
}

const uncertaintyCircles = (page: Page) => page.locator('path.uncertainty-circle');

describe("the device's accuracy", () => {
  it("fills the uncertainty with 'Use my location', shows it and draws it as a circle", async () => {
    const { context, page } = await signUp(browser, {
      timezoneId: 'Europe/Paris',
      permissions: ['geolocation'],
      geolocation: { latitude: 48.858372, longitude: 2.294481, accuracy: 11.3 },
    });
    await openNewLog(page, 'Black Redstart');
    await page.getByRole('button', { name: 'Use my location' }).click();
    await page.getByText('Location found, accurate to about 12 m').waitFor();
    expect(await field(page, 'Accuracy (m)').inputValue()).toBe('12'); // 11.3 rounded up
    await uncertaintyCircles(page).first().waitFor();

    // a typed point is not the one measured: its accuracy is unknown until typed
    await field(page, 'Latitude').fill('48.8584');
    expect(await field(page, 'Accuracy (m)').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect.poll(() => field(page, 'Accuracy (m)').inputValue()).toBe('12');
    await field(page, 'Accuracy (m)').fill('30');

    const body = await create(page);
    expect(body).toMatchObject({
      latitude: 48.858372,
      longitude: 2.294481,
      coordinateUncertainty: 30,
      timeZone: 'Europe/Paris',
      timeKnown: true,
    });
    expect(await page.getByTestId('uncertainty').textContent()).toBe('± 30 m');
    await uncertaintyCircles(page).first().waitFor();
    await expectAccessible(page);

    // the map page draws it around the lone point and says it in the popup
    await page.goto('/map');
    await uncertaintyCircles(page).first().waitFor();
    await page.locator('.leaflet-marker-icon').first().click();
    await page.locator('.leaflet-popup').getByText('± 30 m').waitFor();
    await context.close();
  });
});

describe('the time at the place', () => {
  it("offers Denver's clock in Berlin, and shows the time there with its zone", async () => {
    const { context, page } = await signUp(browser, { timezoneId: 'Europe/Berlin' });
    await openNewLog(page, 'Steller’s Jay');
    await page.getByLabel('Date & Time').fill('2024-01-06T10:40');
    await field(page, 'Latitude').fill('39.7392');
    await field(page, 'Longitude').fill('-104.9903');
    const offer = page.getByRole('status').filter({ hasText: 'This place is in America/Denver' });
    await offer
      .getByText('This place is in America/Denver (MST). Use the local time there?')
      .waitFor();
    await offer.getByRole('button', { name: 'Use local time' }).click();
    await offer.waitFor({ state: 'detached' });
    // the time typed stays; it is now Denver's
    expect(await page.getByLabel('Date & Time').inputValue()).toBe('2024-01-06T10:40');
    await page.getByText('Time at the place: America/Denver (MST)').waitFor();

    const body = await create(page);
    expect(body).toMatchObject({
      observedAt: '2024-01-06T10:40:00-07:00',
      timeZone: 'America/Denver',
      timeKnown: true,
      coordinateUncertainty: null,
    });
    await page.getByText('January 6, 2024 at 10:40 AM MST').waitFor();
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const stored = await context.request.get(`/api/logs/${id}`);
    expect(await stored.json()).toMatchObject({
      observedAt: '2024-01-06T17:40:00.000Z',
      timeZone: 'America/Denver',
    });

    await page.goto('/');
    await page.getByTestId('log-card').getByText('Jan 6, 2024, 10:40 AM MST').waitFor();

    // the edit shows Denver's clock and says so; an unchanged save keeps it
    await page.goto(`/logs/${id}/edit`);
    expect(await page.getByLabel('Date & Time').inputValue()).toBe('2024-01-06T10:40');
    await page.getByText('Time at the place: America/Denver (MST)').waitFor();
    const update = page.waitForRequest((r) => r.method() === 'PUT');
    await page.getByRole('button', { name: 'Update Log' }).click();
    expect((await update).postDataJSON()).toMatchObject({
      observedAt: '2024-01-06T10:40:00-07:00',
      timeZone: 'America/Denver',
    });
    await context.close();
  });

  it('keeps the time typed at the browser’s clock when the offer is declined', async () => {
    const { context, page } = await signUp(browser, { timezoneId: 'Europe/Berlin' });
    await openNewLog(page, 'Mountain Chickadee');
    await page.getByLabel('Date & Time').fill('2024-01-06T10:40');
    await field(page, 'Latitude').fill('39.7392');
    await field(page, 'Longitude').fill('-104.9903');
    await page.getByRole('button', { name: 'Keep the time as it is' }).click();
    const body = await create(page);
    expect(body).toMatchObject({
      observedAt: '2024-01-06T10:40:00+01:00',
      timeZone: 'Europe/Berlin',
    });
    await page.getByText('January 6, 2024 at 10:40 AM', { exact: true }).waitFor();
    await context.close();
  });
});

describe('a date-only log', () => {
  it('is saved at noon and shows its own date with "time not recorded" in every zone', async () => {
    const { context, page } = await signUp(browser, { timezoneId: 'America/Denver' });
    await openNewLog(page, 'Pinyon Jay');
    await page.getByRole('checkbox', { name: 'Time not recorded' }).click();
    expect(await page.getByLabel('Date & Time').getAttribute('type')).toBe('date');
    await page.getByLabel('Date & Time').fill('2024-01-06');
    const body = await create(page);
    expect(body).toMatchObject({
      observedAt: '2024-01-06T12:00:00-07:00',
      timeZone: 'America/Denver',
      timeKnown: false,
    });
    await page.getByText('January 6, 2024 · time not recorded').waitFor();

    // the same account at both ends of the day: UTC-10 and UTC+14
    const session = await context.storageState();
    for (const timezoneId of ['Pacific/Honolulu', 'Pacific/Kiritimati']) {
      const far = await browser.newContext({ storageState: session, timezoneId, locale: 'en-US' });
      const farPage = await far.newPage();
      await farPage.goto(new URL('/', page.url()).href);
      await farPage.getByTestId('log-card').getByText('Jan 6, 2024 · time not recorded').waitFor();
      await far.close();
    }

    // the edit form shows the date alone, and unticking brings the time back
    await page.goto(`${new URL(page.url()).pathname}/edit`);
    expect(await page.getByLabel('Date & Time').inputValue()).toBe('2024-01-06');
    await page.getByRole('checkbox', { name: 'Time not recorded' }).click();
    expect(await page.getByLabel('Date & Time').inputValue()).toBe('2024-01-06T12:00');
    await context.close();
  });

  it('is the date at the place: noon there, even from a browser elsewhere', async () => {
    const { context, page } = await signUp(browser, { timezoneId: 'Europe/Berlin' });
    await openNewLog(page, 'Clark’s Nutcracker');
    await page.getByLabel('Date & Time').fill('2024-01-06T10:40');
    await field(page, 'Latitude').fill('39.7392');
    await field(page, 'Longitude').fill('-104.9903');
    const offer = page.getByRole('button', { name: 'Use local time' });
    await offer.waitFor();
    await page.getByRole('checkbox', { name: 'Time not recorded' }).click();
    await offer.waitFor({ state: 'detached' }); // a date alone needs no choice of clock
    const body = await create(page);
    expect(body).toMatchObject({
      observedAt: '2024-01-06T12:00:00-07:00',
      timeZone: 'America/Denver',
      timeKnown: false,
    });
    await page.getByText('January 6, 2024 · time not recorded').waitFor();
    await context.close();
  });
});
