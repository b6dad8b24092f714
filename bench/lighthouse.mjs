#!/usr/bin/env node
// Lighthouse (mobile emulation, simulated throttling) on the landing page and the signed-in logs
// list of the built app: prints the performance and accessibility scores and the key timings.
// Usage: npm run build && node bench/lighthouse.mjs      (uses /usr/bin/chromium or CHROME_PATH)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, requireBuild } from './built-app.mjs';

requireBuild();

/** Sets cookies in the browser over its DevTools protocol (Node's own WebSocket). */
async function setBrowserCookies(port, origin, pairs) {
  const { webSocketDebuggerUrl } = await (
    await fetch(`http://127.0.0.1:${port}/json/version`)
  ).json();
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const cookies = pairs.map((pair) => {
    const [name, ...value] = pair.split('=');
    return { name, value: value.join('='), url: origin };
  });
  const done = new Promise((resolve, reject) => {
    socket.onmessage = ({ data }) => {
      const reply = JSON.parse(data);
      if (reply.error) reject(new Error(reply.error.message));
      else resolve();
    };
  });
  socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies } }));
  await done;
  socket.close();
}

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
  const signIn = () => setBrowserCookies(chrome.port, origin, cookies);
  const pages = [
    { name: 'landing', url: `${origin}/` },
    { name: 'logs list (signed in)', url: `${origin}/`, before: signIn, asks: '/api/logs?' },
  ];
  console.log('page                    performance  accessibility  FCP      LCP      TBT     CLS');
  for (const page of pages) {
    await page.before?.();
    const result = await lighthouse(page.url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${page.name}: ${lhr.runtimeError.message}`);
    // the page audited is the one meant: the list asked for its logs
    const requests = lhr.audits['network-requests'].details.items.map((item) => item.url);
    if (page.asks && !requests.some((url) => url.includes(page.asks))) {
      throw new Error(`${page.name}: the page audited never asked for ${page.asks}`);
    }
    const score = (id) => Math.round((lhr.categories[id].score ?? 0) * 100);
    const audit = (id) => lhr.audits[id].displayValue ?? '';
    console.log(
      `${page.name.padEnd(24)}${String(score('performance')).padStart(11)}  ${String(score('accessibility')).padStart(13)}  ` +
        `${audit('first-contentful-paint').padEnd(9)}${audit('largest-contentful-paint').padEnd(9)}${audit('total-blocking-time').padEnd(8)}${audit('cumulative-layout-shift')}`,
    );
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
