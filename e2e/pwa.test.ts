import { randomUUID } from 'node:crypto';
import { copyFile, readFile, rm, writeFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import {
  baseURL,
  controlledBy,
  createLog,
  expectToast,
  pathOf,
  signUp,
  withWorker,
} from './support.js';

// The installable offline app: worker, manifest, offline reads, update notice, install card,
// and the installed-app sign-in bridge (SPEC §1, §2, §4).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** What the worker's `/__pwa_auth_bridge` answers to this page. */
const storedBridgeToken = (page: Page) =>
  page.evaluate("fetch('/__pwa_auth_bridge').then((r) => r.json())") as Promise<{
    token: string | null;
    expired: boolean;
  }>;

/** The installed app, as iOS marks it (display-mode cannot be emulated). */
const runStandalone = (context: BrowserContext) =>
  context.addInitScript({
    content: "Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true });",
  });

describe('the service worker', () => {
  it('is served from /sw.js uncached, with the manifest, and registered by the app', async () => {
    const worker = await fetch(`${baseURL}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    const manifest = (await (await fetch(`${baseURL}/manifest.webmanifest`)).json()) as {
      display: string;
      start_url: string;
      icons: Array<{ src: string; sizes: string; purpose?: string }>;
    };
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      expect((await fetch(`${baseURL}${icon.src}`)).status).toBe(200);
    }

    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (/worker/i.test(message.text())) errors.push(message.text());
    });
    await controlledBy(page, '/');
    expect(await page.evaluate('navigator.serviceWorker.controller.scriptURL')).toBe(
      `${baseURL}/sw.js`,
    );
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe(
      '/manifest.webmanifest',
    );
    expect(errors).toEqual([]); // a registration failure is only logged (SPEC §8)
    await context.close();
  });

  it('opens the last-seen list and details offline, and a shared page seen once', async () => {
    const { context, page } = await signUp(browser, { ...withWorker, timezoneId: 'UTC' });
    const owl = await createLog(context, { speciesCommon: 'Offline Owl', placeName: 'Marsh Lane' });
    await controlledBy(page, '/');
    await page.getByRole('heading', { name: 'Offline Owl' }).waitFor();
    await page.goto(`/logs/${owl.id}`);
    await page.getByText('Marsh Lane').waitFor();
    await page.goto(`/shared/${owl.id}`);
    await page.getByRole('heading', { name: 'Wildlife Sighting' }).waitFor();

    await context.setOffline(true);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Offline Owl' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Offline Owl' }).waitFor();
    await page.goto(`/logs/${owl.id}`);
    await page.getByRole('heading', { name: 'Log Details' }).waitFor();
    await page.getByText('Marsh Lane').waitFor();
    await page.goto(`/shared/${owl.id}`);
    await page.getByRole('heading', { name: 'Wildlife Sighting' }).waitFor();
    await context.close();
  });

  it('offers an update when a new worker version is deployed between two page loads', async () => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await controlledBy(page, '/');
    const worker = new URL('../dist/web/sw.js', import.meta.url);
    const compressed = ['.br', '.gz'].map((ext) => new URL(`${worker.href}${ext}`));
    const original = await readFile(worker, 'utf8');
    for (const file of compressed) await copyFile(file, `${file.pathname}.saved`).catch(() => {});
    try {
      await Promise.all(compressed.map((file) => rm(file, { force: true })));
      await writeFile(worker, `${original}\n// deployed ${randomUUID()}\n`);
      await page.reload();
      await expectToast(page, 'Update available', 'A new version is available. Refresh to update.');
      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', { name: 'Refresh' }).click();
      await reloaded;
      await page.waitForFunction('navigator.serviceWorker.controller !== null');
      expect(
        await page.evaluate(
          'navigator.serviceWorker.getRegistration().then((r) => r.waiting === null)',
        ),
      ).toBe(true);
    } finally {
      await writeFile(worker, original);
      for (const file of compressed) {
        await copyFile(`${file.pathname}.saved`, file).catch(() => {});
        await rm(`${file.pathname}.saved`, { force: true });
      }
      await context.close();
    }
  });
});

describe('the install card', () => {
  const offerInstall = (page: Page, outcome: 'accepted' | 'dismissed') =>
    page.evaluate(`{
      const offer = new Event('beforeinstallprompt', { cancelable: true });
      offer.prompt = async () => { window.prompted = true; };
      offer.userChoice = Promise.resolve({ outcome: '${outcome}' });
      window.dispatchEvent(offer);
    }`);

  it('prompts on Install and goes once accepted; Not now and close hide it', async () => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByText('Track Wildlife Sightings with Precision').waitFor();
    const card = page.getByRole('region', { name: 'Install app' });

    // offered before the person has done anything, it waits for their first move
    await offerInstall(page, 'accepted');
    await page.waitForTimeout(300);
    expect(await card.count()).toBe(0);
    await page.keyboard.press('Shift');
    await card.waitFor();
    await card.getByRole('button', { name: 'Install' }).click();
    await card.waitFor({ state: 'detached' });
    expect(await page.evaluate('window.prompted')).toBe(true);

    await offerInstall(page, 'dismissed');
    await card.getByRole('button', { name: 'Not now' }).click();
    await card.waitFor({ state: 'detached' });

    await offerInstall(page, 'dismissed');
    await card.getByRole('button', { name: 'Close' }).click();
    await card.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('the installed-app sign-in bridge', () => {
  it('shows each state of the completion page', async () => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto('/pwa-auth-complete');
    await page.getByRole('heading', { name: 'Setup failed' }).waitFor();
    await page.getByText('There was a problem completing authentication').waitFor();
    await page.getByText('Error: No authentication token found').waitFor();
    await page.getByText('Please close this page and try signing in again from the app.').waitFor();

    await context.close();

    // the worker's answers, stubbed: routes do not see requests a worker answers
    const stubbed = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    const stub = await stubbed.newPage();
    const answer = async (status: number, body: string) => {
      // the server's binding check passes: these are the worker's failures
      await stubbed.route('**/api/pwa-auth-bridge/binding', (route) =>
        route.fulfill({ status: 204 }),
      );
      await stubbed.route('**/__pwa_auth_bridge', (route) =>
        route.fulfill({ status, contentType: 'application/json', body }),
      );
    };
    await answer(500, '{"message":"worker gone"}');
    await stub.goto('/pwa-auth-complete?token=abc');
    await stub.getByText('Error: Failed to store authentication token').waitFor();
    await stubbed.unrouteAll();
    await answer(200, '{}');
    await stub.goto('/pwa-auth-complete?token=abc');
    await stub.getByText('Error: Token storage failed').waitFor();
    await stubbed.unrouteAll();
    await answer(200, '{"success":true}');
    await stub.goto('/pwa-auth-complete?token=abc');
    // no worker takes control here, so the page waits for one a while before storing
    await stub.getByRole('heading', { name: 'Setting up authentication...' }).waitFor();
    await stub.getByText('Please wait while we complete the setup').waitFor();
    await stub.getByText('This should only take a moment...').waitFor();
    await stub.getByRole('heading', { name: 'Authentication successful!' }).waitFor();
    await stub.getByText('You can now use the Sightbook app').waitFor();
    await stubbed.close();
  });

  it('signs the installed app in with the token a browser sign-in left, once', async () => {
    // the browser: a pwa sign-in through the form ends on the completion page
    const { context: browserTab, page } = await signUp(browser, withWorker);
    const { email } = (await (await browserTab.request.get('/api/auth/user')).json()) as {
      email: string;
    };
    await browserTab.clearCookies();
    await controlledBy(page, '/');
    await page.goto('/api/login?pwa=true');
    await page.waitForURL('**/login?pwa=true');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/pwa-auth-complete');
    const token = new URL(page.url()).searchParams.get('token');
    expect(token).toMatch(/^[\w-]{43}$/);
    await page.getByRole('heading', { name: 'Authentication successful!' }).waitFor();
    const stored = await storedBridgeToken(page);
    expect(stored).toEqual({ token, expired: false });

    // the installed app: no cookie of the browser's, the same Cache Storage
    await browserTab.clearCookies();
    await runStandalone(browserTab);
    const app = await browserTab.newPage();
    await app.goto('/');
    await app.getByRole('heading', { name: 'Wildlife Logs' }).waitFor();
    expect(pathOf(app)).toBe('/');
    expect(await storedBridgeToken(app)).toEqual({ token: null, expired: false });

    // the token was spent
    const again = await browserTab.request.post('/api/pwa-auth-bridge', { data: { token } });
    expect(again.status()).toBe(401);
    await browserTab.close();
  });

  it('refuses a token planted in a link: it was issued to another browser', async () => {
    // Mallory ends a pwa sign-in in her own browser and sends Ada the completion link
    const { context: mallory, page: malloryPage } = await signUp(browser);
    const planted = await malloryPage.request.get('/api/login?pwa=true', { maxRedirects: 0 });
    const link = planted.headers().location!;
    expect(link).toMatch(/^\/pwa-auth-complete\?token=[\w-]{43}$/);
    await mallory.close();

    const ada = await browser.newContext({ baseURL, ...withWorker });
    const page = await ada.newPage();
    await controlledBy(page, '/');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Setup failed' }).waitFor();
    await page
      .getByText('Error: This sign-in was not started in this browser. Sign in again from the app.')
      .waitFor();
    expect(await storedBridgeToken(page)).toEqual({ token: null, expired: false });
    await ada.close();
  });

  it('leaves an installed app with an expired stored token signed out, and deletes it', async () => {
    const context = await browser.newContext({ baseURL });
    await runStandalone(context);
    const page = await context.newPage();
    await controlledBy(page, '/');
    await page.getByText('Track Wildlife Sightings with Precision').waitFor(); // start check done
    // a token whose five minutes have passed, as the worker keeps it
    await page.evaluate(`caches.open('pwa-auth-bridge').then((cache) => cache.put(
      '/__pwa_auth_bridge/token',
      new Response(JSON.stringify({ token: 'old', expiresAt: Date.now() - 1000 })),
    ))`);
    expect(await storedBridgeToken(page)).toEqual({ token: 'old', expired: true });
    const exchanges: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/pwa-auth-bridge')) exchanges.push(request.url());
    });
    await page.reload();
    await page.getByText('Track Wildlife Sightings with Precision').waitFor();
    expect(exchanges).toEqual([]);
    expect(await storedBridgeToken(page)).toEqual({ token: null, expired: false });
    await context.close();
  });
});
