import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleImage, uniqueEmail } from '../support/helpers.js';
import {
  startTestProvider,
  TEST_CLIENT,
  TestBrowser,
  type TestProvider,
} from '../support/oidc-provider.js';
import {
  freePort,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../support/server-processes.js';

// `npm run dev`: the server from its sources and Vite's dev server with the project's
// vite.config.ts, the browser talking only to Vite, which proxies /api and /objects.

const root = new URL('../..', import.meta.url).pathname;

let provider: TestProvider;
let server: ServerProcess;
let vite: ViteDevServer;
let dataDir: string;
let cacheDir: string;
/** Where the browser opens the app: Vite's address. */
let origin: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sightbook-dev-'));
  cacheDir = await mkdtemp(join(tmpdir(), 'sightbook-dev-vite-'));
  const vitePort = await freePort();
  origin = `http://localhost:${vitePort}`;
  provider = await startTestProvider();
  provider.trustApp(origin); // the callback comes back through Vite
  server = await startServerProcess(['--import', 'tsx', 'src/server/main.ts'], {
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    PUBLIC_URL: undefined,
    OIDC_ISSUER_URL: provider.issuer,
    OIDC_CLIENT_ID: TEST_CLIENT.id,
    OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
    ALLOW_LOCAL_ACCOUNTS: 'true', // both ways of signing in, through one server
  });
  // vite.config.ts proxies to the server's PORT, as both processes of `npm run dev` see it
  const port = process.env.PORT;
  process.env.PORT = new URL(server.url).port;
  try {
    vite = await createServer({
      configFile: join(root, 'vite.config.ts'),
      cacheDir,
      logLevel: 'silent',
      clearScreen: false,
      optimizeDeps: { noDiscovery: true, include: [] }, // no page is loaded: no bundling
      server: { host: 'localhost', port: vitePort, strictPort: true, watch: null },
    });
  } finally {
    if (port === undefined) delete process.env.PORT;
    else process.env.PORT = port;
  }
  await vite.listen();
}, 120_000);
afterAll(async () => {
  await vite?.close();
  if (server) await stopServerProcess(server.child);
  await provider?.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(cacheDir, { recursive: true, force: true });
});

/** A request from the app's page: same origin, so the browser sends Origin on writes. */
function call(path: string, init: { method?: string; cookie?: string; json?: unknown } = {}) {
  const headers: Record<string, string> = { origin, 'sec-fetch-site': 'same-origin' };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${origin}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    redirect: 'manual',
  });
}

const sessionOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith('sid='));

describe('the dev setup (npm run dev)', () => {
  it('serves the web app from Vite', async () => {
    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/src/web/main.tsx');
  });

  it('signs up, signs in and writes a log through the proxy', async () => {
    const email = uniqueEmail('dev');
    const password = 'correct horse battery';
    const registered = await call('/api/auth/register', {
      method: 'POST',
      json: { email, password },
    });
    expect(registered.status, await registered.clone().text()).toBe(201);
    expect(sessionOf(registered)).toBeDefined();

    const signedIn = await call('/api/auth/login', { method: 'POST', json: { email, password } });
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
    const cookie = sessionOf(signedIn)!;

    const created = await call('/api/logs', {
      method: 'POST',
      cookie,
      json: { speciesCommon: 'Kingfisher', count: 2, observedAt: '2026-06-01T07:00:00Z' },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const list = (await (await call('/api/logs', { cookie })).json()) as {
      items: { id: string }[];
    };
    expect(list.items.map((log) => log.id)).toEqual([id]);

    // still refused from another site, through the proxy too
    const foreign = await fetch(`${origin}/api/logs`, {
      method: 'POST',
      headers: { origin: 'http://evil.example', cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ speciesCommon: 'Magpie', count: 1, observedAt: '2026-06-01T07:00Z' }),
    });
    expect(foreign.status).toBe(403);
  });

  it('uploads a photo to the local store and serves it under /objects/', async () => {
    const registered = await call('/api/auth/register', {
      method: 'POST',
      json: { email: uniqueEmail('dev-photo'), password: 'correct horse battery' },
    });
    const cookie = sessionOf(registered)!;
    const photo = await sampleImage('png');
    const start = await call('/api/photos/upload', {
      method: 'POST',
      cookie,
      json: { size: photo.length },
    });
    expect(start.status, await start.clone().text()).toBe(200);
    const { uploadURL } = (await start.json()) as { uploadURL: string };
    expect(uploadURL).toMatch(/^\/api\//); // relative: through Vite as well
    const put = await fetch(`${origin}${uploadURL}`, {
      method: 'PUT',
      headers: { origin, cookie, 'content-type': 'image/png' },
      body: new Uint8Array(photo),
    });
    expect(put.status, await put.clone().text()).toBe(204);
    const completed = await call('/api/photos/complete', {
      method: 'PUT',
      cookie,
      json: { photoURL: uploadURL },
    });
    expect(completed.status, await completed.clone().text()).toBe(200);
    const { objectPath } = (await completed.json()) as { objectPath: string };
    const served = await call(objectPath, { cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\//);
  });

  it('signs in through the OpenID Connect provider, back through Vite', async () => {
    const subject = 'dev-subject';
    provider.accounts.set(subject, {
      email: uniqueEmail('dev-oidc'),
      email_verified: true,
      given_name: 'Grace',
      family_name: 'Hopper',
    });
    const browser = new TestBrowser();
    // authorize() follows redirects until one leads back to Vite's origin: the callback
    const callback = await browser.authorize(`${origin}/api/login`, subject);
    expect(new URL(callback).pathname).toBe('/api/callback');
    const landing = await browser.request(callback);
    expect(landing).toMatchObject({ status: 302, location: `${origin}/` });
    const me = await browser.request(`${origin}/api/auth/user`);
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ firstName: 'Grace' });
  });
});
