import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { baseURL, createLog, expectAccessible, heading, signUp, type Screen } from './support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SMALL = { width: 360, height: 740 };

/** Usable at 360 px: nothing wider than the screen, so no horizontal scroll. */
async function expectNoHorizontalScroll(page: Page, name: string) {
  const width = (await page.evaluate('document.documentElement.scrollWidth')) as number;
  expect(width, `${name} scroll width`).toBeLessThanOrEqual(SMALL.width);
}

// SPEC §2 screens; the theme comes from the system preference (nothing stored).
describe.each(['light', 'dark'] as const)('every screen at 360 px in the %s theme', (theme) => {
  let visitor: BrowserContext;
  let user: BrowserContext;
  beforeAll(async () => {
    visitor = await browser.newContext({ baseURL, viewport: SMALL, colorScheme: theme });
    ({ context: user } = await signUp(browser, { viewport: SMALL, colorScheme: theme }));
  });
  afterAll(async () => {
    await visitor.close();
    await user.close();
  });

  async function check(context: BrowserContext, screen: Screen) {
    const page = await context.newPage();
    try {
      await page.goto(screen.path);
      await screen.ready(page);
      expect(
        await page.evaluate("document.documentElement.classList.contains('dark')"),
        `${screen.name} theme`,
      ).toBe(theme === 'dark');
      await expectNoHorizontalScroll(page, screen.name);
      await expectAccessible(page);
    } finally {
      await page.close();
    }
  }

  it('landing, sign-in and not-found pages for a visitor', async () => {
    await check(visitor, {
      name: 'landing',
      path: '/',
      ready: heading('Track Wildlife Sightings with Precision'),
    });
    await check(visitor, {
      name: 'login',
      path: '/login',
      ready: (page) => page.getByRole('tab').first().waitFor(),
    });
    await check(visitor, {
      name: 'not found',
      path: '/nowhere',
      ready: heading('404 - Page Not Found'),
    });
  });

  it('empty list, stats and map for a new user', async () => {
    await check(user, {
      name: 'empty list',
      path: '/',
      ready: (page) => page.getByRole('heading', { name: 'No logs found' }).waitFor(),
    });
    await check(user, {
      name: 'empty stats',
      path: '/stats',
      ready: (page) => page.getByRole('heading', { name: 'No species data' }).waitFor(),
    });
    await check(user, {
      name: 'empty lists',
      path: '/lists',
      ready: (page) =>
        page.getByRole('heading', { name: 'No species on your life list yet' }).waitFor(),
    });
    await check(user, {
      name: 'empty map',
      path: '/map',
      ready: (page) => page.getByRole('heading', { name: 'No sightings on the map' }).waitFor(),
    });
  });

  it('list, form, details and stats with data', async () => {
    const log = await createLog(user, {
      speciesCommon: 'Eurasian Eagle-Owl with an unusually long common name for a card',
      speciesScientific: 'Bubo bubo',
      count: 1234,
      placeName: 'A very long place name at the far end of the northern marshes, by the old mill',
      latitude: 52.090737,
      longitude: 5.12142,
      description: 'Perched on a dead oak at dusk.',
      notes: 'Seen twice.',
      photoLinks: ['https://example.com/a-very-long-photo-link-that-should-wrap/owl.jpg'],
    });
    await createLog(user, { speciesCommon: 'Robin', count: 2, observedAt: '2026-04-10T08:00:00Z' });
    await check(user, {
      name: 'list',
      path: '/',
      ready: (page) => page.getByText('2 logs').waitFor(),
    });
    await check(user, { name: 'form', path: '/logs/new', ready: heading('New Wildlife Log') });
    await check(user, {
      name: 'edit form',
      path: `/logs/${log.id}/edit`,
      ready: (page) => page.getByRole('button', { name: /Update/ }).waitFor(),
    });
    await check(user, {
      name: 'details',
      path: `/logs/${log.id}`,
      ready: (page) => page.locator('.leaflet-marker-icon').waitFor(),
    });
    await check(user, {
      name: 'map',
      path: '/map',
      ready: (page) => page.locator('.leaflet-marker-icon').waitFor(),
    });
    await check(user, {
      name: 'lists',
      path: '/lists?sort=name',
      ready: (page) => page.getByText('Eurasian Eagle-Owl with an unusually long').waitFor(),
    });
    await check(user, {
      name: 'stats',
      path: '/stats',
      ready: (page) =>
        page.getByRole('img', { name: 'Bar chart: total count per species' }).waitFor(),
    });
  });
});

describe('keyboard', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signUp(browser));
    await createLog(context, { speciesCommon: 'Barn Owl' });
  });
  afterAll(() => context.close());

  /** Presses Tab and describes the focused control, checking it shows a focus ring. */
  async function tab() {
    await page.keyboard.press('Tab');
    // a string: e2e code is type-checked without the DOM library
    return page.evaluate(`(() => {
      const element = document.activeElement;
      const style = getComputedStyle(element);
      const ring = style.outlineStyle !== 'none' || style.boxShadow !== 'none';
      const name =
        element.getAttribute('aria-label') ??
        (element.innerText || element.getAttribute('placeholder') || '').trim();
      return element.tagName.toLowerCase() + ':' + name + (ring ? '' : ' (no focus ring)');
    })()`) as Promise<string>;
  }

  it('reaches the header and list controls in order, each with a focus ring', async () => {
    await page.goto('/');
    await page.getByText('1 log').waitFor();
    await page.getByRole('button', { name: 'Start outing' }).waitFor(); // a chunk of its own
    const order: string[] = [];
    for (let index = 0; index < 17; index += 1) order.push(await tab());
    expect(order).toEqual([
      'a:Skip to main content', // issue 34
      'a:Sightbook',
      'a:Logs',
      'a:Map',
      'a:Outings',
      'a:Lists',
      'a:Stats',
      'button:Switch to dark theme',
      'button:AT\nAda Tester',
      'button:Start outing',
      'a:New Log',
      'input:Search',
      'button:Filters',
      'button:Export CSV',
      'button:Import',
      expect.stringMatching(/^a:Barn Owl/),
      'button:Actions for Barn Owl',
    ]);
  });
});
