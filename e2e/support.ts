import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const baseURL = inject('baseURL');

export interface SignedIn {
  context: BrowserContext;
  page: Page;
}

/** For signUp: a context whose pages the service worker controls (blocked by default). */
export const withWorker = { serviceWorkers: 'allow' } as const;

/** A fresh account signed in through the API; the page shares the context's cookies. */
export async function signUp(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<SignedIn> {
  // no service worker unless a test is about it: page.route() does not see what a worker answers,
  // and its install competes with the page for the machine
  const context = await browser.newContext({
    baseURL,
    locale: 'en-US',
    serviceWorkers: 'block',
    ...options,
  });
  // Linux Chromium has no share sheet; make sure the clipboard path is the one under test
  await context.addInitScript({ content: 'delete Navigator.prototype.share;' });
  const response = await context.request.post('/api/auth/register', {
    data: {
      email: `e2e-${randomUUID()}@example.com`,
      password: 'correct horse battery',
      firstName: 'Ada',
      lastName: 'Tester',
    },
  });
  expect(response.status()).toBe(201);
  return { context, page: await context.newPage() };
}

export interface LogInput {
  speciesCommon: string;
  speciesScientific?: string;
  count?: number | null;
  countKind?: 'counted' | 'present' | 'evidence';
  observedAt?: string;
  placeName?: string;
  latitude?: number;
  longitude?: number;
  timeZone?: string;
  showExactLocation?: boolean;
  locationPrivacy?: 'open' | 'obscured' | 'private';
  locationEmbargoUntil?: string | null;
  description?: string;
  notes?: string;
  isPublic?: boolean;
  photoLinks?: string[];
  uploadedPhotoUrls?: string[];
  uploadedRecordingUrls?: string[];
  outingId?: string;
  county?: string;
  stateProvince?: string;
  countryCode?: string;
  locationId?: string;
  breedingCode?: string;
  captive?: boolean;
  mediaUrls?: string[];
  sourceUrl?: string;
}

export interface CreatedLog {
  id: string;
  speciesCommon: string;
  createdAt: string;
  updatedAt: string;
}

export async function createLog(context: BrowserContext, log: LogInput): Promise<CreatedLog> {
  const response = await context.request.post('/api/logs', {
    data: { count: 1, observedAt: '2026-05-01T06:30:00Z', ...log },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as CreatedLog;
}

export interface OutingInput {
  startedAt: string;
  timeZone?: string;
  protocol?: string;
  durationMinutes?: number;
  distanceKm?: number;
  partySize?: number;
  complete?: boolean;
  placeName?: string;
  latitude?: number;
  longitude?: number;
  notes?: string;
  isPublic?: boolean;
  locationPrivacy?: 'open' | 'obscured' | 'private';
}

/** An outing made through the API, as the outings pages would show it. */
export async function createOuting(context: BrowserContext, outing: OutingInput) {
  const response = await context.request.post('/api/outings', { data: outing });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string };
}

/** An image uploaded through the API, as the upload dialog does it: its object path. */
export async function uploadImage(context: BrowserContext, image: Buffer, contentType: string) {
  const start = await context.request.post('/api/photos/upload', { data: { size: image.length } });
  const { uploadURL } = (await start.json()) as { uploadURL: string };
  const put = await context.request.put(uploadURL, {
    data: image,
    headers: { 'content-type': contentType },
  });
  expect(put.status()).toBe(204);
  const complete = await context.request.put('/api/photos/complete', {
    data: { photoURL: uploadURL },
  });
  return ((await complete.json()) as { objectPath: string }).objectPath;
}

/** The clipboard's text (needs the clipboard-read permission). */
export const readClipboard = (page: Page) =>
  page.evaluate('navigator.clipboard.readText()') as Promise<string>;

/** A page of the app, and what shows once it is ready to be looked at. */
export interface Screen {
  name: string;
  path: string;
  ready: (page: Page) => Promise<unknown>;
}

/** Waits for the page's own heading. */
export const heading = (name: string) => (page: Page) =>
  page.getByRole('heading', { name, level: 1 }).waitFor();

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Loads the page, then again once the service worker controls it (the first load installs it). */
export async function controlledBy(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate('navigator.serviceWorker.ready');
  await page.waitForFunction('navigator.serviceWorker.controller !== null');
  await page.reload();
}

/** The visible toast with this title and description (sonner renders one at a time here). */
export async function expectToast(page: Page, title: string, description: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title });
  await toast.filter({ hasText: description }).first().waitFor();
}

/** What expectAccessible reads of the page's document (the e2e files are typed without the DOM). */
interface AnimatedDocument {
  getAnimations(): Array<{
    playState: string;
    effect: { getComputedTiming(): { endTime?: number | string } } | null;
  }>;
}

/** No serious or critical accessibility violations on the page as it is now. */
export async function expectAccessible(page: Page) {
  // Colours read mid-transition (a button turning enabled) are neither the old nor the new ones:
  // let finite animations and transitions end first (spinners and skeletons run forever).
  await page.waitForFunction(() =>
    (globalThis as unknown as { document: AnimatedDocument }).document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    bad.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`),
  ).toEqual([]);
}

/** When SCREENSHOTS is set: all of the page, in that folder (for looking at a change). */
export async function shoot(page: Page, name: string) {
  const folder = process.env.SCREENSHOTS;
  if (folder) await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
}

/** The page in the light theme, then the dark one (the system's), each checked by axe and shot. */
export async function inBothThemes(page: Page, name: string, ready: () => Promise<unknown>) {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.reload();
    await ready();
    expect(await page.evaluate("document.documentElement.classList.contains('dark')")).toBe(
      theme === 'dark',
    );
    await page.waitForLoadState('networkidle');
    await shoot(page, `${name}-${theme}`);
    await expectAccessible(page);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
