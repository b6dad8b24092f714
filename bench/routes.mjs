#!/usr/bin/env node
// Issue 23, fast first visits: how long a signed-in page takes to open from the logs list in
// Chromium, from the click to its content drawn with its data, when its code was never loaded.
// Usage: npm run build && node bench/routes.mjs   (embedded store; prints a table, asserts nothing)
//
// Each route is opened in a fresh browser context (its own HTTP cache, no service worker, so
// nothing came before), in four ways, alternated sample by sample:
//   cold      the click comes right after the list is drawn: nothing was loaded ahead;
//   hover     the pointer rests on the link for 150 ms first, as a person's does before a click;
//   idle      the list was left open for 6 s, so the app loaded the header's pages while idle;
//   warm      the same page opened a second time (its code loaded, its data asked again): the
//             ceiling, what a route change costs without loading any code.
// The figures are medians; the ratio is each way's median over the warm one.
/* global document, location, requestAnimationFrame -- the measure runs in the page */
import { chromium } from 'playwright-core';
import { requireBuild, signUp, startBuiltServer } from './built-app.mjs';

requireBuild();
const SAMPLES = Number(process.env.SAMPLES ?? 5);
const HOVER_MS = 150;
const IDLE_WAIT_MS = 6000;
const ways = ['cold', 'hover', 'idle'];

// what each page shows once it has its data (checked on every frame after the click)
const routes = [
  {
    name: 'details',
    link: 'main a[href^="/logs/"]:not([href="/logs/new"])',
    ready: `[...document.querySelectorAll('h2')].some((h) => h.textContent === 'Song Thrush')`,
  },
  {
    name: 'new log',
    link: 'main a[href="/logs/new"]',
    ready: `[...document.querySelectorAll('h1')].some((h) => h.textContent === 'New Wildlife Log')`,
  },
  {
    name: 'stats',
    link: 'nav a[href="/stats"]',
    ready: `document.querySelectorAll('main canvas').length >= 2`,
  },
  {
    name: 'map',
    link: 'nav a[href="/map"]',
    ready: `document.querySelector('.leaflet-marker-icon, .marker-cluster') !== null`,
  },
  {
    name: 'lists',
    link: 'nav a[href="/lists"]',
    ready: `/\\d+ species/.test(document.querySelector('main')?.textContent ?? '')`,
  },
  {
    name: 'outings',
    link: 'nav a[href="/outings"]',
    ready: `/\\d+ outings?\\b/.test(document.querySelector('main p')?.textContent ?? '')`,
  },
];

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await startBuiltServer({ SEED_TAXA: 'false', REGISTRATION: 'open' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
try {
  const headers = await signUp(server.base);
  const species = ['Song Thrush', 'Robin', 'Blackbird', 'Wren', 'Chiffchaff', 'Great Tit'];
  for (let i = 0; i < 60; i++) {
    const day = new Date(Date.UTC(2026, 0, 1) + i * 5 * 86_400_000).toISOString();
    await fetch(`${server.base}/api/logs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        speciesCommon: species[i % species.length],
        count: 1 + (i % 7),
        observedAt: day,
        placeName: `Wood ${i % 4}`,
        latitude: 51.5 + (i % 10) / 100,
        longitude: -0.1 + (i % 7) / 100,
      }),
    });
  }
  // the newest log first on the list, and the one the details route opens
  await fetch(`${server.base}/api/logs`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      speciesCommon: 'Song Thrush',
      count: 2,
      observedAt: '2027-01-01T08:00:00Z',
    }),
  });
  await fetch(`${server.base}/api/outings`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({
      startedAt: '2026-05-01T06:00:00Z',
      timeZone: 'Europe/London',
      protocol: 'traveling',
      durationMinutes: 90,
      distanceKm: 3.2,
      partySize: 1,
      complete: true,
      placeName: 'Wood 1',
    }),
  });
  const cookies = headers.cookie.split('; ').map((pair) => {
    const [name, ...value] = pair.split('=');
    return { name, value: value.join('='), url: server.base };
  });

  /** Opens the list, prepares the given way, clicks the route's link: ms to its content. */
  async function open(route, way) {
    const context = await browser.newContext({
      baseURL: server.base,
      serviceWorkers: 'block',
      viewport: { width: 1280, height: 800 },
    });
    await context.addCookies(cookies);
    const page = await context.newPage();
    try {
      await page.goto('/');
      await page.locator('main a[href^="/logs/"]:not([href="/logs/new"])').first().waitFor();
      await page.locator('nav a[href="/stats"]').waitFor(); // the header too
      const link = page.locator(route.link).first();
      if (way === 'hover') {
        await link.hover();
        await page.waitForTimeout(HOVER_MS);
      }
      if (way === 'idle' || way === 'warm') await page.waitForTimeout(IDLE_WAIT_MS);
      if (way === 'warm') {
        await measure(page, route);
        await page.goBack();
        await page.locator('main a[href^="/logs/"]:not([href="/logs/new"])').first().waitFor();
      }
      return await measure(page, route);
    } finally {
      await context.close();
    }
  }

  function measure(page, route) {
    return page.evaluate(
      ([selector, ready]) =>
        new Promise((resolve, reject) => {
          const isReady = new Function(`return ${ready}`);
          const start = performance.now();
          const link = document.querySelector(selector);
          if (!link) return reject(new Error(`no ${selector} on ${location.pathname}`));
          link.click();
          const check = () => {
            if (isReady()) resolve(performance.now() - start);
            else if (performance.now() - start > 15_000)
              reject(new Error(`${selector} never ready`));
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }),
      [route.link, route.ready],
    );
  }

  const results = new Map(
    routes.map((route) => [route.name, { cold: [], hover: [], idle: [], warm: [] }]),
  );
  for (let sample = 0; sample < SAMPLES; sample++) {
    for (const route of routes) {
      for (const way of [...ways, 'warm']) {
        results.get(route.name)[way].push(await open(route, way));
      }
    }
  }
  const rows = routes.map(({ name }) => {
    const times = results.get(name);
    const warm = median(times.warm);
    const row = { route: name };
    for (const way of ways) {
      const value = median(times[way]);
      row[`${way} ms`] = Math.round(value);
      row[`${way}/warm`] = (value / warm).toFixed(2);
    }
    row['warm ms'] = Math.round(warm);
    return row;
  });
  console.log(`Route changes from the logs list, medians of ${SAMPLES} alternated samples`);
  console.table(rows);
} finally {
  await browser.close();
  await server.stop();
}
