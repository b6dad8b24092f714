import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../tests/support/server-processes.js';
import { buildTaxaHarness } from '../bench/taxa-harness.mjs';
import { launchBrowser } from './browser.js';
import { controlledBy } from './support.js';

// The species search offline after one online visit (issue 20): the built app on its own server,
// whose backbone an admin loaded with `npm run taxa:import` (the eBird sample, and the GBIF
// sample with French and German names), in a French-speaking browser. No picker imports the
// search yet, so the page imports the search module (built on its own by bench/taxa-harness.mjs,
// served under /assets/ beside the app) and calls preloadTaxa and searchTaxa as a picker would.

const root = new URL('..', import.meta.url).pathname;
const fixtures = join(root, 'tests/taxonomy/fixtures');

let server: ServerProcess;
let dataDir: string;
let browser: Browser;
let moduleUrl: string;

/** `npm run taxa:import -- FILE` on the data directory, as an admin runs it. */
function importChecklist(file: string) {
  const { DATABASE_URL: _embedded, ...env } = process.env;
  const run = spawnSync(process.execPath, ['dist/server/taxa-cli.js', file], {
    cwd: root,
    env: { ...env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`taxa:import ${file} failed:\n${run.stderr}`);
}

async function zipFixture(name: string): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const file of readdirSync(join(fixtures, name))) {
    zip.addBuffer(readFileSync(join(fixtures, name, file)), file);
  }
  zip.end();
  const path = join(dataDir, `${name}.zip`);
  const out = createWriteStream(path);
  zip.outputStream.pipe(out);
  await once(out, 'close');
  return path;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sightbook-e2e-taxa-'));
  importChecklist(join(fixtures, 'ebird-taxonomy.csv'));
  importChecklist(await zipFixture('gbif-backbone'));
  ({ moduleUrl } = await buildTaxaHarness());
  server = await startServerProcess(
    ['dist/server/main.js'],
    { DATA_DIR: dataDir, DATABASE_URL: undefined },
    { cwd: root },
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  if (server) await stopServerProcess(server.child);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Found {
  ready: boolean;
  online: boolean;
  taxa: Array<{ id: string; scientificName: string; commonName: string | null }>;
}

/**
 * preloadTaxa, then searchTaxa(text) in the page, through the built module (as source text:
 * vitest would rewrite an import() written here).
 */
const search = (page: Page, text: string) =>
  page.evaluate(`(async () => {
    const taxonomy = await import(${JSON.stringify(moduleUrl)});
    const ready = await taxonomy.preloadTaxa();
    return { ready, online: navigator.onLine, taxa: await taxonomy.searchTaxa(${JSON.stringify(text)}) };
  })()`) as Promise<Found>;

async function signedIn(): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'fr-FR',
    serviceWorkers: 'allow', // the app shell offline
  });
  const response = await context.request.post('/api/auth/register', {
    data: { email: `taxa-${Date.now()}@example.com`, password: 'correct horse battery' },
  });
  expect(response.status()).toBe(201);
  return context;
}

describe('the species search offline', () => {
  it('answers from the pack kept by one online visit, in the browser language', async () => {
    const context = await signedIn();
    const online = await context.newPage();
    await controlledBy(online, '/');
    const first = await search(online, 'merle');
    expect(first.ready).toBe(true);
    // eBird's taxon prevails over GBIF's (issue 33); GBIF's French name is its name too
    expect(first.taxa[0]).toEqual({
      id: 'ebird:eurbla',
      scientificName: 'Turdus merula',
      commonName: 'Merle noir',
      rank: 'species',
      kingdom: 'Animalia',
      group: 'bird',
    });
    const kept = await online.evaluate(`caches.open('taxa-pack')
      .then((cache) => cache.keys())
      .then((requests) => requests.map((request) => new URL(request.url).search))`);
    expect(kept).toEqual(['?lang=fr']);
    const server = await context.request.get('/api/taxa?q=tyto&limit=20', {
      headers: { 'accept-language': 'fr' },
    });
    expect(server.status()).toBe(200);

    // a new page offline: the worker starts over and reads the pack from the cache
    await context.setOffline(true);
    const offline = await context.newPage();
    await offline.goto('/');
    const found = await search(offline, 'tyto');
    expect(found.online).toBe(false);
    expect(found.taxa.map((taxon) => taxon.id)).toEqual(
      ((await server.json()) as Found['taxa']).map((taxon) => taxon.id),
    );
    expect(found.taxa.map((taxon) => taxon.commonName)).toEqual([
      'Barn Owl',
      'American Barn Owl',
      'Barn Owl (Eurasian)',
    ]);

    // without a kept pack, offline finds nothing (and does not fail)
    await offline.evaluate(`caches.delete('taxa-pack')`);
    const bare = await context.newPage();
    await bare.goto('/');
    expect(await search(bare, 'tyto')).toEqual({ ready: false, online: false, taxa: [] });
    await context.close();
  });
});

