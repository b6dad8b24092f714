import sharp from 'sharp';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import {
  createLog,
  createOuting,
  inBothThemes,
  pathOf,
  signUp,
  uploadImage,
  type SignedIn,
} from './support.js';

// The logs list under the headings of its days and outings, a phone's dense rows, and a search
// that finds nothing (issue 34).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const headings = (page: Page) => page.getByTestId('log-group-heading').allInnerTexts();
const waitForHeadings = (page: Page) =>
  expect.poll(() => headings(page), { timeout: 10_000 }).toEqual(EXPECTED_HEADINGS);
const cardNames = (page: Page) => page.getByTestId('log-card').locator('h3').allInnerTexts();

// newest first; the Apr 8 outing's logs gathered, the Tokyo crane on its own Apr 7
const EXPECTED_HEADINGS = [
  'Apr 9, 2024',
  'Apr 8, 2024',
  'Apr 8, 2024 · Mill Creek Lake — 3 species',
  'Apr 7, 2024',
  'Apr 6, 2024 · Outing — 1 species',
];
const EXPECTED_ORDER = [
  'Grey Heron',
  'Kestrel',
  'Great Crested Grebe',
  'Coot',
  'Mallard',
  'Robin',
  'Wren',
  'Common Crane',
  'Dunnock',
];

