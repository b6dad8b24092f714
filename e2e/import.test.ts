import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { expectAccessible, expectToast, signUp, type SignedIn } from './support.js';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../tests/data-exchange/fixtures/${name}`, import.meta.url));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('importing sightings from the logs list', () => {
  let ada: SignedIn;
  beforeAll(async () => {
    ada = await signUp(browser);
  });

  it('imports an eBird file and shows the new sightings', async () => {
    const { page } = ada;
    await page.goto('/');
    await page.getByText('0 sightings total').waitFor();
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('heading', { name: 'Import Sightings' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('CSV file').setInputFiles(fixture('ebird.csv'));
    await page.getByRole('dialog').getByRole('button', { name: 'Import' }).click();
    await expectToast(page, 'Success', 'Imported 3 sightings');
    await page.getByRole('heading', { name: 'Import Sightings' }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Mallard' }).waitFor();
    await page.getByText(/^\d+ sightings total$/).waitFor();
  });

  it('lists every refused row and imports nothing', async () => {
    const { page } = ada;
    await page.goto('/');
    const before = await page.getByText(/sightings total$/).textContent();
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByLabel('CSV file').setInputFiles({
      name: 'broken.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'Submission ID,Common Name,Scientific Name,Taxonomic Order,Count,State/Province,County,Location ID,Location,Latitude,Longitude,Date,Time,Protocol,Duration (Min),All Obs Reported,Distance Traveled (km),Area Covered (ha),Number of Observers,Breeding Code,Observation Details,Checklist Comments,ML Catalog Numbers\n' +
          'S1,Robin,Turdus migratorius,1,2,,,L1,Park,,,2024-06-01,07:15 AM,,,,,,,,,,\n' +
          'S1,Wren,Troglodytes troglodytes,1,-3,,,L1,Park,,,2024-06-01,07:15 AM,,,,,,,,,,\n',
      ),
    });
    await page.getByRole('dialog').getByRole('button', { name: 'Import' }).click();
    await page.getByText(/could not be imported; nothing was imported$/).waitFor();
    await page.getByText(/^Line 3: /).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText(before!).waitFor();
  });
});
