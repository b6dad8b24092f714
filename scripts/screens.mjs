// Screenshots of every main screen at phone (390 px, touch), 320 px and desktop sizes, in light
// and dark, of an account filled from a real eBird download plus logs with photos: the "look at
// it" step of a change to the screens, before and after (issue 34).
//
//   NODE_ENV=production npm run build
//   node scripts/screens.mjs --out /tmp/screens [--ebird "My eBird Data.csv"] [--only list,stats]
//
// It starts dist/server/main.js on a fresh embedded store (the first start loads the backbone:
// a minute or two) and writes <screen>-<width>-<theme>.png into --out.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { requireBuild, signUp, startBuiltServer } from '../bench/built-app.mjs';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'screens' },
    ebird: { type: 'string' },
    only: { type: 'string' },
  },
});
requireBuild();
mkdirSync(values.out, { recursive: true });

/** A photo-sized JPEG: a sky-to-ground gradient with a bird-like shape, different per seed. */
async function photo(seed) {
  const hue = (seed * 67) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,70%)"/>
      <stop offset="1" stop-color="hsl(${(hue + 40) % 360},45%,30%)"/></linearGradient></defs>
    <rect width="1600" height="1200" fill="url(#g)"/>
    <ellipse cx="${700 + seed * 40}" cy="560" rx="260" ry="150" fill="hsl(${(hue + 180) % 360},40%,25%)"/>
    <circle cx="${940 + seed * 40}" cy="440" r="90" fill="hsl(${(hue + 180) % 360},40%,20%)"/>
    <rect x="0" y="900" width="1600" height="300" fill="hsl(${(hue + 90) % 360},35%,25%)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

const dataDir = mkdtempSync(join(tmpdir(), 'sightbook-screens-'));
const server = await startBuiltServer({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
// everything after the start in one try: a script that fails half-way leaves no server behind
let browser;
try {
  const base = server.base;
  const headers = await signUp(base);
  const api = async (method, path, body, extra = {}) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...headers, ...extra },
      body: body === undefined ? undefined : Buffer.isBuffer(body) ? body : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
    return response.status === 204 ? null : response.json();
  };

  if (values.ebird) {
    const report = await api('POST', '/api/import?onInvalid=skip', readFileSync(values.ebird), {
      'content-type': 'text/csv',
    });
    console.log(`imported ${report.imported ?? JSON.stringify(report).slice(0, 120)}`);
  }
  const photoLogs = [
    ['Bald Eagle', 'Haliaeetus leucocephalus', 2],
    ['Northern Cardinal', 'Cardinalis cardinalis', 1],
    ['Great Blue Heron', 'Ardea herodias', 1],
    ['Red-winged Blackbird', 'Agelaius phoeniceus', 50000],
  ];
  let photoLog;
  for (const [index, [common, scientific, count]] of photoLogs.entries()) {
    const image = await photo(index);
    const { uploadURL } = await api('POST', '/api/photos/upload', { size: image.length });
    await fetch(new URL(uploadURL, base), {
      method: 'PUT',
      headers: { cookie: headers.cookie, 'content-type': 'image/jpeg' },
      body: image,
    });
    const { objectPath } = await api('PUT', '/api/photos/complete', { photoURL: uploadURL });
    const log = await api('POST', '/api/logs', {
      speciesCommon: common,
      speciesScientific: scientific,
      count,
      observedAt: new Date(Date.now() - index * 3_600_000).toISOString(),
      placeName: 'Mill Creek Lake',
      latitude: 40.7 + index / 100,
      longitude: -74 + index / 100,
      notes: 'Perched on the dead oak by the boat ramp,\nthen flew north.',
      isPublic: true,
      uploadedPhotoUrls: [objectPath],
    });
    photoLog ??= log;
  }
  const outings = await api('GET', '/api/outings?limit=1');
  const outingId = outings.items[0]?.id;

  const screens = [
    ['landing', '/', { signedOut: true }],
    ['list', '/'],
    ['no-match', '/?q=zzzz'],
    ['details', `/logs/${photoLog.id}`],
    ['form', '/logs/new'],
    ['edit', `/logs/${photoLog.id}/edit`],
    ['shared', `/shared/${photoLog.id}`, { signedOut: true }],
    ...(outingId ? [['outing', `/outings/${outingId}`]] : []),
    ['outings', '/outings'],
    ['lists', '/lists'],
    ['stats', '/stats'],
    ['map', '/map'],
    ['account', '/account'],
    ['not-found', '/logs/00000000-0000-4000-8000-000000000000'],
    ['no-page', '/no-such-page'],
  ].filter(([name]) => !values.only || values.only.split(',').includes(name));

  const sizes = [
    { name: 390, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    { name: 320, viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true },
    { name: 1280, viewport: { width: 1280, height: 800 } },
  ];
  const cookie = headers.cookie.split('; ').map((pair) => {
    const [name, ...rest] = pair.split('=');
    return { name, value: rest.join('='), url: base };
  });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  for (const { name: width, ...device } of sizes)
    for (const colorScheme of ['light', 'dark']) {
      const contexts = {};
      for (const signedOut of [false, true]) {
        contexts[signedOut] = await browser.newContext({
          ...device,
          colorScheme,
          locale: 'en-US',
          serviceWorkers: 'block',
        });
        if (!signedOut) await contexts[signedOut].addCookies(cookie);
      }
      for (const [screen, path, options = {}] of screens) {
        const page = await contexts[Boolean(options.signedOut)].newPage();
        page.setDefaultTimeout(120_000); // a loaded two-core box
        await page.goto(`${base}${path}`, { waitUntil: 'load' });
        await page
          .locator('h1')
          .first()
          .waitFor({ timeout: 15_000 })
          .catch(() => {});
        // the lists, charts and map tiles load after the heading
        await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
        await page.waitForTimeout(1_000);
        const file = join(values.out, `${screen}-${width}-${colorScheme}.png`);
        await page.screenshot({ path: file }); // the first screen, as a user sees it
        await page.close();
      }
      for (const context of Object.values(contexts)) await context.close();
    }
  console.log(`wrote ${screens.length * sizes.length * 2} screenshots to ${values.out}`);
} finally {
  await browser?.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
