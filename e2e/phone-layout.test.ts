import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import {
  focusRing,
  horizontalOverflow,
  smallTargets,
  wordsBrokenInTally,
} from './layout-probes.js';
import {
  createLog,
  createOuting,
  heading,
  pathOf,
  signUp,
  type Screen,
  type SignedIn,
} from './support.js';

// Issue 34, a real phone layout: a tab bar at the bottom, targets a finger can hit, nothing
// wider than a 320 px screen, Save in reach on the forms; and for everyone a focus ring that
// can be seen and a way past the header.

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const NARROW = { width: 320, height: 640 };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PLACES = ['Logs', 'Map', 'Outings', 'Lists', 'Stats'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const marker = (page: Page) => page.locator('.leaflet-marker-icon').first().waitFor();
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** A user with a log of everything the screens show, and an outing with it. */
async function withData(options: Parameters<typeof signUp>[1]): Promise<{
  user: SignedIn;
  screens: Screen[];
}> {
  const user = await signUp(browser, options);
  const outing = await createOuting(user.context, {
    startedAt: '2026-05-02T06:40:00Z',
    protocol: 'traveling',
    durationMinutes: 95,
    distanceKm: 3.4,
    placeName: 'Wicken Fen, by the old windpump on the far side of Sedge Fen',
    latitude: 52.31,
    longitude: 0.28,
  });
  const log = await createLog(user.context, {
    speciesCommon: 'Eurasian Three-toed Woodpecker',
    speciesScientific: 'Picoides tridactylus',
    count: 1234,
    placeName: 'A very long place name at the far end of the northern marshes, by the old mill',
    latitude: 52.31,
    longitude: 0.28,
    description: 'Drumming on a dead spruce.',
    photoLinks: ['https://example.com/a-very-long-photo-link-that-should-wrap/woodpecker.jpg'],
    outingId: outing.id,
  });
  await createLog(user.context, { speciesCommon: 'Robin', observedAt: '2026-04-10T08:00:00Z' });
  const screens: Screen[] = [
    { name: 'logs list', path: '/', ready: (page) => page.getByText('2 logs').waitFor() },
    { name: 'log form', path: '/logs/new', ready: heading('New Wildlife Log') },
    { name: 'log details', path: `/logs/${log.id}`, ready: marker },
    { name: 'outings', path: '/outings', ready: (page) => page.getByText('1 outing').waitFor() },
    { name: 'outing', path: `/outings/${outing.id}`, ready: marker },
    {
      name: 'lists',
      path: '/lists?kind=year&year=2026',
      ready: (page) => page.getByText('Robin').waitFor(),
    },
    {
      name: 'stats',
      path: '/stats',
      ready: (page) => page.getByRole('img', { name: /Bar chart: .* per species/ }).waitFor(),
    },
    { name: 'map', path: '/map', ready: marker },
    { name: 'account', path: '/account', ready: heading('Account') },
  ];
  return { user, screens };
}

/** Starts the tally and adds these species, each as a new name. */
async function tally(page: Page, names: string[]) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Start outing' }).click();
  await page.waitForURL((url) => url.pathname === '/outings/tally');
  const field = page.getByRole('combobox', { name: 'Add a species' });
  for (const name of names) {
    await field.fill(name);
    await page.getByRole('option', { name: `Use "${name}"` }).click();
    await expect.poll(() => field.inputValue()).toBe('');
  }
}

const TALLIED = ['Blackburnian Warbler', 'Short-toed Treecreeper', 'Northern Rough-winged Swallow'];

describe('on a phone', () => {
  let user: SignedIn;
  let screens: Screen[];
  beforeAll(async () => {
    ({ user, screens } = await withData(PHONE));
  });
  afterAll(() => user.context.close());

  it('goes between the five places with a tab bar at the bottom', async () => {
    const { page } = user;
    await page.goto('/');
    await page.getByText('2 logs').waitFor();
    const nav = mainNav(page);
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(PLACES);
    const bar = (await nav.boundingBox())!;
    expect(bar.y + bar.height).toBe(PHONE.viewport.height);
    expect(await nav.getByRole('link', { name: 'Logs' }).getAttribute('aria-current')).toBe('page');
    expect(await page.locator('header nav').isVisible()).toBe(false); // the tab bar replaces it

    for (const [place, path] of [
      ['Stats', '/stats'],
      ['Outings', '/outings'],
      ['Map', '/map'],
    ]) {
      await nav.getByRole('link', { name: place }).click();
      await expect.poll(() => pathOf(page)).toBe(path);
      expect(await nav.locator('[aria-current=page]').allInnerTexts()).toEqual([place]);
    }
    // the end of a page scrolls clear of the bar
    await page.goto('/stats');
    await page.getByRole('img', { name: /Bar chart: .* per species/ }).waitFor();
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    const main = (await page.locator('main').boundingBox())!;
    expect(main.y + main.height).toBeLessThanOrEqual((await nav.boundingBox())!.y + 0.5);
  });

  it('keeps Save in reach above the tab bar while the form scrolls', async () => {
    const { page } = user;
    await page.goto('/logs/new');
    const create = page.getByRole('button', { name: 'Create' });
    await create.waitFor();
    const button = (await create.boundingBox())!;
    expect(button.y).toBeGreaterThan(0);
    expect(button.y + button.height).toBeLessThanOrEqual((await mainNav(page).boundingBox())!.y);
  });

  it('makes every control at least 44 × 44 px', async () => {
    const { page } = user;
    const offenders: string[] = [];
    for (const screen of screens) {
      await page.goto(screen.path);
      await screen.ready(page);
      offenders.push(...(await smallTargets(page)).map((target) => `${screen.name}: ${target}`));
    }
    await tally(page, TALLIED);
    offenders.push(...(await smallTargets(page)).map((target) => `tally: ${target}`));
    expect(offenders).toEqual([]);
  });

  it('fits a 320 px screen, and breaks tally names between words only', async () => {
    const { page } = user;
    await page.setViewportSize(NARROW);
    const wide: string[] = [];
    const check = async (name: string) => {
      const { excess, culprits } = await horizontalOverflow(page);
      if (excess > 0) wide.push(`${name}: ${excess} px too wide (${culprits.join(', ')})`);
    };
    for (const screen of screens) {
      await page.goto(screen.path);
      await screen.ready(page);
      await check(screen.name);
    }
    await page.goto('/outings/tally'); // the tally of the test before, kept on this device
    await page.getByTestId('tally-entry').first().waitFor();
    await check('tally');
    expect(wide).toEqual([]);
    expect(await wordsBrokenInTally(page)).toEqual([]);
  });
});

