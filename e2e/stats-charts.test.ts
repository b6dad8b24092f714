import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { createLog, expectAccessible, signUp, type SignedIn } from './support.js';

// Issue 34: charts that stay readable with one huge flock, and the life list's growth and the
// species per month. A canvas has no text to query: every fillText is recorded, with where it
// lands in CSS pixels, so a name cut short or drawn off the canvas shows.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Drawn {
  text: string;
  left: number;
  right: number;
  canvasWidth: number;
}

/** Records the texts of each chart's last frame: Chart.js clears the whole canvas to draw one. */
const recordCanvasText = `
  window.__drawn = {};
  const label = (canvas) => canvas.getAttribute('aria-label') ?? '';
  const clearRect = CanvasRenderingContext2D.prototype.clearRect;
  CanvasRenderingContext2D.prototype.clearRect = function (...args) {
    window.__drawn[label(this.canvas)] = [];
    return clearRect.apply(this, args);
  };
  const fillText = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text, x, y, ...rest) {
    const width = this.measureText(String(text)).width;
    const align = this.textAlign;
    const start = align === 'right' || align === 'end' ? x - width : align === 'center' ? x - width / 2 : x;
    const m = this.getTransform();
    const ends = [start, start + width].map((at) => (m.a * at + m.c * y + m.e) / devicePixelRatio);
    (window.__drawn[label(this.canvas)] ??= []).push({
      text: String(text),
      left: Math.min(...ends),
      right: Math.max(...ends),
      canvasWidth: this.canvas.clientWidth,
    });
    return fillText.call(this, text, x, y, ...rest);
  };
`;

const drawnOn = (page: Page, chart: string) =>
  page.evaluate(`window.__drawn[${JSON.stringify(chart)}] ?? []`) as Promise<Drawn[]>;

const TOP = 'Bar chart: total count per species';
const FLOCK = 'Greater White-fronted Goose';

/** What the chart drew once its bars have settled, each text checked to lie on the canvas. */
async function settledDrawing(page: Page, chart: string) {
  await page.getByRole('img', { name: chart }).waitFor();
  await page.waitForTimeout(1500); // Chart.js animates for a second
  const drawn = await drawnOn(page, chart);
  for (const text of drawn) {
    expect(text.left, text.text).toBeGreaterThanOrEqual(0);
    expect(text.right, text.text).toBeLessThanOrEqual(text.canvasWidth + 0.5);
  }
  return drawn;
}

const settledTexts = async (page: Page, chart: string) =>
  (await settledDrawing(page, chart)).map((text) => text.text);

