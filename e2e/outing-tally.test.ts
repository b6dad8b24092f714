import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import {
  baseURL,
  controlledBy,
  expectAccessible,
  expectToast,
  pathOf,
  signUp,
  withWorker,
} from './support.js';

// The outing tally (issue 22): "Start outing" on the logs list, a species at a time with + and −,
// "End outing" makes one outing with a log per species; offline it waits on the device and is
// sent once, whatever reloads happen on the way.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface ServerOuting {
  id: string;
  protocol: string;
  durationMinutes: number | null;
  partySize: number | null;
  complete: boolean;
  latitude: number | null;
  longitude: number | null;
  timeZone: string | null;
  species: number;
  individuals: number;
}
interface ServerLog {
  speciesCommon: string;
  count: number;
  notes: string | null;
  outingId: string | null;
  observedAt: string;
}

/** Asked from outside the browser, with the page's session. */
async function server<T>(context: BrowserContext, path: string): Promise<T> {
  const cookie = (await context.cookies()).map((one) => `${one.name}=${one.value}`).join('; ');
  const response = await fetch(`${baseURL}${path}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}
const serverOutings = async (context: BrowserContext) =>
  (await server<{ items: ServerOuting[] }>(context, '/api/outings')).items;
const serverLogs = async (context: BrowserContext) =>
  (await server<{ items: ServerLog[] }>(context, '/api/logs?pageSize=100')).items;

/** The five species of these tests and the counts + and − leave them at. */
const TALLY: Array<[string, number]> = [
  ['Eurasian Wren', 1],
  ['Robin', 3],
  ['Blue Tit', 2],
  ['Chiffchaff', 1],
  ['Song Thrush', 4],
];
const expectedCounts = Object.fromEntries(TALLY);

const speciesField = (page: Page) => page.getByRole('combobox', { name: 'Add a species' });
const row = (page: Page, species: string) =>
  page.getByTestId('tally-entry').filter({ has: page.getByRole('heading', { name: species }) });
const countOf = (page: Page, species: string) => row(page, species).getByTestId('tally-count');
/** The count shown for a species, once the screen has caught up with the taps. */
const expectCount = (page: Page, species: string, count: number) =>
  expect.poll(() => countOf(page, species).textContent()).toBe(String(count));

/** Types a species and taps its suggestion: one of the tally, the user's, the backbone's, or new. */
async function addSpecies(page: Page, species: string) {
  await speciesField(page).fill(species);
  const named = new RegExp(`^(Use "${species}"|${species})`);
  await page.getByRole('option', { name: named }).first().click();
  await expect.poll(() => speciesField(page).inputValue()).toBe(''); // ready for the next
}

/** Adds the five species, then taps + and − to their counts, checking each count shown. */
async function tallyFive(page: Page) {
  for (const [species] of TALLY) {
    await addSpecies(page, species);
    await expectCount(page, species, 1);
  }
  const tap = (name: string) => page.getByRole('button', { name }).click();
  await tap('One more Robin');
  await tap('One more Robin');
  await tap('One more Robin');
  await tap('One fewer Robin');
  await expectCount(page, 'Robin', 3);
  await tap('One more Blue Tit');
  await expectCount(page, 'Blue Tit', 2);
  for (let i = 0; i < 3; i++) await tap('One more Song Thrush');
  await expectCount(page, 'Song Thrush', 4);
  // a tap on a species already tallied counts it once more; − at 1 asks before removing
  await addSpecies(page, 'Chiffchaff');
  await expectCount(page, 'Chiffchaff', 2);
  await tap('One fewer Chiffchaff');
  await tap('Remove Chiffchaff');
  const ask = page.getByRole('alertdialog', { name: 'Remove Chiffchaff?' });
  await ask.getByRole('button', { name: 'Keep' }).click();
  await ask.waitFor({ state: 'detached' });
  await expectCount(page, 'Chiffchaff', 1);
  for (const [species, count] of TALLY) {
    await expectCount(page, species, count);
  }
  expect(await page.getByTestId('tally-entry').count()).toBe(5);
}

async function startOuting(page: Page) {
  await page.getByRole('button', { name: 'Start outing' }).click();
  await page.waitForURL((url) => url.pathname === '/outings/tally');
  await speciesField(page).waitFor();
}

async function endOuting(page: Page, options: { partySize?: string; complete?: boolean } = {}) {
  await page.getByRole('button', { name: 'End outing' }).click();
  const dialog = page.getByRole('dialog', { name: 'End outing' });
  if (options.partySize) await dialog.getByLabel('Party size').fill(options.partySize);
  if (options.complete) {
    await dialog
      .getByRole('checkbox', { name: 'I reported every species I could identify' })
      .check();
  }
  await dialog.getByRole('button', { name: 'Save outing' }).click();
}

/** The outing's logs as the server has them, by species. */
function countsBySpecies(logs: ServerLog[]) {
  return Object.fromEntries(logs.map((log) => [log.speciesCommon, log.count]));
}

describe('the outing tally', () => {
  it('tallies five species, ends the outing and opens its page', async () => {
    const { context, page } = await signUp(browser, {
      permissions: ['geolocation'],
      geolocation: { latitude: 51.5072, longitude: -0.1276, accuracy: 12 },
    });
    await page.goto('/');
    await startOuting(page);
    await page.getByTestId('tally-distance').filter({ hasText: '0.00 km' }).waitFor();
    await tallyFive(page);
    await page.getByRole('button', { name: 'Add a note for Robin' }).click();
    await page.getByRole('textbox', { name: 'Note for Robin' }).fill('singing from the hedge');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'End outing' }).click();
    await page.getByRole('dialog', { name: 'End outing' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Keep tallying' }).click();

    await endOuting(page, { partySize: '2', complete: true });
    await page.waitForURL((url) => /^\/outings\/[0-9a-f-]{36}$/.test(url.pathname));
    await expectToast(page, 'Outing saved', '5 species, 11 individuals');

    const outings = await serverOutings(context);
    expect(outings).toHaveLength(1);
    const [outing] = outings;
    expect(pathOf(page)).toBe(`/outings/${outing!.id}`);
    const zone = await page.evaluate('Intl.DateTimeFormat().resolvedOptions().timeZone');
    expect(outing).toMatchObject({
      protocol: 'traveling',
      durationMinutes: 0,
      partySize: 2,
      complete: true,
      latitude: 51.5072,
      longitude: -0.1276,
      timeZone: zone,
      species: 5,
      individuals: 11,
    });
    const logs = await serverLogs(context);
    expect(logs).toHaveLength(5);
    expect(countsBySpecies(logs)).toEqual(expectedCounts);
    expect(new Set(logs.map((log) => log.outingId))).toEqual(new Set([outing!.id]));
    expect(logs.find((log) => log.speciesCommon === 'Robin')?.notes).toBe('singing from the hedge');
    // the tally is gone from the device: the list offers a new outing
    await page.goto('/');
    await page.getByRole('button', { name: 'Start outing' }).waitFor();
    await context.close();
  });

  it('keeps the tally through a reload and offers to resume it', async () => {
    const { context, page } = await signUp(browser);
    await page.goto('/');
    await startOuting(page);
    await addSpecies(page, 'Grey Heron');
    await addSpecies(page, 'Mallard');
    await page.getByRole('button', { name: 'One more Mallard' }).click();
    await page.getByRole('button', { name: 'Add a note for Grey Heron' }).click();
    await page.getByRole('textbox', { name: 'Note for Grey Heron' }).fill('fishing');
    const timer = await page.getByTestId('tally-timer').textContent();

    await page.reload();
    await expectCount(page, 'Mallard', 2);
    await expectCount(page, 'Grey Heron', 1);
    expect(await page.getByRole('textbox', { name: 'Note for Grey Heron' }).inputValue()).toBe(
      'fishing',
    );
    // the timer runs from the start, not from the reload
    await expect
      .poll(async () => (await page.getByTestId('tally-timer').textContent()) !== timer)
      .toBe(true);

    await page.goto('/');
    await page.getByRole('link', { name: 'Resume outing' }).click();
    await page.waitForURL((url) => url.pathname === '/outings/tally');
    await expectCount(page, 'Mallard', 2);

    await endOuting(page);
    await page.waitForURL((url) => /^\/outings\/[0-9a-f-]{36}$/.test(url.pathname));
    expect(countsBySpecies(await serverLogs(context))).toEqual({ 'Grey Heron': 1, Mallard: 2 });
    await context.close();
  });

  it('saves an outing ended offline once, when the connection returns', async () => {
    const { context, page } = await signUp(browser, withWorker);
    await controlledBy(page, '/');
    await page.getByRole('button', { name: 'Start outing' }).waitFor();

    await context.setOffline(true);
    await startOuting(page);
    await tallyFive(page);
    await endOuting(page);
    await expectToast(page, 'Saved offline', 'It will be sent when you are back online.');
    await page.waitForURL((url) => url.pathname === '/');
    // one pending entry for the outing, not six writes
    const pending = page.getByTestId('pending-write');
    await pending.filter({ hasText: '5 species' }).getByText('Pending').waitFor();
    expect(await pending.count()).toBe(1);
    expect(await serverOutings(context)).toEqual([]);
    expect(await serverLogs(context)).toEqual([]);

    await context.setOffline(false);
    await pending.waitFor({ state: 'detached' });
    const outings = await serverOutings(context);
    expect(outings).toHaveLength(1);
    expect(outings[0]).toMatchObject({ species: 5, individuals: 11 });
    const logs = await serverLogs(context);
    expect(logs).toHaveLength(5);
    expect(countsBySpecies(logs)).toEqual(expectedCounts);
    expect(new Set(logs.map((log) => log.outingId))).toEqual(new Set([outings[0]!.id]));
    await page.getByRole('heading', { name: 'Song Thrush' }).waitFor(); // now a card
    await context.close();
  });

  it('makes nothing twice when replies are lost and the page reloads during the sync', async () => {
    const { context, page } = await signUp(browser);
    const keys: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() === 'POST' && (path === '/api/outings' || path === '/api/logs')) {
        keys.push(`${path} ${request.headers()['idempotency-key']}`);
      }
    });
    /** The server makes the write, but the connection drops before its reply arrives. */
    const loseReply = (pattern: string, nth: number) => {
      let seen = 0;
      return page.route(pattern, async (route) => {
        if (route.request().method() !== 'POST' || ++seen !== nth) return route.fallback();
        await route.fetch();
        await route.abort('internetdisconnected');
      });
    };

    await page.goto('/');
    await startOuting(page);
    await tallyFive(page);
    await loseReply('**/api/outings', 1);
    await endOuting(page);
    await expectToast(page, 'Saved offline', 'It will be sent when you are back online.');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await serverOutings(context)).toHaveLength(1); // made, but the page never heard
    expect(await serverLogs(context)).toEqual([]);

    // reloaded, the replay sends the outing again (the same one comes back) and its logs: the
    // reply of the third is lost, and the page reloads once more
    await page.unrouteAll({ behavior: 'wait' });
    await loseReply('**/api/logs', 3);
    await page.reload();
    await expect.poll(async () => (await serverLogs(context)).length).toBe(3);
    await page.unrouteAll({ behavior: 'wait' });
    await page.reload();
    await expect.poll(async () => (await serverLogs(context)).length).toBe(5);
    await page.getByRole('heading', { name: 'Song Thrush' }).waitFor(); // a card: all sent
    await page.getByTestId('pending-write').waitFor({ state: 'detached' });

    const outings = await serverOutings(context);
    expect(outings).toHaveLength(1);
    const logs = await serverLogs(context);
    expect(logs).toHaveLength(5);
    expect(countsBySpecies(logs)).toEqual(expectedCounts);
    expect(new Set(logs.map((log) => log.outingId))).toEqual(new Set([outings[0]!.id]));
    // every create was sent with its own key, and a resend with the same one
    const outingKeys = keys.filter((key) => key.startsWith('/api/outings'));
    expect(outingKeys).toHaveLength(2);
    expect(outingKeys[1]).toBe(outingKeys[0]);
    const logKeys = keys.filter((key) => key.startsWith('/api/logs'));
    expect(new Set(logKeys).size).toBe(5);
    expect(logKeys).toHaveLength(6); // the third twice
    await context.close();
  });

  it('asks before signing out of an outing in progress, and forgets it', async () => {
    const { context, page } = await signUp(browser);
    await page.goto('/');
    await startOuting(page);
    await addSpecies(page, 'Kestrel');
    await addSpecies(page, 'Buzzard');
    // through the app, as a person would: a reload could cut short the tally's last save
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Logs' })
      .click();
    await page.getByRole('heading', { name: 'Wildlife Logs' }).waitFor();
    await page.getByRole('button', { name: 'Ada Tester' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Discard unsent sightings?' });
    await dialog
      .getByText(
        '2 sightings saved on this device have not been sent yet. Signing out removes them from this device.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Discard and sign out' }).click();
    await page.getByText('Track Wildlife Sightings with Precision').waitFor();
    // the device keeps no draft of this account (the page is typed without the DOM: a string)
    const drafts = await page.evaluate(`new Promise((resolve, reject) => {
      const open = indexedDB.open('sightbook-offline');
      open.onerror = () => reject(new Error('no database'));
      open.onsuccess = () => {
        const read = open.result.transaction('writes').objectStore('writes').getAllKeys();
        read.onsuccess = () =>
          resolve(read.result.filter((key) => String(key).startsWith('draft:')).length);
      };
    })`);
    expect(drafts).toBe(0);
    await context.close();
  });
});