describe('on a desktop', () => {
  let user: SignedIn;
  beforeAll(async () => {
    user = await signUp(browser, DESKTOP);
  });
  afterAll(() => user.context.close());

  it('keeps the header nav as it was, and no tab bar', async () => {
    const { page } = user;
    await page.goto('/lists');
    await page.getByRole('heading', { name: 'Lists', level: 1 }).waitFor();
    const nav = page.locator('header').getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(PLACES);
    expect(await nav.locator('[aria-current=page]').allInnerTexts()).toEqual(['Lists']);
    for (const link of await nav.getByRole('link').all()) {
      expect((await link.boundingBox())!.height).toBe(32); // the header's small buttons
    }
    expect(await mainNav(page).count()).toBe(1); // the tab bar's is hidden
    expect(await page.locator('[data-slot=tab-bar]').isVisible()).toBe(false);
    expect(await page.evaluate('getComputedStyle(document.body).paddingBottom')).toBe('0px');
  });
});

describe.each(['light', 'dark'] as const)('keyboard focus in the %s theme', (theme) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signUp(browser, { ...DESKTOP, colorScheme: theme }));
    await createLog(context, { speciesCommon: 'Barn Owl' });
  });
  afterAll(() => context.close());

  it('skips to the page content from the first Tab', async () => {
    await page.goto('/');
    await page.getByText('1 log').waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await page.evaluate('document.activeElement.innerText')).toBe('Skip to main content');
    expect((await skip.boundingBox())!.height).toBeGreaterThan(20); // shown once focused
    await page.keyboard.press('Enter');
    expect(await page.evaluate('document.activeElement.id')).toBe('main-content');
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.innerText')).toBe('Start outing');
  });

  it('rings each control with 3:1 contrast, and only for the keyboard', async () => {
    await page.goto('/');
    await page.getByText('1 log').waitFor();
    await page.getByRole('button', { name: 'Start outing' }).waitFor(); // a chunk of its own
    const weak: string[] = [];
    for (let stop = 0; stop < 16; stop += 1) {
      await page.keyboard.press('Tab');
      const { focused, ring, contrast } = await focusRing(page);
      if (!ring || contrast < 3) weak.push(`${focused}: ${ring} ${contrast.toFixed(2)}:1`);
    }
    expect(weak).toEqual([]);

    await page.goto('/lists');
    await page.getByRole('tab', { name: 'Year' }).click();
    expect(await page.evaluate('document.activeElement.matches(":focus-visible")')).toBe(false);
    expect((await focusRing(page)).ring).toBeNull();
  });
});

describe('the import summary at 320 px', () => {
  it('stays on the screen, scrolling within the dialog', async () => {
    const { context, page } = await signUp(browser, { ...PHONE, viewport: NARROW });
    await page.setViewportSize(NARROW);
    await page.goto('/');
    await page.getByRole('button', { name: 'Import' }).click();
    const ebird = fileURLToPath(
      new URL('../tests/data-exchange/fixtures/ebird-2018.csv', import.meta.url),
    );
    // a refused row (a count of -1) and the notes of the others make a long summary
    const csv = readFileSync(ebird, 'utf8').replace(',25390,0,', ',25390,-1,');
    await page.getByLabel('CSV file').setInputFiles({
      name: 'MyEBirdData.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Check file' }).click();
    await dialog.getByRole('alert').waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(NARROW.height);
    expect(box.x + box.width).toBeLessThanOrEqual(NARROW.width);
    expect((await horizontalOverflow(page)).excess).toBe(0);
    await context.close();
  });
});
