import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { MetaTag } from '../common/sharing.js';
import { firstLogsPageUrl } from '../common/logs/list-search.js';
import { firstLogPointsUrl } from '../common/maps/points-url.js';
import { appRoutes, CURRENT_USER_URL, routeOf, type AppRouteName } from '../common/routes.js';
import { withAppShell } from './app-shell.js';
import type { Config } from './config.js';
import { SESSION_COOKIE } from './features/auth/index.js';

// Serves the built web app: hashed assets cached for a year, everything else revalidated, and
// index.html for every page path (SPEC §2) with the runtime settings written in as meta tags
// (product name, sign-in options, map tiles): the browser reads them without a request.

const ONE_YEAR = 365 * 24 * 60 * 60;
export function isAppRoute(path: string): boolean {
  return routeOf(path) !== undefined;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

const meta = (name: string, content: string) =>
  `<meta name="${name}" content="${escapeHtml(content)}" />`;

/** What the page learns from the server: product name, how to sign in, and map tiles. */
export interface PageSettings {
  appName: string;
  /** Set in OpenID Connect mode: the provider's name, for 'Sign in with {name}'. */
  signInProvider?: string;
  localAccounts: boolean;
  /** Who may create an account (REGISTRATION). */
  registration: Config['registration'];
  /** Whether users can ask for a password-reset link by mail (SMTP_URL is set). */
  resetMail: boolean;
  map: Config['map'];
}

export const pageSettings = (config: Config): PageSettings => ({
  appName: config.appName,
  signInProvider: config.oidc?.providerName,
  localAccounts: config.allowLocalAccounts,
  registration: config.registration,
  resetMail: config.mail !== undefined,
  map: config.map,
});

export function renderIndexHtml(template: string, settings: PageSettings): string {
  const name = escapeHtml(settings.appName);
  const metas = [
    // read by src/web/lib/sign-in-options.ts; absent means built-in accounts only
    ...(settings.signInProvider
      ? [
          meta('sign-in-provider', settings.signInProvider),
          meta('local-accounts', String(settings.localAccounts)),
        ]
      : []),
    meta('registration', settings.registration),
    meta('reset-mail', String(settings.resetMail)),
    meta('map-tile-url', settings.map.tileUrl),
    meta('map-attribution', settings.map.attribution),
  ];
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`)
    .replace(
      /<meta name="application-name" content="[^"]*"\s*\/?>/,
      meta('application-name', settings.appName),
    )
    .replace(/\s*<meta\s+name="map-[a-z-]+"\s+content=(?:"[^"]*"|'[^']*')\s*\/?>/g, '') // the dev defaults
    .replace('</head>', `  ${metas.join('\n    ')}\n  </head>`);
}

/**
 * The requests a page makes first, started by the browser as it reads the page, before the
 * app's code has run: who is signed in, on /map the sightings, and on the plain list its page of
 * logs. The app's own fetch of the
 * same URL takes the preloaded reply (src/web/main.tsx starts both).
 */
export function preloadLinks(path: string, search: string, signedIn = true): string {
  // signed out, both would answer 401, which the browser reports in the console
  if (!signedIn) return '';
  const list = path === appRoutes.home ? firstLogsPageUrl(search) : undefined;
  const requests = [
    CURRENT_USER_URL,
    ...(path === appRoutes.map ? [firstLogPointsUrl(search)] : []),
    ...(list ? [list] : []),
  ];
  return requests
    .map(
      (url) =>
        `<link rel="preload" href="${escapeHtml(url)}" as="fetch" crossorigin="use-credentials" />`,
    )
    .join('\n    ');
}

/** The source of each signed-in page's code, as src/web/app/pages.ts imports it. */
export const PAGE_SOURCES: Partial<Record<AppRouteName, string>> = {
  home: 'src/web/features/logs/list/logs-page.tsx',
  newLog: 'src/web/features/logs/form/log-form-page.tsx',
  editLog: 'src/web/features/logs/form/log-form-page.tsx',
  log: 'src/web/features/logs/details/log-details-page.tsx',
  stats: 'src/web/features/stats/stats-page.tsx',
  lists: 'src/web/features/lists/lists-page.tsx',
  map: 'src/web/features/maps/map-page.tsx',
  account: 'src/web/features/account/account-page.tsx',
  admin: 'src/web/features/admin/admin-page.tsx',
  outings: 'src/web/features/outings/outings-page.tsx',
  outing: 'src/web/features/outings/outing-page.tsx',
  outingTally: 'src/web/features/outings/tally/tally-page.tsx',
  review: 'src/web/features/review/review-page.tsx',
};
/** What every signed-in page loads beside its own code (`frame` in src/web/app/pages.ts). */
const SIGNED_IN_SOURCES = [
  'src/web/app/layout/header.tsx',
  'src/web/features/shortcuts/index.ts',
  'src/web/app/route-prefetch.tsx',
];
/** And what the list and the outings page load too: the Start outing button. */
const START_OUTING_SOURCE = 'src/web/app/start-outing.tsx';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The code a signed-in page loads on demand, from Vite's build manifest: without it, the
 * browser learns of the page's code only once the app's own has run and the sign-in check has
 * answered, one round trip after the other. Each page's `<link rel="modulepreload">` tags, the
 * app's entry and what it imports left out (the page names those itself).
 */
export function pageModulePreloads(manifest: Record<string, ManifestChunk>) {
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loaded = entry ? closure(entry) : new Set<string>();
  const links = new Map<AppRouteName, string>();
  for (const [name, source] of Object.entries(PAGE_SOURCES) as [AppRouteName, string][]) {
    if (!manifest[source]) continue; // a build without that page
    const keys = new Set<string>();
    const starts = [source, ...SIGNED_IN_SOURCES];
    if (name === 'home' || name === 'outings') starts.push(START_OUTING_SOURCE);
    for (const start of starts) closure(start, keys);
    const files = [...keys].filter((key) => !loaded.has(key)).map((key) => manifest[key]!.file);
    links.set(
      name,
      files
        .map((file) => `<link rel="modulepreload" href="/${escapeHtml(file)}" />`)
        .join('\n    '),
    );
  }
  return links;
}

function readPageModulePreloads(webRoot: string) {
  const manifestFile = join(webRoot, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return new Map<AppRouteName, string>();
  return pageModulePreloads(JSON.parse(readFileSync(manifestFile, 'utf8')));
}

export function renderManifest(manifest: string, appName: string): string {
  return JSON.stringify({ ...JSON.parse(manifest), name: appName, short_name: appName });
}

/** The page with its own title and meta tags (a shared log's link preview), every value escaped. */
export function renderPageHead(indexHtml: string, head: { title: string; tags: MetaTag[] }) {
  const tags = head.tags
    .map(({ attribute, key, content }) => {
      return `<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(content)}" />`;
    })
    .join('\n    ');
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(/\s*<meta\s+name="description"[^>]*>/, '') // the preview brings its own
    .replace('</head>', () => `  ${tags}\n  </head>`);
}

