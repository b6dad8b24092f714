import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { registerIn, startOwnServer, type OwnServer } from './own-server.js';
import { createLog, expectAccessible } from './support.js';

// Issue 36: a record unusual where and when it was made, marked on its card and details, found
// by "Unusual only", and decided on the Review page. On a server of this file's own: its first
// account is its admin, and its occurrence model holds this file's logs alone.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const LAKE = {
  placeName: 'Cayuga Lake',
  latitude: 42.44,
  longitude: -76.5,
  timeZone: 'America/New_York',
};
const FIRST_HERE = 'First record within 50 km on this instance';
const COMMENT = 'A photo of the male would settle it.';

let browser: Browser;
let server: OwnServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startOwnServer('review')]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Account {
  context: BrowserContext;
  page: Page;
}

/** A new account signed in through the API (the server's first one is its admin). */
async function signUp(firstName: string): Promise<Account> {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'en-US',
    serviceWorkers: 'block',
    viewport: DESKTOP,
  });
  await registerIn(context, firstName, 'Tester');
  return { context, page: await context.newPage() };
}

/** When SCREENSHOTS is set: all of the page at phone and desktop widths, in that folder. */
async function shootBothWidths(page: Page, name: string) {
  const folder = process.env.SCREENSHOTS;
  if (!folder) return;
  for (const [width, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({
      path: join(folder, `${name}-${width}.png`),
      fullPage: true,
      animations: 'disabled',
      // the phone's fixed tab bar would lie across the middle of a whole page
      style: width === 'phone' ? 'nav[aria-label="Main"] { visibility: hidden; }' : undefined,
    });
  }
  await page.setViewportSize(DESKTOP);
}

describe('unusual records', () => {
  it('are marked, filtered, reviewed, and the observer reads the decision', async () => {
    const admin = await signUp('Rosa');
    const observer = await signUp('Mei');
    try {
      // the club's robins make the lake known; a painted bunting is then a first there
      for (let day = 1; day <= 25; day++) {
        await createLog(admin.context, {
          ...LAKE,
          speciesCommon: 'American Robin',
          speciesScientific: 'Turdus migratorius',
          observedAt: `2026-05-${String(day).padStart(2, '0')}T07:00-04:00`,
        });
      }
      const build = await admin.context.request.post('/api/admin/occurrences/build');
      expect(build.status(), await build.text()).toBe(200);
      const robin = await createLog(observer.context, {
        ...LAKE,
        speciesCommon: 'American Robin',
        speciesScientific: 'Turdus migratorius',
        observedAt: '2026-05-10T08:00-04:00',
      });
      const bunting = await createLog(observer.context, {
        ...LAKE,
        speciesCommon: 'Painted Bunting',
        speciesScientific: 'Passerina ciris',
        observedAt: '2026-05-10T07:00-04:00',
        isPublic: true,
      });
      expect((bunting as unknown as { unusual: unknown }).unusual).toEqual({ firstWithinKm: 50 });
      expect((robin as unknown as { unusual: unknown }).unusual).toBeNull();

      // the card's badge, with its sentences as the tooltip
      const { page } = observer;
      await page.goto('/');
      const buntingCard = page.getByTestId('log-card').filter({ hasText: 'Painted Bunting' });
      const badge = buntingCard.getByTestId('unusual-badge');
      await badge.waitFor();
      expect(await badge.innerText()).toContain('Unusual');
      expect(await badge.getAttribute('title')).toBe(FIRST_HERE);
      expect(
        await page
          .getByTestId('log-card')
          .filter({ hasText: 'American Robin' })
          .getByTestId('unusual-badge')
          .count(),
      ).toBe(0);

      // "Unusual only": in the URL, counted, cleared
      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByRole('checkbox', { name: 'Unusual only' }).check();
      await page.waitForURL((url) => url.searchParams.get('flag') === 'unusual');
      await expect.poll(() => page.getByTestId('log-card').count()).toBe(1);
      expect(await page.getByTestId('filters-badge').innerText()).toBe('1');
      await page.getByRole('button', { name: 'Clear Filters' }).click();
      await page.waitForURL((url) => !url.searchParams.has('flag'));
      await expect.poll(() => page.getByTestId('log-card').count()).toBe(2);
      await page.keyboard.press('Escape');

      // the details say why, and ask for evidence
      await page.goto(`/logs/${bunting.id}`);
      const section = page.getByRole('region', { name: 'Unusual here' });
      await section.getByText(FIRST_HERE).waitFor();
      await section.getByText('Add a photo or a note to help reviewers.').waitFor();
      expect(await section.getByRole('link', { name: 'Edit log' }).getAttribute('href')).toBe(
        `/logs/${bunting.id}/edit`,
      );

      // the form says it before saving, and asks for evidence until there is some
      await page.goto(`/logs/${bunting.id}/edit`);
      const notice = page.getByRole('status').filter({ hasText: 'Unusual here' });
      await notice.getByText('Unusual here: add a photo or a note?').waitFor();
      await notice.getByText(FIRST_HERE).waitFor();
      await page.getByLabel('Notes').fill('Male at the feeder, bright red below');
      await notice.getByText('Unusual here', { exact: true }).waitFor();
      // a place this instance knows nothing of flags nothing
      await page.getByLabel('Latitude').fill('-33.87');
      await page.getByLabel('Longitude').fill('151.21');
      await notice.waitFor({ state: 'detached' });
      await page.goto(`/logs/${bunting.id}`);
      await section.getByText(FIRST_HERE).waitFor();

      // an observer has no Review in their menu; the admin has
      await page.getByRole('button', { name: 'Mei Tester' }).click();
      await page.getByRole('menuitem', { name: 'About' }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'Review' }).count()).toBe(0);
      await page.keyboard.press('Escape');

      const reviewer = admin.page;
      await reviewer.goto('/');
      await reviewer.getByRole('button', { name: 'Rosa Tester' }).click();
      await reviewer.getByRole('menuitem', { name: 'Review' }).click();
      await reviewer.waitForURL((url) => url.pathname === '/review');
      await reviewer.getByRole('heading', { name: 'Review', level: 1 }).waitFor();
      const card = reviewer.getByTestId('review-card');
      await card.getByRole('heading', { name: 'Painted Bunting' }).waitFor();
      await card.getByText('Passerina ciris').waitFor();
      await card.getByText(FIRST_HERE).waitFor();
      await card.getByText('Cayuga Lake').waitFor();
      await card.getByText('Mei Tester').waitFor();
      await card.getByText('No photos').waitFor();
      expect(await card.getByRole('link', { name: 'Open shared page' }).getAttribute('href')).toBe(
        `/shared/${bunting.id}`,
      );
      await expectAccessible(reviewer);
      await shootBothWidths(reviewer, 'review-page');

      await card.getByLabel('Comment for the observer').fill(COMMENT);
      await card.getByRole('button', { name: 'Needs more evidence' }).click();
      await reviewer.locator('[data-sonner-toast]').filter({ hasText: 'Decision saved' }).waitFor();
      await reviewer
        .getByText('Nothing to review. Records flagged as unusual will appear here.')
        .waitFor();
      await expectAccessible(reviewer);
      await reviewer.getByRole('tab', { name: 'Decided' }).click();
      await reviewer.getByTestId('review-card').getByText('Review: Needs more evidence').waitFor();

      // the observer reads the decision on the details and the card
      await page.goto(`/logs/${bunting.id}`);
      await section.getByText('Review: Needs more evidence').waitFor();
      await section.getByText(`“${COMMENT}”`).waitFor();
      expect(await section.getByText('Add a photo or a note to help reviewers.').count()).toBe(0);
      await expectAccessible(page);
      await shootBothWidths(page, 'log-details-reviewed');
      await page.goto('/');
      expect(await buntingCard.getByTestId('unusual-badge').innerText()).toContain(
        'Needs more evidence',
      );
      await shootBothWidths(page, 'logs-list');

      // once the admin makes the observer a reviewer, their menu has Review too
      const me = (await (await observer.context.request.get('/api/auth/user')).json()) as {
        id: string;
      };
      const made = await admin.context.request.patch(`/api/admin/users/${me.id}`, {
        data: { reviewer: true },
      });
      expect(made.status(), await made.text()).toBe(200);
      await page.reload();
      await page.getByRole('button', { name: 'Mei Tester' }).click();
      await page.getByRole('menuitem', { name: 'Review' }).click();
      await page.getByRole('tab', { name: 'Decided' }).click();
      await page.getByTestId('review-card').getByText(`Review: Needs more evidence`).waitFor();
    } finally {
      await admin.context.close();
      await observer.context.close();
    }
  });
});
