import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { pathOf, signUp, type SignedIn } from './support.js';

let browser: Browser;
let ada: SignedIn;
beforeAll(async () => {
  browser = await launchBrowser();
  ada = await signUp(browser);
});
afterAll(async () => {
  await browser?.close();
});

describe('keyboard shortcuts', () => {
  it('opens the help with Shift+? and lists the four shortcuts', async () => {
    const { page } = ada;
    await page.goto('/');
    await page.getByRole('heading', { name: 'Wildlife Logs' }).waitFor();
    await page.waitForLoadState('networkidle'); // the shortcuts load after the list shows
    await page.keyboard.press('Shift+?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard Shortcuts' });
    await dialog.waitFor();
    for (const action of [
      'New log',
      'Show keyboard shortcuts',
      'Save the log form',
      'Cancel the log form',
    ]) {
      await dialog.getByText(action).waitFor();
    }
    expect(await dialog.locator('kbd').allTextContents()).toEqual([
      'Ctrl',
      'N',
      'Shift',
      '?',
      'Ctrl',
      'S',
      'Esc',
    ]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('opens the form with Ctrl+N, but not while typing', async () => {
    const { page } = ada;
    await page.goto('/');
    await page.getByPlaceholder('Search by species name...').focus();
    await page.keyboard.press('Control+n');
    await page.keyboard.press('Shift+?');
    expect(pathOf(page)).toBe('/');
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('heading', { name: 'Wildlife Logs' }).click();
    await page.keyboard.press('Control+n');
    await page.waitForURL((url) => url.pathname === '/logs/new');
    await page.getByRole('heading', { name: 'New Wildlife Log' }).waitFor();
  });

  it('leaves Escape to an open dialog, then cancels the form', async () => {
    const { page } = ada;
    await page.goto('/logs/new');
    await page.getByRole('heading', { name: 'New Wildlife Log' }).click();
    await page.keyboard.press('Shift+?');
    await page.getByRole('dialog', { name: 'Keyboard Shortcuts' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/logs/new');

    await page.getByLabel('Notes').focus(); // Escape works while typing
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/');
  });
});
