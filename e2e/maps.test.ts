import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { baseURL, createLog, expectAccessible, pathOf, signUp, type SignedIn } from './support.js';

// Issue 8: coordinates in the form, the details page's map and /map. Tiles come from the
// local tile server of global-setup.ts (MAP_TILE_URL): nothing is fetched from the internet.

const tileOrigin = new URL(inject('tileUrl').replace(/\{[a-z]\}/g, '0')).origin;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The map has drawn tiles from the configured tile server. */
async function expectLocalTiles(page: Page) {
  const tile = page.locator('img.leaflet-tile-loaded').first();
  await tile.waitFor();
  expect(await tile.getAttribute('src')).toMatch(new RegExp(`^${tileOrigin}/tiles/`));
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function openNewLog(page: Page, species = 'Kingfisher') {
  await page.goto('/logs/new');
  await page.getByRole('heading', { name: 'New Wildlife Log' }).waitFor();
  await page.getByRole('combobox', { name: 'Common Name' }).click();
  await page.getByPlaceholder('Type to search or add new...').fill(species);
  await page.getByRole('option', { name: `Use "${species}"` }).click();
}

describe('coordinates in the form', () => {
  let ada: SignedIn;
  beforeAll(async () => {
    ada = await signUp(browser, { timezoneId: 'UTC' });
  });

  it('refuses one coordinate without the other, out of range and non-numeric values', async () => {
    const { page } = ada;
    await openNewLog(page);
    await field(page, 'Latitude').fill('51.5');
    await page.getByRole('button', { name: 'Create Log' }).click();
    await page.getByText('Latitude and longitude must be given together').waitFor();
    expect(pathOf(page)).toBe('/logs/new');

    await field(page, 'Latitude').fill('95');
    await field(page, 'Longitude').fill('10');
    await page.getByText('Latitude must be between -90 and 90').waitFor();
    await field(page, 'Latitude').fill('north');
    await page.getByText('Latitude must be a number').waitFor();
    await field(page, 'Latitude').fill('51.5');
    await field(page, 'Longitude').fill('200');
    await page.getByText('Longitude must be between -180 and 180').waitFor();
    await field(page, 'Longitude').fill('');
    await field(page, 'Latitude').fill('');
    await page.getByRole('button', { name: 'Create Log' }).click();
    await page.waitForURL(/\/logs\/[0-9a-f-]{36}$/); // neither is fine
  });

  it('sets the coordinates by clicking the map, and the details page shows the marker', async () => {
    const { page } = ada;
    await openNewLog(page, 'Heron');
    const map = page.getByRole('region', { name: 'Map: click to set the location' });
    await expectLocalTiles(page);
    expect(await map.locator('.leaflet-marker-icon').count()).toBe(0);
    await map.click({ position: { x: 120, y: 80 } });
    await map.locator('.leaflet-marker-icon').waitFor();
    const latitude = Number(await field(page, 'Latitude').inputValue());
    const longitude = Number(await field(page, 'Longitude').inputValue());
    expect(latitude).toBeGreaterThan(-90);
    expect(latitude).toBeLessThan(90);
    expect(Number.isFinite(longitude)).toBe(true);
    expect(latitude).not.toBe(0);

    await page.getByRole('button', { name: 'Create Log' }).click();
    await page.waitForURL(/\/logs\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Heron' }).waitFor();
    await page.locator('.leaflet-marker-icon[title="Heron"]').waitFor();
    await expectLocalTiles(page);
    expect(await page.getByTestId('coordinates').textContent()).toBe(`${latitude}, ${longitude}`);
    const open = page.getByRole('link', { name: 'Open in OpenStreetMap' });
    expect(await open.getAttribute('href')).toBe(
      `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=15/${latitude}/${longitude}`,
    );
    await page.getByText('The shared page shows the location rounded to about 1 km.').waitFor();
  });

  it('keeps the exact-location choice and the coordinates through an edit', async () => {
    const { page, context } = ada;
    const log = await createLog(context, {
      speciesCommon: 'Otter',
      latitude: 51.507351,
      longitude: -0.127758,
    });
    await page.goto(`/logs/${log.id}/edit`);
    expect(await field(page, 'Latitude').inputValue()).toBe('51.507351');
    expect(await field(page, 'Longitude').inputValue()).toBe('-0.127758');
    await page.getByRole('switch', { name: 'Show exact location publicly' }).click();
    await page.getByRole('button', { name: 'Update Log' }).click();
    await page.waitForURL(`${baseURL}/logs/${log.id}`);
    await page.getByText('The shared page shows the exact location.').waitFor();
    const shared = await context.request.get(`/api/logs/shared/${log.id}`);
    expect(await shared.json()).toMatchObject({ latitude: 51.507351, showExactLocation: true });
  });
});

describe("'Use my location'", () => {
  it('fills the coordinates and shows the accuracy when the permission is granted', async () => {
    const { context, page } = await signUp(browser, {
      permissions: ['geolocation'],
      geolocation: { latitude: 48.858372, longitude: 2.294481, accuracy: 25 },
    });
    await openNewLog(page);
    await page.getByRole('button', { name: 'Use my location' }).click();
    await page.getByText('Location found, accurate to about 25 m').waitFor();
    expect(await field(page, 'Latitude').inputValue()).toBe('48.858372');
    expect(await field(page, 'Longitude').inputValue()).toBe('2.294481');
    await page.locator('.leaflet-marker-icon').waitFor();
    await context.close();
  });

  it('zooms to the found point at street level, and a click sets exactly where it was', async () => {
    const { context, page } = await signUp(browser, {
      permissions: ['geolocation'],
      geolocation: { latitude: 48.858372, longitude: 2.294481, accuracy: 5 },
    });
    await openNewLog(page);
    const zoomOfTiles = async () => {
      const sources = await page
        .locator('img.leaflet-tile-loaded')
        .evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('src') ?? ''));
      return new Set(sources.map((src) => /\/tiles\/(\d+)\//.exec(src)?.[1]));
    };
    await page.getByRole('button', { name: 'Use my location' }).click();
    await page.getByText('Location found').waitFor();
    await expect.poll(zoomOfTiles).toEqual(new Set(['16']));

    const map = page.getByRole('region', { name: 'Map: click to set the location' });
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2 + 40, box.y + box.height / 2);
    await expect.poll(() => field(page, 'Longitude').inputValue()).not.toBe('2.294481');
    const longitude = Number(await field(page, 'Longitude').inputValue());
    // 40 px east at street level is a few dozen metres, not another country
    expect(longitude - 2.294481).toBeGreaterThan(0);
    expect(longitude - 2.294481).toBeLessThan(0.002);
    expect(Number(await field(page, 'Latitude').inputValue())).toBeCloseTo(48.858372, 3);
    expect(await zoomOfTiles()).toEqual(new Set(['16'])); // the view stays where it was
    await context.close();
  });

  it('says so when the permission is denied', async () => {
    const { context, page } = await signUp(browser, {
      geolocation: { latitude: 48.858372, longitude: 2.294481 },
    });
    await context.clearPermissions(); // not granted: the browser refuses
    await openNewLog(page);
    await page.getByRole('button', { name: 'Use my location' }).click();
    await page
      .getByText(
        'Location access was denied. Allow it in your browser settings, or enter the coordinates.',
      )
      .waitFor();
    expect(await field(page, 'Latitude').inputValue()).toBe('');
    await context.close();
  });
});

describe('the map of all sightings', () => {
  let ada: SignedIn;
  beforeAll(async () => {
    ada = await signUp(browser, { timezoneId: 'UTC' });
    const seeds: Array<Promise<unknown>> = [];
    for (let i = 0; i < 24; i++) {
      // 24 around Paris, 6 around London (2 of them robins), 2 without a point
      seeds.push(
        createLog(ada.context, {
          speciesCommon: i % 2 ? 'Heron' : 'Mallard',
          latitude: 48.85 + (i % 6) * 0.002,
          longitude: 2.35 + Math.floor(i / 6) * 0.002,
        }),
      );
    }
    for (let i = 0; i < 6; i++) {
      seeds.push(
        createLog(ada.context, {
          speciesCommon: i < 2 ? 'Robin' : 'Wren',
          latitude: 51.5 + i * 0.003,
          longitude: -0.12,
        }),
      );
    }
    seeds.push(createLog(ada.context, { speciesCommon: 'Robin' }));
    seeds.push(createLog(ada.context, { speciesCommon: 'Nowhere Wren' }));
    await Promise.all(seeds);
  });

  it('shows the sightings with coordinates as clusters', async () => {
    const { page } = ada;
    await page.goto('/');
    await page.getByRole('link', { name: 'Map' }).click();
    await page.waitForURL(`${baseURL}/map`);
    await page.getByRole('heading', { name: 'Sightings Map' }).waitFor();
    await page.getByText('30 sightings on the map').waitFor();
    const clusters = page.locator('.map-cluster');
    await clusters.first().waitFor();
    expect((await clusters.allTextContents()).sort()).toEqual(['24', '6']);
    await expectLocalTiles(page);
    await expectAccessible(page);
  });

  it('applies the search and filters of the list, sharing the URL', async () => {
    const { page } = ada;
    await page.goto('/?q=robin&page=2');
    await page.getByRole('link', { name: 'Map' }).click();
    await page.waitForURL(`${baseURL}/map?q=robin`);
    await page.getByText('2 sightings on the map').waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('robin');
    await page.getByRole('searchbox', { name: 'Search' }).fill('wren');
    await page.getByText('4 sightings on the map').waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Max Count').fill('1');
    await page.keyboard.press('Escape');
    await page.getByText('4 sightings on the map').waitFor();
    expect(new URL(page.url()).search).toBe('?q=wren&maxCount=1');
    await page.getByRole('link', { name: 'Show as list' }).click();
    await page.waitForURL(`${baseURL}/?q=wren&maxCount=1`);
    await page.getByText('5 matching logs').waitFor(); // and the wren without a point
  });

  it('exports the sightings on the map as GeoJSON, with the same search', async () => {
    const { page } = ada;
    await page.goto('/map?q=robin');
    await page.getByText('2 sightings on the map').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export GeoJSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sightings-\d{4}-\d{2}-\d{2}\.geojson$/);
    expect(download.url()).toBe(`${baseURL}/api/export.geojson?q=robin`);
    const collection = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      features: Array<{ properties: { speciesCommon: string } }>;
    };
    expect(collection.features.map((feature) => feature.properties.speciesCommon)).toEqual([
      'Robin',
      'Robin',
    ]);
  });

  it('opens a popup per sighting that links to the log', async () => {
    const { page } = ada;
    await page.goto('/map?q=robin');
    await page.getByText('2 sightings on the map').waitFor();
    const robin = page.locator('.leaflet-marker-icon[title="Robin"]').first();
    await robin.waitFor();
    await robin.click();
    const popup = page.locator('.leaflet-popup');
    await popup.getByText('Robin').first().waitFor();
    await popup.getByText(/^1 observed · /).waitFor();
    await popup.getByRole('link', { name: 'View log' }).click();
    await page.waitForURL(/\/logs\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Log Details' }).waitFor();
  });

  it('opened directly, asks for its sightings once, as the page starts', async () => {
    const { page } = ada;
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/logs/geo') asked.push(url.pathname + url.search);
    });
    await page.goto('/map?q=robin&place=');
    await page.getByText('2 sightings on the map').waitFor();
    await page.locator('.leaflet-marker-icon[title="Robin"]').first().waitFor();
    expect(asked).toEqual(['/api/logs/geo?q=robin&limit=100000']);

    // a filter the page does not send: it asks again without it, and shows the right sightings
    asked.length = 0;
    await page.goto('/map?q=robin&minCount=many');
    await page.getByText('2 sightings on the map').waitFor();
    expect(asked).toEqual([
      '/api/logs/geo?q=robin&minCount=many&limit=100000',
      '/api/logs/geo?q=robin&limit=100000',
    ]);
  });

  it('says when nothing matches', async () => {
    const { page } = ada;
    await page.goto('/map?q=albatross');
    await page.getByText('No sightings on the map').waitFor();
    await page
      .getByText('Try adjusting your filters or search query to find more results.')
      .waitFor();
  });
});
