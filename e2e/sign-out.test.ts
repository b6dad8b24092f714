import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { baseURL, controlledBy, expectToast, signUp, withWorker } from './support.js';

// Signing out leaves nothing of the account on the device, asks before unsent sightings go,
// and another site's link cannot sign anyone out unasked (issue 21).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Entries in each Cache Storage cache of the page's origin. */
const cacheEntries = (page: Page) =>
  page.evaluate(async () => {
    const storage = (globalThis as unknown as { caches: CacheStorageLike }).caches;
    const names = await storage.keys();
    const entries: Record<string, number> = {};
    for (const name of names) entries[name] = (await (await storage.open(name)).keys()).length;
    return entries;
  });
interface CacheStorageLike {
  keys(): Promise<string[]>;
  open(name: string): Promise<{ keys(): Promise<unknown[]> }>;
}

/** The offline writes IndexedDB keeps, of every account. */
const queuedOnDevice = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const idb = (globalThis as unknown as { indexedDB: IdbLike }).indexedDB;
        const open = idb.open('sightbook-offline');
        open.onerror = () => reject(new Error('no database'));
        open.onsuccess = () => {
          const read = open.result.transaction('writes').objectStore('writes').get('queue');
          read.onsuccess = () => resolve(((read.result as unknown[]) ?? []).length);
        };
      }),
  );
interface IdbRequest<T> {
  result: T;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}
interface IdbLike {
  open(name: string): IdbRequest<{
    transaction(store: string): {
      objectStore(store: string): { get(key: string): IdbRequest<unknown> };
    };
  }>;
}

async function uploadedPhotoLog(context: BrowserContext) {
  const image = await sharp({
    create: { width: 64, height: 48, channels: 3, background: '#3a7' },
  })
    .jpeg()
    .toBuffer();
  const start = await context.request.post('/api/photos/upload', { data: { size: image.length } });
  const { uploadURL } = (await start.json()) as { uploadURL: string };
  expect(
    (
      await context.request.put(uploadURL, {
        data: image,
        headers: { 'content-type': 'image/jpeg' },
      })
    ).ok(),
  ).toBe(true);
  const done = await context.request.put('/api/photos/complete', { data: { photoURL: uploadURL } });
  const { objectPath } = (await done.json()) as { objectPath: string };
  const log = await context.request.post('/api/logs', {
    data: {
      speciesCommon: 'Private Nightjar',
      count: 1,
      observedAt: '2026-05-01T21:30:00Z',
      isPublic: false,
      latitude: 52.1,
      longitude: 0.2,
      uploadedPhotoUrls: [objectPath],
    },
  });
  expect(log.status()).toBe(201);
  return (await log.json()) as { id: string };
}

const openUserMenu = (page: Page) => page.getByRole('button', { name: 'Ada Tester' }).click();

describe('signing out', () => {
  it("forgets the account's photos and API replies kept for offline use", async () => {
    const { context, page } = await signUp(browser, withWorker);
    const log = await uploadedPhotoLog(context);
    await controlledBy(page, `/logs/${log.id}`);
    await page.getByRole('heading', { name: 'Private Nightjar' }).waitFor();
    await page.getByRole('img', { name: 'Photo 1' }).waitFor();
    await expect
      .poll(async () => {
        const entries = await cacheEntries(page);
        return (entries.photos ?? 0) > 0 && (entries.api ?? 0) > 0;
      })
      .toBe(true);

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByText('Track Wildlife Sightings with Precision').waitFor();
    const after = await cacheEntries(page);
    expect(after.photos ?? 0).toBe(0);
    expect(after.api ?? 0).toBe(0);
    // the app shell stays: the landing page still opens offline
    expect(Object.keys(after).some((name) => name.startsWith('workbox-precache'))).toBe(true);
    await context.close();
  });

  it('says how many sightings are unsent and asks before discarding them', async () => {
    const { context, page } = await signUp(browser);
    // the server cannot be reached for creates: the log waits on the device
    await page.route('**/api/logs', (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
    );
    await page.goto('/logs/new');
    await page.getByRole('combobox', { name: 'Common Name', exact: true }).click();
    await page.getByPlaceholder('Type to search or add new...').fill('Unsent Wren');
    await page.getByRole('option', { name: 'Use "Unsent Wren"' }).click();
    await page.getByRole('button', { name: 'Create Log' }).click();
    await expectToast(page, 'Saved offline', 'It will be sent when you are back online.');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await queuedOnDevice(page)).toBe(1);

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Discard unsent sightings?' });
    await dialog
      .getByText(
        '1 sighting saved on this device has not been sent yet. Signing out removes it from this device.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await queuedOnDevice(page)).toBe(1);
    expect((await context.request.get('/api/auth/user')).status()).toBe(200);

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await dialog.getByRole('button', { name: 'Discard and sign out' }).click();
    await page.getByText('Track Wildlife Sightings with Precision').waitFor();
    expect(await queuedOnDevice(page)).toBe(0);
    expect((await context.request.get('/api/auth/user')).status()).toBe(401);
    await context.close();
  });

  it("asks first when another site's link signs out", async () => {
    const { context, page } = await signUp(browser);
    // a page on another site with a sign-out link
    await context.route('https://elsewhere.example/', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<a href="${baseURL}/api/logout">Free birding guide</a>`,
      }),
    );
    const followLink = async () => {
      await page.goto('https://elsewhere.example/');
      await page.getByRole('link', { name: 'Free birding guide' }).click();
      await page.waitForURL((url) => url.pathname === '/sign-out');
    };
    await followLink();
    await page.getByRole('heading', { name: 'Sign out of Sightbook?' }).waitFor();
    await page
      .getByText('A link from another site asked to sign you out. Sign out only if you meant to.')
      .waitFor();
    expect((await context.request.get('/api/auth/user')).status()).toBe(200);
    await page.getByRole('link', { name: 'Stay signed in' }).click();
    await page.getByRole('heading', { name: 'Wildlife Logs' }).waitFor();
    expect((await context.request.get('/api/auth/user')).status()).toBe(200);

    await followLink();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('Track Wildlife Sightings with Precision').waitFor();
    expect((await context.request.get('/api/auth/user')).status()).toBe(401);
    await context.close();
  });
});
