import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { PAGE_SOURCES, renderIndexHtml } from '../../src/server/web-app.js';
import { testConfig } from '../support/helpers.js';

const webRoot = fileURLToPath(new URL('../fixtures/web/', import.meta.url));

describe('serving the web app', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ webRoot, appName: 'Birds & <Bees>' }));
  });
  afterAll(() => app.close());

  it.each([
    '/',
    '/login',
    '/logs/new',
    '/logs/3f1c/edit',
    '/logs/3f1c',
    '/stats',
    '/lists',
    '/map',
    '/shared/3f1c',
    '/pwa-auth-complete?token=x',
    '/sign-out',
  ])('answers the page %s with the app and 200', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('writes the configured product name into the page, escaped', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.body).toContain('<title>Birds &amp; &lt;Bees&gt;</title>');
    expect(res.body).toContain(
      '<meta name="application-name" content="Birds &amp; &lt;Bees&gt;" />',
    );
    const raw = await app.inject({ method: 'GET', url: '/index.html' });
    expect(raw.body).not.toContain('<title>Sightbook</title>');
  });

  it('writes the configured map tiles into the page, escaped, for the web app to read', async () => {
    const res = await app.inject({ method: 'GET', url: '/map' });
    expect(res.body).toContain(
      '<meta name="map-tile-url" content="https://tiles.example/{z}/{x}/{y}.png" />',
    );
    expect(res.body).toContain('<meta name="map-attribution" content="&amp;copy; Test tiles" />');
    expect(res.body.match(/name="map-tile-url"/g)).toHaveLength(1);
    expect(res.body.match(/name="map-attribution"/g)).toHaveLength(1);
  });

  it("preloads the sign-in check on every page, on /map the URL's sightings, on the list its page, escaped", async () => {
    const preloads = (body: string) =>
      [
        ...body.matchAll(
          /<link rel="preload" href="([^"]*)" as="fetch" crossorigin="use-credentials" \/>/g,
        ),
      ].map((match) => match[1]);
    // a browser with a session (signed out, nothing is preloaded: tests/auth/session-hint)
    const headers = { cookie: 'sid=s%3Aany' };
    expect(preloads((await app.inject({ method: 'GET', url: '/', headers })).body)).toEqual([
      '/api/auth/user',
      '/api/logs?page=1&amp;pageSize=20',
    ]);
    const third = await app.inject({ method: 'GET', url: '/?page=3', headers });
    expect(preloads(third.body)[1]).toBe('/api/logs?page=3&amp;pageSize=20');
    // a search or filters are checked by the list first: it asks for itself
    const searched = await app.inject({ method: 'GET', url: '/?q=owl&page=2', headers });
    expect(preloads(searched.body)).toEqual(['/api/auth/user']);
    const map = await app.inject({
      method: 'GET',
      url: '/map?q=%20robin%20&place=&page=2&to=2026-05-31',
      headers,
    });
    expect(preloads(map.body)).toEqual([
      '/api/auth/user',
      '/api/logs/geo?q=robin&amp;to=2026-05-31&amp;limit=100000',
    ]);
    const hostile = await app.inject({
      method: 'GET',
      url: '/map?q=%22%3E%3Cscript%3Ealert(1)%3C/script%3E',
      headers,
    });
    expect(hostile.body).not.toContain('<script>alert');
    expect(preloads(hostile.body)[1]).toBe(
      '/api/logs/geo?q=%22%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E&amp;limit=100000',
    );
  });

  it("names a signed-in page's own code for the browser to load with the app's", async () => {
    const modules = (body: string) =>
      [
        ...body.matchAll(/<link rel="modulepreload" (?:fetchpriority="low" )?href="([^"]*)" \/>/g),
      ].map((m) => m[1]);
    const headers = { cookie: 'sid=s%3Aany' };
    // the page, the header and shortcuts, and what they import; not the app's entry nor its imports
    const list = await app.inject({ method: 'GET', url: '/', headers });
    expect(modules(list.body).toSorted()).toEqual([
      '/assets/card-abc123.js',
      '/assets/header-abc123.js',
      '/assets/logs-page-abc123.js',
      '/assets/shortcuts-abc123.js',
    ]);
    const stats = await app.inject({ method: 'GET', url: '/stats?from=2026-01-01', headers });
    expect(modules(stats.body)).toContain('/assets/chart-abc123.js');
    expect(modules(stats.body)).not.toContain('/assets/logs-page-abc123.js');
    // signed out (the landing page), the sign-in page, a page the build lacks: nothing
    expect(modules((await app.inject({ method: 'GET', url: '/' })).body)).toEqual([]);
    expect(modules((await app.inject({ method: 'GET', url: '/login', headers })).body)).toEqual([]);
    expect(modules((await app.inject({ method: 'GET', url: '/map', headers })).body)).toEqual([]);
  });

  it('outlines a signed-in page in the page itself: the header bar, and the list its heading', async () => {
    const root = (body: string) => /<div id="root">(.*?)<\/div>\s*<\/body>/s.exec(body)?.[1] ?? '';
    const headers = { cookie: 'sid=s%3Aany' };
    const list = root((await app.inject({ method: 'GET', url: '/?page=2', headers })).body);
    expect(list).toMatch(
      /^<div class="border-b" aria-hidden="true"><div class="h-14"><\/div><\/div>/,
    );
    expect(list).toContain('<h1 class="text-3xl font-bold tracking-tight">Wildlife Logs</h1>');
    const statsPage = (await app.inject({ method: 'GET', url: '/stats', headers })).body;
    const stats = root(statsPage);
    expect(stats).toContain('<div class="h-14">');
    expect(stats).not.toContain('<h1');
    // the list draws without a script: its scripts come after the stylesheet and its data
    const listPage = (await app.inject({ method: 'GET', url: '/', headers })).body;
    const lowPriority = (body: string) => [
      ...body.matchAll(/<(?:script type="module"|link rel="modulepreload") fetchpriority="low"/g),
    ];
    expect(lowPriority(listPage)).toHaveLength(1 + 4); // the app's entry, the page's modules
    expect(listPage).not.toMatch(/<(?:script type="module"|link rel="modulepreload") (?!fetch)/);
    expect(lowPriority(statsPage)).toEqual([]);
    // signed out (the landing page), the sign-in page, a shared log, the worker's copy: none
    expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('<div id="root"></div>');
    for (const url of ['/login', '/shared/3f1c']) {
      const body = (await app.inject({ method: 'GET', url, headers })).body;
      expect(body).toContain('<div id="root"></div>');
    }
    const fetched = await app.inject({
      method: 'GET',
      url: '/',
      headers: { ...headers, 'sec-fetch-dest': 'empty' },
    });
    expect(fetched.body).toContain('<div id="root"></div>');
  });

  it("knows each page's code where the web app's router loads it from", () => {
    const source = readFileSync(new URL('../../src/web/app/pages.ts', import.meta.url), 'utf8');
    const pages = source.slice(source.indexOf('export const pages = {'));
    const loaded = Object.fromEntries(
      [...pages.matchAll(/^ {2}(\w+): lazyComponent\(\s*\(\) => import\('@\/([^']+)'\),/gm)].map(
        (m) => [m[1], `src/web/${m[2]}.tsx`],
      ),
    );
    expect(Object.keys(loaded).length).toBeGreaterThan(10);
    expect(PAGE_SOURCES).toEqual(loaded);
  });

  it('writes the configured product name into the web app manifest', async () => {
    const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.json()).toEqual({ name: 'Birds & <Bees>', short_name: 'Birds & <Bees>' });
  });

  it('answers an unknown page with the app (its not-found page) and 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed asset a browser accepts, with the same caching', async () => {
    const brotli = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe("console.log('app');\n");
    const gzip = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe("console.log('app');\n");
  });

  it('answers unknown API paths and missing assets with 404, not the app', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found' });
    const manifest = await app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(manifest.statusCode).toBe(404);
    expect(manifest.body).not.toContain('index.html');
    const post = await app.inject({ method: 'POST', url: '/logs/new' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ message: 'Not found' });
  });

  it('reports health once the database answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('the sign-in options written into the page', () => {
  const template = '<head><meta name="application-name" content="Sightbook" /></head>';
  const map = { tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', attribution: 'Tiles' };

  it('are absent with built-in accounts only', () => {
    const html = renderIndexHtml(template, {
      appName: 'Sightbook',
      localAccounts: true,
      registration: 'invite',
      resetMail: false,
      map,
    });
    expect(html).not.toContain('sign-in-provider');
    expect(html).not.toContain('local-accounts');
  });

  it('say who may sign up and whether reset mail is sent', () => {
    const html = renderIndexHtml(template, {
      appName: 'Sightbook',
      localAccounts: true,
      registration: 'closed',
      resetMail: true,
      map,
    });
    expect(html).toContain('<meta name="registration" content="closed" />');
    expect(html).toContain('<meta name="reset-mail" content="true" />');
  });

  it('name the OpenID Connect provider, escaped, and whether local accounts remain', () => {
    const html = renderIndexHtml(template, {
      appName: 'Sightbook',
      signInProvider: 'Bird "Club" <ID>',
      localAccounts: false,
      registration: 'open',
      resetMail: false,
      map,
    });
    expect(html).toContain(
      '<meta name="sign-in-provider" content="Bird &quot;Club&quot; &lt;ID&gt;" />',
    );
    expect(html).toContain('<meta name="local-accounts" content="false" />');
  });
});

describe("the app's own index.html, as the server serves it", () => {
  it('holds each map setting once: the dev defaults are replaced, whatever their quotes', () => {
    const template = readFileSync(
      fileURLToPath(new URL('../../index.html', import.meta.url)),
      'utf8',
    );
    expect(template).toContain('name="map-attribution"'); // the default the dev server shows
    const html = renderIndexHtml(template, {
      appName: 'Sightbook',
      localAccounts: true,
      registration: 'invite',
      resetMail: false,
      map: { tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', attribution: 'Club tiles' },
    });
    expect(html.match(/name="map-attribution"/g)).toHaveLength(1);
    expect(html.match(/name="map-tile-url"/g)).toHaveLength(1);
    expect(html).toContain('<meta name="map-attribution" content="Club tiles" />');
  });
});
