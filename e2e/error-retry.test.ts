import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { createLog, signUp } from './support.js';

// One error state (issue 34): a page whose load the server fails says so in plain words and
// offers Retry, which loads it; never the server's bare "Internal Server Error".

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a failed load', () => {
  for (const [path, api, loaded] of [
    ['/lists', '**/api/lists?*', 'Barn Owl'],
    ['/', '**/api/logs?*', 'Barn Owl'],
    ['/outings', '**/api/outings*', 'No outings yet'],
  ] as const) {
    it(`says so on ${path} and loads again on Retry`, async () => {
      const { context, page } = await signUp(browser);
      await createLog(context, { speciesCommon: 'Barn Owl', speciesScientific: 'Tyto alba' });
      let failing = true;
      await page.route(api, (route) =>
        failing
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ message: 'Internal Server Error' }),
            })
          : route.fallback(),
      );
      await page.goto(path);
      const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
      await alert.waitFor();
      expect(await alert.textContent()).toContain(
        'Something went wrong on the server. Try again in a moment.',
      );
      expect(await page.getByText('Internal Server Error').count()).toBe(0);
      failing = false;
      await alert.getByRole('button', { name: 'Retry' }).click();
      await page.getByText(loaded).first().waitFor();
      expect(await alert.count()).toBe(0);
      await context.close();
    });
  }
});
