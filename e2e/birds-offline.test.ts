import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../tests/support/server-processes.js';
import { launchBrowser } from './browser.js';
import { controlledBy } from './support.js';

// The shipped bird list in the browser (issue 33): loaded with `npm run taxa:import` as an
// instance started without the seed loads it, then searched by the log form's picker in a
// French browser offline, and ranked by the place in an English one; Enter takes the best match
// in the form and the tally (issue 34).

const root = new URL('..', import.meta.url).pathname;

let server: ServerProcess;
let dataDir: string;
let browser: Browser;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sightbook-e2e-birds-'));
  const { DATABASE_URL: _embedded, ...env } = process.env;
  const run = spawnSync(
    process.execPath,
    ['dist/server/taxa-cli.js', join(root, 'datasets/birds/birds.json.br')],
    { cwd: root, env: { ...env, DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`taxa:import of the birds failed:\n${run.stderr}`);
  expect(run.stdout).toMatch(/Loaded \d{5} bird taxa/);
  server = await startServerProcess(
    ['dist/server/main.js'],
    { DATA_DIR: dataDir, DATABASE_URL: undefined },
    { cwd: root },
  );
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  if (server) await stopServerProcess(server.child);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function signedIn(locale: string, timezoneId: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.url,
    locale,
    timezoneId,
    serviceWorkers: 'allow', // the app shell offline
  });
  const response = await context.request.post('/api/auth/register', {
    data: { email: `birds-${Date.now()}@example.com`, password: 'correct horse battery' },
  });
  expect(response.status()).toBe(201);
  return context;
}

const typeSpecies = async (page: Page, text: string) => {
  await page.getByRole('combobox', { name: 'Common Name', exact: true }).click();
  await page.getByPlaceholder('Type to search or add new...').fill(text);
};
const firstSpecies = (page: Page) =>
  page.getByRole('group', { name: 'Species' }).getByRole('option').first();

describe('the bird list in the browser', () => {
  it('finds "merle noir" offline in a French browser', async () => {
    const context = await signedIn('fr-FR', 'Europe/Paris');
    const page = await context.newPage();
    await controlledBy(page, '/logs/new');
    await page.getByRole('heading', { name: 'New Wildlife Log' }).waitFor();
    await expect
      .poll(
        () =>
          page.evaluate(`caches.open('taxa-pack').then((cache) => cache.keys())
            .then((requests) => requests.map((request) => new URL(request.url).search))`),
        { timeout: 60_000 },
      )
      .toEqual(['?lang=fr']);
    await context.setOffline(true);
    const offline = await context.newPage();
    await offline.goto('/logs/new');
    await typeSpecies(offline, 'merle noir');
    await offline
      .getByRole('option', { name: 'Merle noir Turdus merula Bird', exact: true })
      .click();
    expect(
      await offline.getByRole('combobox', { name: 'Scientific Name', exact: true }).textContent(),
    ).toBe('Turdus merula');
    expect(await offline.getByTestId('chosen-taxon').textContent()).toBe(
      'Species: Turdus merula (Merle noir)',
    );
    await context.close();
  });

  it('offers the robin of the place first, and Enter takes it', async () => {
    for (const [zone, common, scientific] of [
      ['America/New_York', 'American Robin', 'Turdus migratorius'],
      ['Europe/London', 'European Robin', 'Erithacus rubecula'],
    ] as const) {
      const context = await signedIn('en-US', zone);
      const page = await context.newPage();
      await page.goto('/logs/new');
      await typeSpecies(page, 'robin');
      await page
        .getByRole('option', { name: `${common} ${scientific} Bird`, exact: true })
        .waitFor();
      expect(await firstSpecies(page).textContent()).toBe(`${common}${scientific}Bird`);
      // Enter takes the best match, not the typed text (issue 34)
      await page.keyboard.press('Enter');
      expect(await page.getByTestId('chosen-taxon').textContent()).toBe(
        `Species: ${scientific} (${common})`,
      );
      await context.close();
    }
  });

  it('adds the best match to the tally on Enter, never the typed word', async () => {
    const context = await signedIn('en-US', 'America/New_York');
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Start outing' }).click();
    await page.waitForURL((url) => url.pathname === '/outings/tally');
    const field = page.getByRole('combobox', { name: 'Add a species' });
    await field.fill('northern card');
    await page
      .getByRole('option', { name: 'Northern Cardinal Cardinalis cardinalis Bird', exact: true })
      .waitFor();
    // the typed text is offered last, on purpose only
    const options = await page.getByRole('option').allInnerTexts();
    expect(options.at(-1)).toMatch(/^Use "northern card"/);
    await field.press('Enter');
    const entry = page.getByTestId('tally-entry');
    await entry.first().waitFor();
    expect(await entry.getByRole('heading').allInnerTexts()).toEqual(['Northern Cardinal']);
    expect(await entry.getByText('Cardinalis cardinalis').count()).toBe(1);
    await context.close();
  });
});
