import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { registerIn, startOwnServer, type OwnServer } from './own-server.js';
import { expectAccessible, expectToast } from './support.js';

// The settings of location privacy (issue 35): the admin's sensitive species and reviewers, and
// an account's default level and trusted viewers. On a server of this file's own: its first
// account is its admin.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let browser: Browser;
let server: OwnServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startOwnServer('privacy')]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Account {
  context: BrowserContext;
  page: Page;
  email: string;
}

/** A new account signed in through the API (the server's first one is its admin). */
async function signUp(firstName: string, viewport = DESKTOP): Promise<Account> {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'en-US',
    serviceWorkers: 'block',
    viewport,
  });
  const email = await registerIn(context, firstName, 'Tester');
  return { context, page: await context.newPage(), email };
}

async function getJson<T>(context: BrowserContext, path: string): Promise<T> {
  const response = await context.request.get(path);
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

/** When SCREENSHOTS is set: the part of the page at phone and desktop widths, in that folder. */
async function shootBothWidths(page: Page, part: Locator, name: string) {
  const folder = process.env.SCREENSHOTS;
  if (!folder) return;
  for (const [width, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await part.screenshot({
      path: join(folder, `${name}-${width}.png`),
      animations: 'disabled',
      style: 'header, nav { visibility: hidden; }', // fixed bars would lie across a tall part
    });
  }
}

type Rules = { items: Array<{ scientificName: string; level: string; area: unknown }> };

describe('the admin page', () => {
  it('imports sensitive species from CSV, changes and removes them, and names a reviewer', async () => {
    const admin = await signUp('Rosa');
    const mei = await signUp('Mei');
    const csvDir = await mkdtemp(join(tmpdir(), 'sightbook-e2e-sensitive-'));
    try {
      const { page } = admin;
      await page.goto('/admin');
      await page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor();
      const section = page.getByRole('region', { name: /^Sensitive species/ });
      await section.getByText('No sensitive species yet.').waitFor();

      const csv = join(csvDir, 'sensitive.csv');
      await writeFile(
        csv,
        'scientific_name,level\nHaliaeetus leucocephalus,obscured\nCypripedium,private\nBubo scandiacus,secret\n',
      );
      await section.getByLabel('Import CSV').setInputFiles(csv);
      const report = section.getByRole('status');
      await report.getByText('Added 2, changed 0, unchanged 0').waitFor();
      await report.getByText('Line 4: Level must be obscured or private').waitFor();
      const eagleLevel = section.getByRole('combobox', {
        name: 'Level of Haliaeetus leucocephalus',
      });
      expect(await eagleLevel.inputValue()).toBe('obscured');
      expect(
        await section.getByRole('combobox', { name: 'Level of Cypripedium' }).inputValue(),
      ).toBe('private');
      await section
        .getByRole('row', { name: /Cypripedium/ })
        .getByText('Everywhere')
        .waitFor();
      await expectAccessible(page);

      await eagleLevel.selectOption('private');
      await page.getByText('Haliaeetus leucocephalus is now private').waitFor();
      await section.getByRole('button', { name: 'Remove Cypripedium' }).click();
      await expectToast(page, 'Rule removed', 'Logs of Cypripedium show again');
      await expect.poll(() => section.getByRole('row').count()).toBe(2); // the header and the eagle
      const rules = await getJson<Rules>(admin.context, '/api/admin/sensitive-taxa');
      expect(rules.items).toMatchObject([
        { scientificName: 'Haliaeetus leucocephalus', level: 'private', area: null },
      ]);

      // by hand, in an area: a wrong area is refused in the server's words, then corrected
      const form = section.getByRole('form', { name: 'Add a species' });
      await form.getByLabel('Scientific name').fill('Bubo scandiacus');
      await form.getByLabel('Area name').fill('Wapusk');
      const area = form.getByLabel('Area (GeoJSON)');
      await area.fill('{"type": "Point", "coordinates": [-93, 58]}');
      await form.getByRole('button', { name: 'Add' }).click();
      await form.getByText(/^An area must be a GeoJSON Polygon/).waitFor();
      await area.fill(
        '{"type": "Polygon", "coordinates": [[[-94, 57], [-92, 57], [-92, 59], [-94, 57]]]}',
      );
      await form.getByRole('button', { name: 'Add' }).click();
      await expectToast(page, 'Rule added', 'Bubo scandiacus in Wapusk: obscured');
      await section
        .getByRole('row', { name: /Bubo scandiacus/ })
        .getByText('Wapusk')
        .waitFor();
      expect(await area.inputValue()).toBe('');

      // Mei becomes a reviewer
      await page.getByRole('button', { name: 'Actions for Mei Tester' }).click();
      await page.getByRole('menuitemcheckbox', { name: /^Reviewer/ }).click();
      await page.getByText('Mei Tester is a reviewer').waitFor();
      await page
        .getByRole('row', { name: /Mei Tester/ })
        .getByText('Reviewer', { exact: true })
        .waitFor();
      const users = await getJson<{ items: Array<{ email: string; reviewer: boolean }> }>(
        admin.context,
        '/api/admin/users',
      );
      expect(users.items.find((user) => user.email === mei.email)?.reviewer).toBe(true);
      await page.getByRole('button', { name: 'Actions for Mei Tester' }).click();
      expect(
        await page
          .getByRole('menuitemcheckbox', { name: /^Reviewer/ })
          .getAttribute('aria-checked'),
      ).toBe('true');
      if (process.env.SCREENSHOTS) {
        await page.screenshot({ path: join(process.env.SCREENSHOTS, 'reviewer-menu-desktop.png') });
      }
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' }); // it hides the page meanwhile
      await expectAccessible(page);
      await shootBothWidths(page, section, 'sensitive-species');
      await shootBothWidths(page, page.getByRole('region', { name: /^Users/ }), 'users');

      // the reviewer's own account page says so
      await mei.page.goto('/account');
      const meiPrivacy = mei.page.getByRole('region', { name: 'Location privacy' });
      await meiPrivacy
        .getByText('An admin made you a reviewer: you see the exact place of obscured logs.')
        .waitFor();
      await shootBothWidths(mei.page, meiPrivacy, 'location-privacy-reviewer');
    } finally {
      await admin.context.close();
      await mei.context.close();
      await rm(csvDir, { recursive: true, force: true });
    }
  });
});

describe('the account page', () => {
  it('sets the default location privacy and adds and removes a trusted viewer', async () => {
    const ada = await signUp('Ada', PHONE);
    const bo = await signUp('Bo');
    try {
      const { page, context } = ada;
      await page.goto('/account');
      const privacy = page.getByRole('region', { name: 'Location privacy' });
      const level = privacy.getByLabel('Default for new logs and outings');
      expect(await level.inputValue()).toBe('open');
      await privacy.getByText('Others see the place, rounded to about 1 km.').waitFor();
      await level.selectOption('obscured');
      await page.getByText('New logs and outings are Obscured').waitFor();
      await privacy.getByText('Others see only a point in the 22 km square around it.').waitFor();
      await privacy.getByRole('radio', { name: 'No place name' }).check();
      await page.getByText('Obscured places show no place name').waitFor();
      expect(await privacy.getByRole('radio', { name: /^Their region/ }).isChecked()).toBe(false);

      const account = await getJson<Record<string, unknown>>(context, '/api/account');
      expect(account).toMatchObject({
        locationPrivacy: 'obscured',
        obscuredPlace: 'hide',
        reviewer: false,
      });
      const created = await context.request.post('/api/logs', {
        data: { speciesCommon: 'Snowy Owl', count: 1, observedAt: '2026-05-01T06:30:00Z' },
      });
      expect(created.status()).toBe(201);
      expect(await created.json()).toMatchObject({ locationPrivacy: 'obscured' });
      expect(await privacy.getByText(/you a reviewer/).count()).toBe(0);

      const viewers = page.getByRole('region', { name: 'Trusted viewers' });
      await viewers
        .getByText(
          'They see the exact place of your obscured logs and outings when signed in. Private places stay hidden from everyone.',
        )
        .waitFor();
      await viewers.getByText('You trust no one yet.').waitFor();
      const email = viewers.getByLabel('Email of an account on this server');
      await email.fill(`nobody-${randomUUID()}@example.org`);
      await viewers.getByRole('button', { name: 'Add', exact: true }).click();
      await viewers.getByText('No account on this server has this email').waitFor();
      expect(await email.getAttribute('aria-invalid')).toBe('true');

      await email.fill(bo.email.toUpperCase()); // emails are matched whatever their case
      await viewers.getByRole('button', { name: 'Add', exact: true }).click();
      await viewers.getByRole('list', { name: 'Trusted viewers' }).getByText('Bo Tester').waitFor();
      expect(await email.inputValue()).toBe('');
      const trusted = await getJson<{ items: Array<{ email: string }> }>(
        context,
        '/api/account/trusted-viewers',
      );
      expect(trusted.items.map((viewer) => viewer.email)).toEqual([bo.email]);
      await expectAccessible(page);
      await shootBothWidths(page, privacy, 'location-privacy');
      await shootBothWidths(page, viewers, 'trusted-viewers');

      await viewers.getByRole('button', { name: 'Remove Bo Tester' }).click();
      await page.getByText('Bo Tester is no longer a trusted viewer').waitFor();
      await viewers.getByText('You trust no one yet.').waitFor();
      const left = await getJson<{ items: unknown[] }>(context, '/api/account/trusted-viewers');
      expect(left.items).toEqual([]);
    } finally {
      await ada.context.close();
      await bo.context.close();
    }
  });
});