describe('the logs list grouped by day and outing', () => {
  let ada: SignedIn;
  let lake: { id: string };
  beforeAll(async () => {
    // the viewer in UTC: the crane's day is Tokyo's, not the viewer's
    ada = await signUp(browser, { viewport: PHONE, timezoneId: 'UTC' });
    const { context } = ada;
    lake = await createOuting(context, {
      startedAt: '2024-04-08T07:00:00Z',
      timeZone: 'UTC',
      placeName: 'Mill Creek Lake',
      protocol: 'traveling',
    });
    const nameless = await createOuting(context, {
      startedAt: '2024-04-06T08:00:00Z',
      timeZone: 'UTC',
    });
    const photo = await uploadImage(
      context,
      await sharp({ create: { width: 320, height: 240, channels: 3, background: '#5a8f4e' } })
        .png()
        .toBuffer(),
      'image/png',
    );
    const at = (observedAt: string) => ({ observedAt, timeZone: 'UTC' });
    for (const log of [
      { speciesCommon: 'Dunnock', ...at('2024-04-06T08:10:00Z'), outingId: nameless.id },
      { speciesCommon: 'Common Crane', observedAt: '2024-04-06T16:30:00Z', timeZone: 'Asia/Tokyo' },
      { speciesCommon: 'Wren', ...at('2024-04-07T09:00:00Z'), placeName: 'Hedge End' },
      { speciesCommon: 'Robin', ...at('2024-04-07T10:00:00Z'), count: 2, placeName: 'Garden' },
      {
        speciesCommon: 'Mallard',
        speciesScientific: 'Anas platyrhynchos',
        ...at('2024-04-08T07:10:00Z'),
        count: 14,
        placeName: 'Mill Creek Lake, north shore',
        outingId: lake.id,
        uploadedPhotoUrls: [photo],
      },
      { speciesCommon: 'Coot', ...at('2024-04-08T07:20:00Z'), count: 6, outingId: lake.id },
      {
        speciesCommon: 'Great Crested Grebe',
        ...at('2024-04-08T07:30:00Z'),
        count: 2,
        placeName: 'Mill Creek Lake',
        outingId: lake.id,
        isPublic: false,
      },
      { speciesCommon: 'Kestrel', ...at('2024-04-08T15:00:00Z'), placeName: 'Ridge Road' },
      { speciesCommon: 'Grey Heron', ...at('2024-04-09T17:00:00Z'), placeName: 'Mill Creek' },
    ]) {
      await createLog(context, log);
    }
  });
  afterAll(() => ada.context.close());

  it('heads a phone’s rows with their days and outings, newest first, several to a screen', async () => {
    const { page } = ada;
    await page.goto('/');
    await page.getByText('9 logs').waitFor();
    await waitForHeadings(page);
    expect(await cardNames(page)).toEqual(EXPECTED_ORDER);
    await page
      .getByRole('heading', { level: 2, name: 'Apr 8, 2024 · Mill Creek Lake — 3 species' })
      .waitFor();

    // a dense row: the time alone (the heading has the day), the place, the count
    const mallard = page.getByTestId('log-card').filter({ hasText: 'Mallard' });
    expect(await mallard.locator('time').innerText()).toBe('7:10 AM');
    await mallard.getByText('Mill Creek Lake, north shore').waitFor();
    expect(await mallard.getByTestId('log-card-count').innerText()).toBe('14');
    await mallard.getByTestId('log-card-cover').waitFor();
    const tokyo = page.getByTestId('log-card').filter({ hasText: 'Common Crane' });
    expect(await tokyo.locator('time').innerText()).toBe('1:30 AM GMT+9');

    // more than two logs on the first screen, each whole
    const boxes = await page.getByTestId('log-card').evaluateAll((cards) =>
      cards.map((card) => {
        const { top, bottom } = card.getBoundingClientRect();
        return { top, bottom };
      }),
    );
    const onScreen = boxes.filter((box) => box.top >= 0 && box.bottom <= PHONE.height);
    expect(onScreen.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...boxes.map((box) => box.bottom - box.top))).toBeLessThanOrEqual(80);
    const width = (await page.evaluate('document.documentElement.scrollWidth')) as number;
    expect(width).toBeLessThanOrEqual(PHONE.width);

    await inBothThemes(page, 'list-390', () => waitForHeadings(page));

    // the row opens its log; the outing's heading opens the outing
    await page.getByTestId('log-card').filter({ hasText: 'Kestrel' }).getByRole('link').click();
    await page.waitForURL(/\/logs\/[0-9a-f-]{36}$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Mill Creek Lake — 3 species' }).click();
    await page.waitForURL(`**/outings/${lake.id}`);
    expect(pathOf(page)).toBe(`/outings/${lake.id}`);
  });

  it('heads a desktop’s grid of cards alike', async () => {
    const page = await ada.context.newPage();
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await waitForHeadings(page);
    expect(await cardNames(page)).toEqual(EXPECTED_ORDER);
    // days of a log or two side by side, not a card a line
    const tops = (locator: Locator) =>
      locator.evaluateAll((found) =>
        found.map((element) => Math.round(element.getBoundingClientRect().top)),
      );
    const dayTops = await tops(page.getByTestId('log-group-heading'));
    expect(dayTops[0]).toBe(dayTops[1]);
    expect(dayTops[2]).toBeGreaterThan(dayTops[1]!);
    // the cards keep what the SPEC gives them: the scientific name, the date and time
    const mallard = page.getByTestId('log-card').filter({ hasText: 'Mallard' });
    await mallard.getByText('Anas platyrhynchos').waitFor();
    expect(await mallard.locator('time').innerText()).toBe('Apr 8, 2024, 7:10 AM');
    // the outing's three cards side by side
    const outing = page.locator('section').filter({ hasText: 'Mill Creek Lake — 3 species' });
    const cardTops = await tops(outing.getByTestId('log-card'));
    expect(cardTops).toHaveLength(3);
    expect(new Set(cardTops).size).toBe(1);

    await inBothThemes(page, 'list-1280', () => waitForHeadings(page));

    // a phone turned, or a window narrowed: the rows, under the same headings
    await page.setViewportSize(PHONE);
    await expect
      .poll(() => page.getByText('Anas platyrhynchos').count(), { timeout: 10_000 })
      .toBe(0);
    expect(await headings(page)).toEqual(EXPECTED_HEADINGS);
    await page.close();
  });

  it('offers to clear a search that matched nothing, never to create a first log', async () => {
    const { page } = ada;
    await page.goto('/?q=zebra');
    await page.getByRole('heading', { name: 'No logs found' }).waitFor();
    await page
      .getByText('Try adjusting your filters or search query to find more results.')
      .waitFor();
    await page.getByRole('button', { name: 'Clear search' }).waitFor();
    expect(await page.getByRole('link', { name: 'Create First Log' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Clear All Filters' }).count()).toBe(0);
    await inBothThemes(page, 'no-match-390', () =>
      page.getByRole('button', { name: 'Clear search' }).waitFor(),
    );
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.getByText('9 logs').waitFor();
    expect(await page.getByPlaceholder('Search by species name...').inputValue()).toBe('');
    expect(new URL(page.url()).search).toBe('');

    // a search and a filter: Clear search clears both, Clear All Filters the filters only
    await page.goto('/?q=heron&minCount=50');
    await page.getByRole('heading', { name: 'No logs found' }).waitFor();
    await page.getByRole('button', { name: 'Clear All Filters' }).waitFor();
    expect(await page.getByRole('link', { name: 'Create First Log' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.getByText('9 logs').waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByTestId('filters-badge').count()).toBe(0);

    // a filter alone: its Clear All Filters is the way back
    await page.goto('/?minCount=50');
    await page.getByRole('heading', { name: 'No logs found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Create First Log' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await page.getByText('9 logs').waitFor();
  });
});

describe('an account without logs', () => {
  it('keeps the SPEC’s empty state, searching or not', async () => {
    const { page, context } = await signUp(browser, { viewport: PHONE });
    await page.goto('/?q=owl');
    await page.getByRole('heading', { name: 'No logs found' }).waitFor();
    await page
      .getByText('Try adjusting your filters or search query to find more results.')
      .waitFor();
    await page.getByRole('link', { name: 'Create First Log' }).waitFor();
    expect(await page.getByRole('button', { name: 'Clear search' }).count()).toBe(0);
    await page.goto('/');
    await page
      .getByText('Start logging your wildlife sightings to build your observation database.')
      .waitFor();
    await page.getByRole('link', { name: 'Create First Log' }).waitFor();
    await context.close();
  });
});
