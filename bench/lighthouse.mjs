#!/usr/bin/env node
// Lighthouse (mobile emulation, simulated throttling) on the landing page and the signed-in logs
// list of the built app: prints the performance and accessibility scores and the key timings.
// Usage: npm run build && node bench/lighthouse.mjs      (uses /usr/bin/chromium or CHROME_PATH)
//   RUNS=5 for more alternated runs (3 by default), LH_ONLY=list or landing for one page only,
//   LH_SAVE=/tmp/lh to keep each page's last report as /tmp/lh-list.json.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, requireBuild } from './built-app.mjs';

requireBuild();

/** One command to the browser over its DevTools protocol (Node's own WebSocket). */
async function browserCommand(port, method, params) {
  const { webSocketDebuggerUrl } = await (
    await fetch(`http://127.0.0.1:${port}/json/version`)
  ).json();
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const done = new Promise((resolve, reject) => {
    socket.onmessage = ({ data }) => {
      const reply = JSON.parse(data);
      if (reply.error) reject(new Error(reply.error.message));
      else resolve(reply.result);
    };
  });
  socket.send(JSON.stringify({ id: 1, method, params }));
  try {
    return await done;
  } finally {
    socket.close();
  }
}

const RUNS = Number(process.env.RUNS ?? 3); // alternated, landing then list; medians printed
const ONLY = process.env.LH_ONLY; // 'landing' or 'list': one page only, for quick looks

const dataDir = mkdtempSync(join(tmpdir(), 'sightbook-lighthouse-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
});
let chrome;
try {
  for (let i = 0; ; i++) {
    const ok = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 300) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // A signed-in user with a page of sightings, for the logs list.
  const registered = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'lighthouse@example.org',
      password: 'lighthouse runner',
      firstName: 'Light',
    }),
  });
  // the session and its hint (which tells the app to ask who is signed in), as a browser keeps them
  const cookies = registered.headers.getSetCookie().map((c) => c.split(';')[0]);
  const cookie = cookies.join('; ');
  for (let day = 1; day <= 24; day++) {
    await fetch(`${origin}/api/logs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        speciesCommon: ['Robin', 'Blackbird', 'Wren', 'Song Thrush'][day % 4],
        count: day,
        observedAt: `2026-05-${String(day).padStart(2, '0')}T07:30:00Z`,
        placeName: 'Hyde Park',
      }),
    });
  }

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // Signed in through the browser's own cookies, set before the list's run (after the landing
  // page's): a Cookie header alone would not reach document.cookie, and the app would show the
  // landing page again.
  const signIn = () =>
    browserCommand(chrome.port, 'Storage.setCookies', {
      cookies: cookies.map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name, value: value.join('='), url: origin };
      }),
    });
  const signOut = () => browserCommand(chrome.port, 'Storage.clearCookies', {});
  const pages = [
    { key: 'landing', name: 'landing', url: `${origin}/`, before: signOut },
    {
      key: 'list',
      name: 'logs list (signed in)',
      url: `${origin}/`,
      before: signIn,
      asks: '/api/logs?',
    },
  ].filter((page) => !ONLY || page.key === ONLY);
  const figures = new Map(pages.map((page) => [page.name, []]));
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const print = (name, run) =>
    console.log(
      `${name.padEnd(24)}${String(run.performance).padStart(11)}  ${String(run.accessibility).padStart(13)}  ` +
        `${seconds(run.fcp).padEnd(9)}${seconds(run.lcp).padEnd(9)}${`${Math.round(run.tbt)} ms`.padEnd(8)}${run.cls.toFixed(3)}`,
    );
  console.log('page                    performance  accessibility  FCP      LCP      TBT     CLS');
  for (const page of Array.from({ length: RUNS }, () => pages).flat()) {
    await page.before?.();
    const audit = () =>
      lighthouse(page.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
    let { lhr } = await audit();
    // 'Please run Lighthouse again' (a trace without its navigation start, now and then): once
    if (lhr.runtimeError?.code === 'NO_NAVSTART') ({ lhr } = await audit());
    if (lhr.runtimeError) throw new Error(`${page.name}: ${lhr.runtimeError.message}`);
    // the page audited is the one meant: the list asked for its logs
    const requests = lhr.audits['network-requests'].details.items.map((item) => item.url);
    if (page.asks && !requests.some((url) => url.includes(page.asks))) {
      throw new Error(`${page.name}: the page audited never asked for ${page.asks}`);
    }
    const score = (id) => Math.round((lhr.categories[id].score ?? 0) * 100);
    const value = (id) => lhr.audits[id].numericValue;
    const run = {
      performance: score('performance'),
      accessibility: score('accessibility'),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
    };
    figures.get(page.name).push(run);
    if (process.env.LH_SAVE)
      writeFileSync(`${process.env.LH_SAVE}-${page.key}.json`, JSON.stringify(lhr));
    print(page.name, run);
  }
  console.log(`medians of ${RUNS} alternated runs:`);
  for (const [name, runs] of figures) {
    const median = (key) => {
      const sorted = runs.map((run) => run[key]).toSorted((a, b) => a - b);
      const middle = runs.length >> 1; // an even count: the mean of the two in the middle
      return runs.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    };
    print(name, Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(key)])));
  }
  for (const [name, runs] of figures) {
    const scores = runs.map((run) => run.performance).toSorted((a, b) => a - b);
    console.log(`${name}: performance of each run, lowest first: ${scores.join(', ')}`);
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
