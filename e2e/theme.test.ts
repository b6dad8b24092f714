import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { baseURL, signUp } from './support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// Records <html>'s class when the parser inserts <body> (before any module script can run)
// and at DOMContentLoaded, so a light first paint of a dark page would show.
const recordEarlyTheme = `
  window.__themeAt = {};
  new MutationObserver((_, observer) => {
    if (!document.body) return;
    window.__themeAt.body = document.documentElement.className;
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', () => {
    window.__themeAt.domContentLoaded = document.documentElement.className;
  });
`;

// strings: e2e code is type-checked without the DOM library
const earlyClasses = (page: Page) =>
  page.evaluate('window.__themeAt') as Promise<{ body?: string; domContentLoaded?: string }>;

const isDark = (page: Page) =>
  page.evaluate("document.documentElement.classList.contains('dark')") as Promise<boolean>;

describe('the theme', () => {
  it('defaults to light, follows the system dark preference, and never flashes', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ baseURL, colorScheme });
      await context.addInitScript({ content: recordEarlyTheme });
      const page = await context.newPage();
      await page.goto('/');
      await page
        .getByRole('heading', { name: 'Track Wildlife Sightings with Precision' })
        .waitFor();
      const dark = colorScheme === 'dark';
      expect(await isDark(page)).toBe(dark);
      const early = await earlyClasses(page);
      expect(early.body?.split(' ').includes('dark')).toBe(dark);
      expect(early.domContentLoaded?.split(' ').includes('dark')).toBe(dark);
      await context.close();
    }
  });

  describe('for a signed-in user', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      ({ context, page } = await signUp(browser, { colorScheme: 'light' }));
      await context.addInitScript({ content: recordEarlyTheme });
    });
    afterAll(() => context.close());

    it('toggles, persists across reload and applies before the first paint', async () => {
      await page.goto('/');
      await page.getByRole('heading', { name: 'Wildlife Logs' }).waitFor();
      expect(await isDark(page)).toBe(false);
      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
      expect(await isDark(page)).toBe(true);
      expect(await page.evaluate("localStorage.getItem('sightbook-theme')")).toBe('dark');

      await page.reload();
      await page.getByRole('heading', { name: 'Wildlife Logs' }).waitFor();
      expect(await isDark(page)).toBe(true);
      await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
      const early = await earlyClasses(page);
      expect(early.body).toContain('dark');
      expect(early.domContentLoaded).toContain('dark');
    });

    it('is applied by public/theme-init.js alone, before the app script loads', async () => {
      // with the app's JavaScript held back, only the blocking head script can set the class
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto('/stats');
      await page.waitForLoadState('domcontentloaded');
      expect(await isDark(page)).toBe(true);
      await page.unroute('**/assets/*.js');
    });

    it('a stored light choice wins over a dark system preference', async () => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto('/');
      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
      await page.reload();
      await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
      expect(await isDark(page)).toBe(false);
      expect((await earlyClasses(page)).body).not.toContain('dark');
    });
  });
});