describe('the statistics charts with one huge flock', () => {
  let ada: SignedIn;
  beforeAll(async () => {
    ada = await signUp(browser, { viewport: { width: 390, height: 844 }, timezoneId: 'UTC' });
    const { context } = ada;
    await createLog(context, {
      speciesCommon: FLOCK,
      count: 50_000,
      observedAt: '2026-03-14T08:00:00Z',
    });
    await createLog(context, {
      speciesCommon: 'Eurasian Collared-Dove',
      count: 12,
      observedAt: '2026-01-10T08:00:00Z',
    });
    await createLog(context, {
      speciesCommon: 'Robin',
      count: 3,
      observedAt: '2026-01-20T08:00:00Z',
    });
    await createLog(context, {
      speciesCommon: 'robin',
      count: 2,
      observedAt: '2026-03-02T08:00:00Z',
    });
    await createLog(context, {
      speciesCommon: 'Dunnock',
      count: null,
      countKind: 'present',
      observedAt: '2026-03-20T08:00:00Z',
    });
    await createLog(context, {
      speciesCommon: 'Scarlet Macaw',
      count: 1,
      captive: true,
      observedAt: '2026-02-01T08:00:00Z',
    });
  });

  it('shows every species name whole and the flock’s real value on a 390 px phone', async () => {
    const { page } = ada;
    await page.addInitScript({ content: recordCanvasText });
    await page.goto('/stats');
    await page.getByRole('heading', { name: 'Top Species by Count' }).waitFor();
    const texts = await settledTexts(page, TOP);
    for (const name of [FLOCK, 'Eurasian Collared-Dove', 'Robin', 'Dunnock', 'Scarlet Macaw']) {
      expect(texts).toContain(name); // one line each, never 'Greater Wh…'
    }
    expect(texts).toContain('50,000'); // the capped bar's real value
    expect(texts).toContain('12');
    // the axis is capped just past the dove's 12: its bar is no sliver
    expect(texts).toContain('20');
    expect(texts).not.toContain('40,000');
    const table = page.getByRole('table', { name: 'Total Count per species' });
    expect(await table.getByRole('row').nth(1).innerText()).toBe(`${FLOCK}\t50,000`);
  });

  it('keeps them whole on a 320 px phone, and the page as wide as the screen', async () => {
    const { page } = ada;
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/stats');
    const texts = await settledTexts(page, TOP);
    expect(texts).toEqual(expect.arrayContaining([FLOCK, 'Eurasian Collared-Dove', '50,000']));
    await page.getByRole('img', { name: 'Bar chart: species per month' }).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(320);
    await page.setViewportSize({ width: 390, height: 844 });
  });

  it('draws the life list’s growth and the species per month, with their titles', async () => {
    const { page } = ada;
    await page.goto('/stats');
    await page.getByRole('heading', { name: 'Life List Growth' }).waitFor();
    await page.getByRole('heading', { name: 'Species per Month' }).waitFor();
    await page.getByText('Wild species, added on the day each was first seen').waitFor();
    await page.getByRole('img', { name: 'Line chart: species on the list over time' }).waitFor();
    // the macaw was captive: four species, the robin once; a span of 69 days, day by day
    const growth = page.getByRole('table', { name: 'Species on the list by the end of each day' });
    const rows = await growth.getByRole('row').allInnerTexts();
    expect(rows[0]).toBe('By the end of\tSpecies');
    expect(rows[1]).toBe('Jan 10, 2026\t1');
    expect(rows.at(-1)).toBe('Mar 20, 2026\t4');
    expect(rows).toHaveLength(1 + 70);

    const columns = await settledDrawing(page, 'Bar chart: species per month');
    // January's two and March's three above their columns, right of the axis' ticks
    const values = columns.filter((text) => ['2', '3'].includes(text.text) && text.left > 60);
    expect(values.map((text) => text.text).sort()).toEqual(['2', '3']);
    const months = page.getByRole('table', { name: 'Species per month' });
    expect(await months.getByRole('row').allInnerTexts()).toEqual([
      'Month\tSpecies',
      'January 2026\t2',
      'February 2026\t0',
      'March 2026\t3',
    ]);

    await page.getByRole('radio', { name: 'Year' }).click();
    await page.getByRole('heading', { name: 'Species per Year' }).waitFor();
    const years = page.getByRole('table', { name: 'Species per year' });
    expect(await years.getByRole('row').allInnerTexts()).toEqual(['Year\tSpecies', '2026\t4']);
    await expectAccessible(page);
  });

  it('reads in the dark theme too', async () => {
    const dark = await signUp(browser, {
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
    });
    await createLog(dark.context, { speciesCommon: FLOCK, count: 50_000 });
    await createLog(dark.context, { speciesCommon: 'Robin', count: 3 });
    await dark.page.addInitScript({ content: recordCanvasText });
    await dark.page.goto('/stats');
    expect(await dark.page.evaluate("document.documentElement.classList.contains('dark')")).toBe(
      true,
    );
    const texts = await settledTexts(dark.page, TOP);
    expect(texts).toEqual(expect.arrayContaining([FLOCK, 'Robin', '50,000', '3']));
    await expectAccessible(dark.page);
    await dark.context.close();
  });
});
