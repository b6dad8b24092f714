import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import {
  baseURL,
  createLog,
  createOuting,
  expectAccessible,
  expectToast,
  shoot,
  signUp,
  type SignedIn,
} from './support.js';

// Location privacy on the web (issue 35): the form's level and embargo, the level on the details
// page, the list and an outing's page, and the shared pages that show a square or nothing.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const NEST = { latitude: 57.123456, longitude: -4.654321, placeName: "Eagle nest, Smith's farm" };
/** The true point at four decimals and more, as text could carry it. */
const EXACT_TEXTS = ['57.1234', '57.1235', '4.6543', 'Eagle nest', 'Smith'];

let browser: Browser;
let ada: SignedIn;
beforeAll(async () => {
  browser = await launchBrowser();
  ada = await signUp(browser, { timezoneId: 'UTC', viewport: DESKTOP });
});
afterAll(async () => {
  await browser?.close();
});

const combobox = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });

async function pick(page: Page, field: string, typed: string) {
  await combobox(page, field).click();
  await page.getByPlaceholder('Type to search or add new...').fill(typed);
  await page.getByRole('option', { name: `Use "${typed}"`, exact: true }).click();
}

/** The page at a desktop's size, then a phone's (SCREENSHOTS names the folder). */
async function shootBoth(page: Page, name: string, ready: () => Promise<unknown> = async () => {}) {
  await ready();
  await shoot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await ready();
  await shoot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

const mapDrawn = (page: Page) => () =>
  page.locator('.leaflet-tile-loaded').first().waitFor({ state: 'attached' });

/** A signed-out visitor's page of the link. */
async function visit(path: string) {
  const context = await browser.newContext({ baseURL, locale: 'en-US', viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

describe('an obscured log', () => {
  let id: string;

  it('is chosen in the form, which hides the exact-location switch', async () => {
    const { page } = ada;
    await page.goto('/logs/new');
    await pick(page, 'Common Name', 'Golden Eagle');
    await pick(page, 'Location', NEST.placeName);
    await page.getByLabel('Latitude').fill(String(NEST.latitude));
    await page.getByLabel('Longitude').fill(String(NEST.longitude));
    const level = page.getByLabel('Location privacy');
    expect(await level.inputValue()).toBe('open'); // the account's default
    await page.getByText('Others see the point rounded to about 1 km.').waitFor();
    await page.getByText('Show exact location publicly').waitFor();

    await level.selectOption({ label: 'Obscured' });
    await page.getByText('Others see only a 22 km square around it, not the place name.').waitFor();
    expect(await page.getByText('Show exact location publicly').count()).toBe(0);
    expect(await page.getByLabel('Keep private until').inputValue()).toBe('');
    await expectAccessible(page);
    await shootBoth(page, 'privacy-form', mapDrawn(page));

    const request = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/logs',
    );
    await page.getByRole('button', { name: 'Create Log' }).click();
    expect((await request).postDataJSON()).toMatchObject({ locationPrivacy: 'obscured' });
    await page.waitForURL(/\/logs\/[0-9a-f-]{36}$/);
    id = new URL(page.url()).pathname.split('/').pop()!;
  });

  it('says so on its details page, card and phone row', async () => {
    const { page } = ada;
    await page.goto(`/logs/${id}`);
    await page.getByTestId('location-shown').getByText('Location obscured').waitFor();
    await page.getByText('Others see only a 22 km square around it, not the place name.').waitFor();
    // its owner sees the exact point
    await page.locator('.leaflet-marker-icon').waitFor();
    await expectAccessible(page);
    await shootBoth(page, 'privacy-details', mapDrawn(page));

    await page.goto('/');
    const card = page.getByTestId('log-card').filter({ hasText: 'Golden Eagle' });
    const badge = card.getByTestId('location-badge');
    await badge.getByText('Obscured', { exact: true }).waitFor(); // seen
    await badge.getByText('Location obscured', { exact: true }).waitFor({ state: 'attached' }); // read
    await shoot(page, 'privacy-list-desktop');
    await page.setViewportSize(PHONE);
    const row = page.getByRole('listitem').filter({ hasText: 'Golden Eagle' });
    await row.getByTestId('location-badge').getByText('Obscured', { exact: true }).waitFor();
    await expectAccessible(page);
    await shoot(page, 'privacy-list-phone');
    await page.setViewportSize(DESKTOP);
  });

  it('shows others its square, and neither its point nor its place name', async () => {
    const html = await (await fetch(`${baseURL}/shared/${id}`)).text();
    for (const text of EXACT_TEXTS) expect(html).not.toContain(text);

    const { context, page } = await visit(`/shared/${id}`);
    await page.getByRole('heading', { name: 'Golden Eagle' }).waitFor();
    await page.locator('path.location-cell').waitFor();
    expect(await page.locator('.leaflet-marker-icon').count()).toBe(0);
    await page.getByTestId('location-shown').getByText('Location obscured').waitFor();
    const dom = await page.content();
    for (const text of EXACT_TEXTS) expect(dom).not.toContain(text);
    await expectAccessible(page);
    await shootBoth(page, 'privacy-shared-obscured', mapDrawn(page));
    await context.close();
  });

  it('shows a trusted viewer the exact point, and says why', async () => {
    const bob = await signUp(browser, { viewport: DESKTOP });
    const account = await bob.context.request.get('/api/account');
    const { email } = (await account.json()) as { email: string };
    const added = await ada.context.request.post('/api/account/trusted-viewers', {
      data: { email },
    });
    expect(added.status()).toBe(201);

    await bob.page.goto(`/shared/${id}`);
    await bob.page.getByText('You see the exact place as a trusted viewer.').waitFor();
    await bob.page.locator('.leaflet-marker-icon').waitFor();
    expect(await bob.page.getByTestId('coordinates').innerText()).toBe('57.123456, -4.654321');
    expect(await bob.page.locator('path.location-cell').count()).toBe(0);
    await shoot(bob.page, 'privacy-shared-trusted-desktop');
    await bob.context.close();
  });
});

describe('a private location', () => {
  it("shows others no map and no place on the log's shared page", async () => {
    const log = await createLog(ada.context, {
      speciesCommon: 'Lady’s Slipper Orchid',
      ...NEST,
      locationPrivacy: 'private',
    });
    const { context, page } = await visit(`/shared/${log.id}`);
    await page.getByRole('heading', { name: 'Lady’s Slipper Orchid' }).waitFor();
    await page.getByText('Location private', { exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'Map' }).count()).toBe(0);
    const dom = await page.content();
    for (const text of EXACT_TEXTS) expect(dom).not.toContain(text);
    await expectAccessible(page);
    await shootBoth(page, 'privacy-shared-private');
    await context.close();
  });

  it('keeps a log private until its embargo ends, and clears it', async () => {
    const { page } = ada;
    const log = await createLog(ada.context, { speciesCommon: 'Osprey', ...NEST });
    await page.goto(`/logs/${log.id}/edit`);
    await page.getByLabel('Keep private until').fill('2099-06-01');
    await page.getByRole('button', { name: 'Update Log' }).click();
    await page.waitForURL(`**/logs/${log.id}`);
    await page.getByText('Location private until Jun 1, 2099').waitFor();

    await page.goto(`/logs/${log.id}/edit`);
    // the form says why it is private while its level is Open
    await page
      .getByTestId('location-privacy')
      .getByText('Location private until Jun 1, 2099')
      .waitFor();
    await page.getByRole('button', { name: 'Clear the date' }).click();
    const request = page.waitForRequest((r) => r.method() === 'PUT');
    await page.getByRole('button', { name: 'Update Log' }).click();
    expect((await request).postDataJSON()).toMatchObject({
      locationPrivacy: 'open',
      locationEmbargoUntil: null,
    });
    await page.waitForURL(`**/logs/${log.id}`);
    await page.getByText('The shared page shows the location rounded to about 1 km.').waitFor();
    expect(await page.getByTestId('location-shown').count()).toBe(0);
  });

  it('is set on an outing in its dialog, and its page and logs say so', async () => {
    const { page } = ada;
    const outing = await createOuting(ada.context, {
      startedAt: '2026-05-02T06:40:00Z',
      timeZone: 'UTC',
      placeName: 'Loch Garten',
      latitude: 57.24,
      longitude: -3.69,
      isPublic: true,
    });
    const log = await createLog(ada.context, {
      speciesCommon: 'Capercaillie',
      latitude: 57.24,
      longitude: -3.69,
      outingId: outing.id,
    });
    await page.goto(`/outings/${outing.id}`);
    await page.getByRole('heading', { name: 'Loch Garten', level: 1 }).waitFor();
    expect(await page.getByTestId('location-shown').count()).toBe(0);
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Outing' });
    await dialog.getByLabel('Location privacy').selectOption({ label: 'Private' });
    await dialog.getByText('Others see no point and no place name.').waitFor();
    await shootBoth(page, 'privacy-outing-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Outing updated', '');
    await page.getByTestId('location-shown').getByText('Location private').waitFor();
    await expectAccessible(page);
    await shootBoth(page, 'privacy-outing', mapDrawn(page));

    await page.goto(`/logs/${log.id}`);
    await page.getByText('Location private with its outing').waitFor();

    const visitor = await visit(`/shared/outings/${outing.id}`);
    await visitor.page.getByText('1 species').waitFor();
    await visitor.page.getByTestId('location-shown').getByText('Location private').waitFor();
    expect(await visitor.page.getByRole('region', { name: 'Map' }).count()).toBe(0);
    const dom = await visitor.page.content();
    for (const text of ['57.24', '3.69', 'Loch Garten']) expect(dom).not.toContain(text);
    await visitor.context.close();
  });
});

describe('an obscured outing', () => {
  it('shows others the squares of its logs, and neither its point nor its place', async () => {
    const outing = await createOuting(ada.context, {
      startedAt: '2026-05-03T06:00:00Z',
      timeZone: 'UTC',
      ...NEST,
      isPublic: true,
      locationPrivacy: 'obscured',
    });
    await createLog(ada.context, { speciesCommon: 'Merlin', ...NEST, outingId: outing.id });
    const { context, page } = await visit(`/shared/outings/${outing.id}`);
    await page.getByText('1 species').waitFor();
    await page.getByTestId('location-shown').getByText('Location obscured').waitFor();
    await page.locator('path.location-cell').waitFor();
    expect(await page.locator('.leaflet-marker-icon').count()).toBe(0);
    const dom = await page.content();
    for (const text of EXACT_TEXTS) expect(dom).not.toContain(text);
    await expectAccessible(page);
    await shootBoth(page, 'privacy-shared-outing', mapDrawn(page));
    await context.close();
  });
});
