import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/server/db/client.js';
import { upsertTaxa } from '../src/server/features/taxonomy/taxon-writes.js';
import { seedTaxon } from '../tests/support/seed-taxa.js';
import { launchBrowser } from './browser.js';
import { registerIn, startOwnServer, type OwnServer } from './own-server.js';
import { controlledBy, createLog } from './support.js';

// Issue 36, step 2: the species picker ranks what was recorded near the place in the season
// first, with "Seen here in <month>", online and offline. On a server of this file's own: its
// first account is its admin, its occurrence model holds this file's logs alone, and its
// backbone two robins, the European one the better known (names in more languages).

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const LAKE = { latitude: 42.44, longitude: -76.5, timeZone: 'America/New_York' };
const AMERICAN = 'American RobinTurdus migratoriusSeen here in MayBird';

let browser: Browser;
let server: OwnServer;

/** Three robins in the backbone, before the server starts on the data directory. */
async function seedRobins(dataDir: string) {
  const database = await openDatabase({ embeddedDatabase: join(dataDir, 'db') });
  await upsertTaxa(database.db, [
    seedTaxon('gbif:2490804', 'Erithacus rubecula', 'European Robin'),
    seedTaxon('gbif:2490719', 'Turdus migratorius', 'American Robin'),
    seedTaxon('gbif:2490384', 'Prunella rubeculoides', 'Robin Accentor'),
  ]);
  await database.db.execute(
    sql`UPDATE taxa SET notability = CASE id WHEN 'gbif:2490804' THEN 41 WHEN 'gbif:2490719' THEN 13 ELSE 9 END`,
  );
  await database.close();
}

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startOwnServer('likely', seedRobins)]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A new account signed in through the API (the server's first one is its admin). */
async function signUp(firstName: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'en-US',
    timezoneId: 'UTC', // no region of its own: the robins rank by notability without a place
    serviceWorkers: 'allow', // the app shell offline
    viewport: DESKTOP,
  });
  await registerIn(context, firstName);
  return context;
}

/** The new-log form at the lake on May 10, the picker open with "rob" typed. */
async function typeAtTheLake(page: Page, date = '2026-05-10T07:00') {
  await page.getByRole('heading', { name: 'New Wildlife Log' }).waitFor();
  await page.getByLabel('Latitude').fill(String(LAKE.latitude));
  await page.getByLabel('Longitude').fill(String(LAKE.longitude));
  await page.getByLabel('Date & Time').fill(date);
  await page.getByRole('combobox', { name: 'Common Name', exact: true }).click();
  await page.getByPlaceholder('Type to search or add new...').fill('rob');
}

const speciesTexts = (page: Page) =>
  page.getByRole('group', { name: 'Species' }).getByRole('option').allTextContents();

/** When SCREENSHOTS is set: the open picker at phone and desktop widths, in that folder. */
async function shootBothWidths(page: Page, name: string) {
  const folder = process.env.SCREENSHOTS;
  if (!folder) return;
  for (const [width, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.getByText('Seen here in May').first().waitFor();
    await page.screenshot({ path: join(folder, `${name}-${width}.png`), animations: 'disabled' });
  }
  await page.setViewportSize(DESKTOP);
}

describe('likely here', () => {
  it('offers the species recorded at the place in May first, online and offline', async () => {
    const admin = await signUp('Rosa');
    for (let n = 0; n < 25; n++) {
      await createLog(admin, {
        ...LAKE,
        speciesCommon: 'American Robin',
        speciesScientific: 'Turdus migratorius',
        observedAt: `2025-05-${String(1 + n).padStart(2, '0')}T07:00:00-04:00`,
      });
    }
    const build = await admin.request.post('/api/admin/occurrences/build', {
      headers: { origin: server.url },
    });
    expect(build.status(), await build.text()).toBe(200);
    await admin.close();

    const context = await signUp('Mei');
    const page = await context.newPage();
    await controlledBy(page, '/logs/new');
    await typeAtTheLake(page, '2026-08-10T07:00');
    // in August nothing was recorded there: the better known robin first, no hint
    await expect
      .poll(() => speciesTexts(page), { timeout: 30_000 })
      .toEqual([
        'European RobinErithacus rubeculaBird',
        'American RobinTurdus migratoriusBird',
        'Robin AccentorPrunella rubeculoidesBird',
      ]);
    await page.keyboard.press('Escape');
    await page.reload();
    await typeAtTheLake(page);
    await expect
      .poll(() => speciesTexts(page), { timeout: 30_000 })
      .toEqual([
        AMERICAN,
        'European RobinErithacus rubeculaBird',
        'Robin AccentorPrunella rubeculoidesBird',
      ]);
    await shootBothWidths(page, 'likely-here');

    // both packs kept: the species and the region's
    const cached = (name: string) =>
      page.evaluate(`caches.open('${name}').then((cache) => cache.keys())
        .then((requests) => requests.map((request) => new URL(request.url).pathname))`);
    await expect.poll(() => cached('taxa-pack'), { timeout: 60_000 }).toHaveLength(1);
    await expect
      .poll(() => cached('likely-pack'), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(['/likely-pack/last']));
    await context.setOffline(true);
    const offline = await context.newPage();
    await offline.goto('/logs/new');
    await typeAtTheLake(offline);
    await expect
      .poll(() => speciesTexts(offline), { timeout: 30_000 })
      .toEqual([
        AMERICAN,
        'European RobinErithacus rubeculaBird',
        'Robin AccentorPrunella rubeculoidesBird',
      ]);
    expect(await offline.getByTestId('likely-hint').count()).toBe(1);
    await context.close();
  });
});
