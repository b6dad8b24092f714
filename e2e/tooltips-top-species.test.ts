import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { createLog, expectAccessible, signUp } from './support.js';

// Issue 23: icon-only buttons name themselves after SPEC §9's delays, a disabled Share says why,
// and the top species switch between individuals and logs.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const tooltip = (page: Page, text: string) => page.getByRole('tooltip', { name: text });

/** Moves the pointer onto the element in steps, as a hand does (one jump skips its pointermove). */
async function pointAt(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
}

/** Milliseconds until the tooltip with this text shows. */
async function msUntilShown(page: Page, text: string, action: () => Promise<unknown>) {
  const start = Date.now();
  await action();
  await tooltip(page, text).waitFor({ timeout: 5000 });
  return Date.now() - start;
}

describe('tooltips', () => {
  it('name an icon-only button after 700 ms, and the next one at once', async () => {
    const { page, context } = await signUp(browser, { viewport: { width: 1280, height: 800 } });
    await createLog(context, { speciesCommon: 'Dipper' });
    await page.goto('/');
    const theme = page.getByRole('button', { name: 'Switch to dark theme' });
    await page.getByRole('button', { name: 'Actions for Dipper' }).waitFor();

    await theme.hover();
    await page.waitForTimeout(200);
    expect(await tooltip(page, 'Switch to dark theme').count()).toBe(0);
    await tooltip(page, 'Switch to dark theme').waitFor({ timeout: 2000 });
    expect(await tooltip(page, 'Switch to dark theme').textContent()).toBe('Switch to dark theme');

    // from one tooltip to the next within 300 ms: no second wait
    const next = await msUntilShown(page, 'Actions for Dipper', () =>
      pointAt(page, page.getByRole('button', { name: 'Actions for Dipper' })),
    );
    expect(next).toBeLessThan(650);
    expect(await tooltip(page, 'Switch to dark theme').count()).toBe(0);

    // after a pause, the full delay again
    await page.mouse.move(640, 700, { steps: 8 });
    await tooltip(page, 'Actions for Dipper').waitFor({ state: 'detached' });
    await page.waitForTimeout(500);
    const again = await msUntilShown(page, 'Switch to dark theme', () => theme.hover());
    expect(again).toBeGreaterThanOrEqual(650);
    await context.close();
  });

  it('never open once the pointer or the focus left before the delay ran out', async () => {
    const { page, context } = await signUp(browser, { viewport: { width: 1280, height: 800 } });
    await createLog(context, { speciesCommon: 'Dipper' });
    await page.goto('/');
    const actions = page.getByRole('button', { name: 'Actions for Dipper' });
    await actions.waitFor();

    // passing over the button on the way elsewhere
    await pointAt(page, actions);
    await page.waitForTimeout(200);
    await page.mouse.move(640, 700, { steps: 8 });
    await page.waitForTimeout(1200);
    expect(await tooltip(page, 'Actions for Dipper').count()).toBe(0);

    // the menu hands focus back to its button, then the delete dialog takes it
    await actions.click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await page.waitForTimeout(1200);
    expect(await page.getByRole('tooltip').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click({ timeout: 5000 });
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('say why Share is disabled, on hover and on keyboard focus', async () => {
    const { page, context } = await signUp(browser, { viewport: { width: 390, height: 844 } });
    const log = await createLog(context, { speciesCommon: 'Secret Owl', isPublic: false });
    await page.goto(`/logs/${log.id}`);
    const share = page.getByRole('button', { name: 'Share' });
    await share.waitFor();
    expect(await share.isDisabled()).toBe(true);
    const reason = 'Please enable public sharing first'; // SPEC §4's words
    // the button's description, for a screen reader, whether the tooltip shows or not
    const describedBy = await share.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(reason);
    await expectAccessible(page);

    // a disabled button takes no pointer events: pointing at it still shows the reason
    await share.hover({ force: true });
    await tooltip(page, reason).waitFor({ timeout: 2000 });
    await page.mouse.move(200, 700, { steps: 8 });
    await tooltip(page, reason).waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Back to logs' }).focus();
    await page.keyboard.press('Tab');
    await tooltip(page, reason).waitFor({ timeout: 2000 });
    expect(await page.evaluate("document.activeElement.querySelector('button')?.innerText")).toBe(
      'Share',
    );

    // public: Share works and gives no reason
    await page.getByRole('switch').click();
    await page.getByText('This log is public and can be shared via link').waitFor();
    await page.waitForFunction(
      `![...document.querySelectorAll('button')].find((b) => b.innerText === 'Share')?.disabled`,
    );
    await share.hover();
    await page.waitForTimeout(1000);
    expect(await tooltip(page, reason).count()).toBe(0);
    await context.close();
  });
});

describe('the top species', () => {
  const rows = async (page: Page, name: string) => {
    const table = page.getByRole('table', { name });
    await table.waitFor({ state: 'attached' });
    return table.getByRole('row').allInnerTexts();
  };

  it('switch between individuals and logs, and keep the choice on reload and back', async () => {
    const { page, context } = await signUp(browser, { viewport: { width: 390, height: 844 } });
    // one flock of 12,500 against many small logs
    await createLog(context, { speciesCommon: 'Starling', count: 12_500 });
    for (const count of [2, 1, 3, 1]) {
      await createLog(context, { speciesCommon: 'House Sparrow', count });
    }
    for (const count of [4, 2]) await createLog(context, { speciesCommon: 'Dunnock', count });

    await page.goto('/stats');
    const individuals = page.getByRole('radio', { name: 'Individuals' });
    const logs = page.getByRole('radio', { name: 'Logs' });
    expect(await individuals.getAttribute('aria-checked')).toBe('true');
    expect(await rows(page, 'Total Count per species')).toEqual([
      'Species\tTotal Count',
      'Starling\t12,500',
      'House Sparrow\t7',
      'Dunnock\t6',
    ]);

    const [request] = await Promise.all([
      page.waitForRequest((request) => request.url().includes('/api/stats/top-species')),
      logs.click(),
    ]);
    expect(new URL(request.url()).searchParams.get('by')).toBe('logs');
    expect(new URL(page.url()).search).toBe('?top=logs');
    expect(await logs.getAttribute('aria-checked')).toBe('true');
    const byLogs = ['Species\tNumber of Logs', 'House Sparrow\t4', 'Dunnock\t2', 'Starling\t1'];
    expect(await rows(page, 'Number of Logs per species')).toEqual(byLogs);
    await page.getByRole('img', { name: 'Bar chart: number of logs per species' }).waitFor();
    await expectAccessible(page);

    await page.reload();
    expect(await rows(page, 'Number of Logs per species')).toEqual(byLogs);
    expect(await page.getByRole('radio', { name: 'Logs' }).getAttribute('aria-checked')).toBe(
      'true',
    );

    // away and back: still by logs
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Logs' })
      .click();
    await page.getByText('Starling').first().waitFor();
    await page.goBack();
    expect(new URL(page.url()).search).toBe('?top=logs');
    expect(await rows(page, 'Number of Logs per species')).toEqual(byLogs);

    await page.getByRole('radio', { name: 'Individuals' }).click();
    expect(new URL(page.url()).search).toBe('');
    expect(await rows(page, 'Total Count per species')).toEqual([
      'Species\tTotal Count',
      'Starling\t12,500',
      'House Sparrow\t7',
      'Dunnock\t6',
    ]);
    await context.close();
  });
});
