import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import {
  createLog,
  expectAccessible,
  expectToast,
  pathOf,
  signUp,
  type CreatedLog,
  type SignedIn,
} from './support.js';

let browser: Browser;
let ada: SignedIn;
let owl: CreatedLog;
beforeAll(async () => {
  browser = await launchBrowser();
  // a fixed zone, so the offset the form sends is known
  ada = await signUp(browser, { timezoneId: 'Europe/Berlin' });
  owl = await createLog(ada.context, {
    speciesCommon: 'Barn Owl',
    speciesScientific: 'Tyto alba',
    count: 2,
    observedAt: '2026-05-01T04:30:00Z', // 06:30 in Berlin
    placeName: 'Marsh Lane',
    description: 'Hunting at dusk',
    notes: 'Near the old barn',
    photoLinks: ['https://example.com/owl.jpg'],
  });
});
afterAll(async () => {
  await browser?.close();
});

const combobox = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });

async function pick(page: Page, field: string, typed: string, option: string) {
  await combobox(page, field).click();
  await page.getByPlaceholder('Type to search or add new...').fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('the create form', () => {
  it('shows the defaults and the validation messages', async () => {
    const { page } = ada;
    await page.goto('/logs/new');
    await page.getByRole('heading', { name: 'New Wildlife Log' }).waitFor();
    expect(await page.getByLabel('Count').inputValue()).toBe('1');
    expect(await page.getByLabel('Count').getAttribute('min')).toBe('1');
    expect(await page.getByLabel('Date & Time').inputValue()).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d$/,
    );
    expect(await page.getByLabel('Description').getAttribute('rows')).toBe('3');
    expect(await page.getByLabel('Notes').getAttribute('rows')).toBe('4');
    await page.getByPlaceholder('Describe what you saw, the weather, the habitat...').waitFor();
    await combobox(page, 'Common Name').getByText('Type to search or add new...').waitFor();

    await page.getByLabel('Count').fill('0');
    await page.getByRole('button', { name: 'Create Log' }).click();
    await page.getByText('Species name is required').waitFor();
    await page.getByText('Count must be at least 1').waitFor();
    expect(pathOf(page)).toBe('/logs/new');
  });

  it('offers known values, adds new ones and fills the scientific name', async () => {
    const { page } = ada;
    await page.goto('/logs/new');
    await combobox(page, 'Common Name').click();
    await page.getByPlaceholder('Type to search or add new...').fill('BARN');
    await page.getByRole('option', { name: 'Barn Owl' }).waitFor();
    await page.getByRole('option', { name: 'Use "BARN"' }).waitFor();
    await page.getByRole('option', { name: 'Barn Owl' }).click();
    expect(await combobox(page, 'Common Name').textContent()).toBe('Barn Owl');
    expect(await combobox(page, 'Scientific Name').textContent()).toBe('Tyto alba');

    // choosing the selected option again clears it
    await pick(page, 'Common Name', 'owl', 'Barn Owl');
    expect(await combobox(page, 'Common Name').textContent()).toBe('Type to search or add new...');

    await pick(page, 'Common Name', 'Snowy Owl', 'Use "Snowy Owl"');
    expect(await combobox(page, 'Common Name').textContent()).toBe('Snowy Owl');
    expect(await combobox(page, 'Scientific Name').textContent()).toBe('Tyto alba');

    await pick(page, 'Location', 'New Pond', 'Use "New Pond"');
    expect(await combobox(page, 'Location').textContent()).toBe('New Pond');
    await combobox(page, 'Location').click();
    await page.getByRole('option', { name: 'New Pond' }).waitFor(); // now one of the options
    await page.getByRole('option', { name: 'Marsh Lane' }).waitFor();
    await page.keyboard.press('Escape');
    expect(pathOf(page)).toBe('/logs/new'); // Escape closed the list, not the form
  });

  it('checks photo links and creates the log with the local offset', async () => {
    const { page } = ada;
    await page.goto('/logs/new');
    await pick(page, 'Common Name', 'Red Kite', 'Use "Red Kite"');
    await page.getByLabel('Count').fill('4');
    await page.getByLabel('Date & Time').fill('2026-05-01T06:30');

    const link = page.getByLabel('External Photo Links');
    await link.fill('not a url');
    await link.press('Enter');
    await expectToast(page, 'Invalid URL', 'Please enter a valid URL');
    await link.fill('https://example.com/kite-1.jpg');
    await link.press('Enter');
    await page
      .getByRole('list', { name: 'Photo links' })
      .getByText('https://example.com/kite-1.jpg')
      .waitFor();
    await link.fill('https://example.com/gone.jpg');
    await page.getByRole('button', { name: 'Add photo link' }).click();
    await page.getByRole('button', { name: 'Remove https://example.com/gone.jpg' }).click();
    await link.fill('https://example.com/kite-2.jpg'); // pending: added on submit

    const request = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/logs',
    );
    await page.getByRole('button', { name: 'Create Log' }).click();
    const body = (await request).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      speciesCommon: 'Red Kite',
      count: 4,
      observedAt: '2026-05-01T06:30:00+02:00',
      photoLinks: ['https://example.com/kite-1.jpg', 'https://example.com/kite-2.jpg'],
    });
    await expectToast(page, 'Success', 'Log created successfully');
    await page.waitForURL(/\/logs\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Red Kite' }).waitFor();
    await page.getByText('May 1, 2026 at 6:30 AM').waitFor();
  });

  it('drops an invalid pending link and shows a server failure', async () => {
    const { page } = ada;
    await page.goto('/logs/new');
    await pick(page, 'Common Name', 'Wren', 'Use "Wren"');
    await page.getByLabel('External Photo Links').fill('nope');
    await page.route('**/api/logs', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Boom"}' }),
    );
    const request = page.waitForRequest((r) => r.method() === 'POST');
    await page.getByRole('button', { name: 'Create Log' }).click();
    expect(((await request).postDataJSON() as { photoLinks: string[] }).photoLinks).toEqual([]);
    await expectToast(page, 'Error', 'Boom');
    expect(pathOf(page)).toBe('/logs/new');
    await page.unroute('**/api/logs');
  });

  it('saves with Ctrl+S and cancels with Escape', async () => {
    const { page } = ada;
    await page.goto('/logs/new');
    await page.getByRole('heading', { name: 'New Wildlife Log' }).click(); // focus out of inputs
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/logs/new');
    await pick(page, 'Common Name', 'Magpie', 'Use "Magpie"');
    await page.getByLabel('Count').fill('3'); // Ctrl+S saves from inside a field too
    await page.keyboard.press('Control+s');
    await expectToast(page, 'Success', 'Log created successfully');
    await page.waitForURL(/\/logs\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Magpie' }).waitFor();
  });

  it('passes an accessibility scan', async () => {
    const { page } = ada;
    await page.goto('/logs/new');
    await page.getByRole('heading', { name: 'New Wildlife Log' }).waitFor();
    await expectAccessible(page);
  });
});

