import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { baseURL, createLog, expectAccessible, signUp, uploadImage } from './support.js';

// The account page (issue 21): name, sessions, licence, storage, the archive, and deletion.

let browser: Browser;
const downloads = mkdtempSync(join(tmpdir(), 'sightbook-e2e-account-'));
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  rmSync(downloads, { recursive: true, force: true });
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** A plain PNG uploaded through the API: its object path. */
async function uploadPhoto(context: BrowserContext) {
  const image = await sharp({
    create: { width: 320, height: 240, channels: 3, background: '#4a7' },
  })
    .png()
    .toBuffer();
  return uploadImage(context, image, 'image/png');
}

/** When SCREENSHOTS is set: the page as it looks, at that width, in that folder. */
async function shoot(page: Page, name: string) {
  const folder = process.env.SCREENSHOTS;
  if (folder) await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
}

describe('the account page', () => {
  it('changes the name, lists the sessions, sets the licence and shows storage', async () => {
    const { context, page } = await signUp(browser, { viewport: DESKTOP });
    try {
      const photo = await uploadPhoto(context);
      await createLog(context, { speciesCommon: 'Wren', uploadedPhotoUrls: [photo] });
      // a second session, in another browser
      const email = (
        (await (await context.request.get('/api/account')).json()) as { email: string }
      ).email;
      const other = await browser.newContext({ baseURL, userAgent: FIREFOX });
      const login = await other.request.post('/api/auth/login', {
        data: { email, password: 'correct horse battery' },
      });
      expect(login.status()).toBe(200);

      await page.goto('/');
      await page.getByRole('button', { name: 'Ada Tester' }).click();
      await page.getByRole('menuitem', { name: 'Account' }).click();
      await page.waitForURL('**/account');
      await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();

      const sessions = page.getByRole('region', { name: 'Sessions' });
      await sessions.getByText('Firefox on Linux').waitFor();
      await sessions.getByText('This device').waitFor();
      await expect.poll(() => sessions.getByRole('listitem').count()).toBe(2);
      await page
        .getByRole('region', { name: 'Storage' })
        .getByText(/ of 2,048 MB used/)
        .waitFor();
      await expectAccessible(page);
      await shoot(page, 'account-desktop');

      const profile = page.getByRole('region', { name: 'Profile' });
      await profile.getByLabel('First name').fill('Augusta');
      await profile.getByRole('button', { name: 'Save' }).click();
      await page
        .locator('[data-sonner-toast]')
        .filter({ hasText: 'Your account is saved' })
        .waitFor();
      await page.getByRole('button', { name: 'Augusta Tester' }).waitFor(); // the header follows

      await profile.getByLabel('Email').fill(`new-${email}`);
      await profile.getByLabel('Current password').waitFor(); // a new email needs it

      await sessions.getByRole('button', { name: 'Sign out' }).click();
      await expect.poll(() => sessions.getByRole('listitem').count()).toBe(1);
      expect((await other.request.get('/api/auth/user')).status()).toBe(401);
      await other.close();

      // from the keyboard: a toast at the top may lie over this part of the page for 3 s
      const cc0 = page.getByRole('radio', { name: /CC0 1\.0/ });
      await cc0.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => cc0.isChecked()).toBe(true);
      await page
        .locator('[data-sonner-toast]')
        .filter({ hasText: 'Licence set to CC0 1.0 (public domain)' })
        .waitFor();
      const account = await (await context.request.get('/api/account')).json();
      expect(account).toMatchObject({ firstName: 'Augusta', dataLicense: 'CC0-1.0' });
    } finally {
      await context.close();
    }
  });

  it('downloads the archive, then deletes the account and lands signed out (phone)', async () => {
    const { context, page } = await signUp(browser, { viewport: PHONE, acceptDownloads: true });
    try {
      await createLog(context, { speciesCommon: 'Robin' });
      await page.goto('/account');
      await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
      await shoot(page, 'account-phone');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download archive' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^sightbook-account-\d{4}-\d{2}-\d{2}\.zip$/);
      const file = join(downloads, download.suggestedFilename());
      await download.saveAs(file);
      const listing = execFileSync('unzip', ['-l', file], { encoding: 'utf8' });
      expect(listing).toContain('account.json');
      expect(listing).toContain('sightings.csv');
      expect(listing).toContain('dwca.zip');
      const csv = execFileSync('unzip', ['-p', file, 'sightings.csv'], { encoding: 'utf8' });
      expect(csv).toContain('Robin');

      await page.getByRole('button', { name: 'Delete account' }).click();
      const dialog = page.getByRole('dialog');
      const confirm = dialog.getByRole('button', { name: 'Delete account' });
      const email = (
        (await (await context.request.get('/api/account')).json()) as { email: string }
      ).email;
      await dialog.getByLabel(/Type your email/).fill(email);
      expect(await confirm.isDisabled()).toBe(true); // the password too
      await dialog.getByLabel('Password').fill('not the password');
      await confirm.click();
      await dialog.getByText('The password is not correct').waitFor();
      await shoot(page, 'account-delete-phone');
      await dialog.getByLabel('Password').fill('correct horse battery');
      await confirm.click();

      await page.waitForURL((url) => url.pathname === '/');
      await page
        .getByRole('heading', { name: 'Track Wildlife Sightings with Precision' })
        .waitFor();
      expect((await context.request.get('/api/auth/user')).status()).toBe(401);
    } finally {
      await context.close();
    }
  });
});