export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string,
  settings: PageSettings,
) {
  const indexFile = join(webRoot, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`The web app is not built (${indexFile} is missing): run npm run build`);
  }
  const indexHtml = renderIndexHtml(readFileSync(indexFile, 'utf8'), settings);
  const modulePreloads = readPageModulePreloads(webRoot);

  await app.register(fastifyStatic, {
    root: webRoot,
    index: false, // '/' is a page, answered below
    wildcard: true,
    // The page is served rendered, below; Vite's build manifest is for the bundle benchmark only.
    allowedPath: (path) =>
      path !== '/index.html' && path !== '/manifest.webmanifest' && !path.startsWith('/.vite/'),
    cacheControl: false,
    preCompressed: true, // the .br and .gz files scripts/compress-web.mjs writes at build
    setHeaders: (reply, path) => {
      const immutable = path.startsWith(join(webRoot, 'assets'));
      reply.header(
        'Cache-Control',
        immutable ? `public, max-age=${ONE_YEAR}, immutable` : 'no-cache',
      );
    },
  });

  function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const [path = '/', search = ''] = request.url.split('?', 2);
    // the service worker's copy of the page (fetched, not navigated) is for anyone, signed in or not
    const navigated = request.headers['sec-fetch-dest'] !== 'empty';
    const hasSession = request.cookies[SESSION_COOKIE] !== undefined;
    const signedIn = navigated && hasSession;
    const route = routeOf(path);
    const code = signedIn && route ? modulePreloads.get(route) : undefined;
    const links = [preloadLinks(path, search, signedIn), code].filter(Boolean).join('\n    ');
    const page = indexHtml.replace('</head>', () => `  ${links}\n  </head>`);
    return reply
      .code(isAppRoute(path) ? 200 : 404) // unknown paths still get the app: it shows its 404 page
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(signedIn && route && route in PAGE_SOURCES ? withAppShell(page, route) : page);
  }
  app.get('/', sendPage); // the static wildcard would answer the root directory with 403

  // The install name is APP_NAME too, not the name the app was built with.
  const manifestFile = join(webRoot, 'manifest.webmanifest');
  if (existsSync(manifestFile)) {
    const manifest = renderManifest(readFileSync(manifestFile, 'utf8'), settings.appName);
    app.get('/manifest.webmanifest', { schema: { hide: true } }, (_request, reply) =>
      reply
        .header('Cache-Control', 'no-cache')
        .type('application/manifest+json; charset=utf-8')
        .send(manifest),
    );
  }
  return { sendPage, indexHtml };
}