describe('the edit form', () => {
  it('is prefilled, updates the log and returns to it', async () => {
    const { page } = ada;
    await page.goto(`/logs/${owl.id}/edit`);
    await page.getByRole('heading', { name: 'Edit Log' }).waitFor();
    expect(await combobox(page, 'Common Name').textContent()).toBe('Barn Owl');
    expect(await combobox(page, 'Scientific Name').textContent()).toBe('Tyto alba');
    expect(await combobox(page, 'Location').textContent()).toBe('Marsh Lane');
    expect(await page.getByLabel('Count').inputValue()).toBe('2');
    expect(await page.getByLabel('Date & Time').inputValue()).toBe('2026-05-01T06:30');
    expect(await page.getByLabel('Description').inputValue()).toBe('Hunting at dusk');
    expect(await page.getByLabel('Notes').inputValue()).toBe('Near the old barn');
    await page.getByText('https://example.com/owl.jpg').waitFor();

    await page.getByRole('heading', { name: 'Edit Log' }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === `/logs/${owl.id}`);

    await page.goto(`/logs/${owl.id}/edit`);
    await page.getByLabel('Count').fill('7');
    const request = page.waitForRequest((r) => r.method() === 'PUT');
    await page.getByRole('button', { name: 'Update Log' }).click();
    expect((await request).postDataJSON()).toMatchObject({
      count: 7,
      isPublic: true,
      observedAt: '2026-05-01T06:30:00+02:00',
      photoLinks: ['https://example.com/owl.jpg'],
      uploadedPhotoUrls: [],
    });
    await expectToast(page, 'Success', 'Log updated successfully');
    await page.waitForURL((url) => url.pathname === `/logs/${owl.id}`);
    await page.getByText('7 observed').waitFor();

    await page.goto(`/logs/${owl.id}/edit`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === `/logs/${owl.id}`);
  });

  it('keeps an X (present, not counted) through an edit, and shows it on the card and details', async () => {
    const { page } = ada;
    const jay = await createLog(ada.context, {
      speciesCommon: 'Steller’s Jay',
      count: null,
      countKind: 'present', // eBird's X
      observedAt: '2026-06-01T08:00:00Z',
      notes: 'Calling in the pines',
    });
    await page.goto('/');
    const badge = page
      .getByTestId('log-card')
      .filter({ hasText: 'Steller’s Jay' })
      .getByTestId('log-card-count');
    expect(await badge.textContent()).toBe('X');
    expect(await badge.getAttribute('title')).toBe('Present, not counted');

    await page.goto(`/logs/${jay.id}`);
    expect(await page.getByTestId('log-count').textContent()).toBe('Present (not counted)');

    await page.goto(`/logs/${jay.id}/edit`);
    await page.getByRole('heading', { name: 'Edit Log' }).waitFor();
    // no number to type: the label names the choice of what was recorded
    expect(await page.getByLabel('Count').inputValue()).toBe('present');
    expect(await page.locator('input[name="count"]').count()).toBe(0);
    await page.getByLabel('Notes').fill('Calling in the pines, two birds');
    const request = page.waitForRequest((r) => r.method() === 'PUT');
    await page.getByRole('button', { name: 'Update Log' }).click();
    expect((await request).postDataJSON()).toMatchObject({ count: null, countKind: 'present' });
    await page.waitForURL((url) => url.pathname === `/logs/${jay.id}`);
    expect(await page.getByTestId('log-count').textContent()).toBe('Present (not counted)');

    // counted again: the number comes back at SPEC §9's default
    await page.goto(`/logs/${jay.id}/edit`);
    await page.getByLabel('Count').selectOption('counted');
    expect(await page.getByLabel('Count').inputValue()).toBe('1');
    expect(await page.getByLabel('Recorded as').inputValue()).toBe('counted');
  });
});