const commonName = (page: Page) => page.getByRole('combobox', { name: 'Common Name', exact: true });
const scientificName = (page: Page) =>
  page.getByRole('combobox', { name: 'Scientific Name', exact: true });
const typeSpecies = async (page: Page, text: string) => {
  await commonName(page).click();
  await page.getByPlaceholder('Type to search or add new...').fill(text);
};

describe('the Common Name picker', () => {
  it('fills both names from a species, then takes the known name on Enter in any case', async () => {
    const context = await signedIn();
    const page = await context.newPage();
    await page.goto('/logs/new');
    await typeSpecies(page, 'barn');
    // the species with its scientific name, which tells apart the ones sharing a name
    await page.getByRole('group', { name: 'Species' }).waitFor();
    await page.getByRole('option', { name: 'Barn Owl Tyto alba Bird', exact: true }).click();
    expect(await commonName(page).textContent()).toBe('Barn Owl');
    expect(await scientificName(page).textContent()).toBe('Tyto alba');
    expect(await page.getByTestId('chosen-taxon').textContent()).toBe(
      'Species: Tyto alba (Barn Owl)',
    );
    await page.getByRole('button', { name: 'Create Log' }).click();
    await page.getByText('New for your life list!').waitFor();
    await page.getByText('Lifer', { exact: true }).waitFor(); // the details mark it
    const firstId = new URL(page.url()).pathname.split('/').pop();

    // "barn owl" and Enter: the name of the user's log, not a new "barn owl"
    await page.goto('/logs/new');
    await typeSpecies(page, 'barn owl');
    const highlighted = page.locator('[cmdk-item][data-selected="true"]');
    expect(await highlighted.textContent()).toBe('Barn OwlTyto alba');
    expect(await page.getByRole('option', { name: 'Use "barn owl"' }).count()).toBe(0);
    await page.keyboard.press('Enter');
    expect(await commonName(page).textContent()).toBe('Barn Owl');
    await page.getByRole('button', { name: 'Create Log' }).click();
    await page.waitForURL((url) => /^\/logs\/[0-9a-f-]{36}$/.test(url.pathname));
    expect(page.url()).not.toContain(firstId!);
    expect(await page.getByText('Lifer', { exact: true }).count()).toBe(0);
    expect(await page.getByText('New for your life list!').count()).toBe(0);

    const list = await context.request.get('/api/lists?kind=life');
    const { items } = (await list.json()) as { items: Array<{ taxonId: string; logs: number }> };
    expect(items).toEqual([expect.objectContaining({ taxonId: 'ebird:brnowl', logs: 2 })]);
    await context.close();
  });

  it('offers species offline after one online visit of the form', async () => {
    const context = await signedIn();
    const page = await context.newPage();
    await controlledBy(page, '/logs/new');
    await page.getByRole('heading', { name: 'New Wildlife Log' }).waitFor();
    // the form preloads the pack: wait until the worker has kept it
    await expect
      .poll(() =>
        page.evaluate(`caches.open('taxa-pack').then((c) => c.keys()).then((k) => k.length)`),
      )
      .toBe(1);
    await context.setOffline(true);
    const offline = await context.newPage();
    await offline.goto('/logs/new');
    await typeSpecies(offline, 'merle');
    await offline
      .getByRole('option', { name: 'Merle noir Turdus merula Bird', exact: true })
      .click();
    expect(await scientificName(offline).textContent()).toBe('Turdus merula');
    await context.close();
  });
});
