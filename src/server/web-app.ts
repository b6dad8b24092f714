import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { MetaTag } from '../common/sharing.js';
import { firstLogPointsUrl } from '../common/maps/points-url.js';
import { appRoutes, CURRENT_USER_URL } from '../common/routes.js';
import type { Config } from './config.js';
import { SESSION_COOKIE } from './features/auth/index.js';

// Serves the built web app: hashed assets cached for a year, everything else revalidated, and
// index.html for every page path (SPEC §2) with the runtime settings written in as meta tags
// (product name, sign-in options, map tiles): the browser reads them without a request.

const ONE_YEAR = 365 * 24 * 60 * 60;
const routePatterns = Object.values(appRoutes).map(
  (route) => new RegExp(`^${route.replace(/:[a-z]+/gi, '[^/]+')}/?$`),
);

export function isAppRoute(path: string): boolean {
  return routePatterns.some((pattern) => pattern.test(path));
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
 * app's code has run: who is signed in, and on /map the sightings. The app's own fetch of the
 * same URL takes the preloaded reply (src/web/main.tsx starts both).
 */
export function preloadLinks(path: string, search: string, signedIn = true): string {
  // signed out, both would answer 401, which the browser reports in the console
  if (!signedIn) return '';
  const requests = [
    CURRENT_USER_URL,
    ...(path === appRoutes.map ? [firstLogPointsUrl(search)] : []),
  ];
  return requests
    .map(
      (url) =>
        `<link rel="preload" href="${escapeHtml(url)}" as="fetch" crossorigin="use-credentials" />`,
    )
    .join('\n    ');
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
    const links = preloadLinks(path, search, navigated && hasSession);
    const page = indexHtml.replace('</head>', () => `  ${links}\n  </head>`);
    return reply
      .code(isAppRoute(path) ? 200 : 404) // unknown paths still get the app: it shows its 404 page
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page);
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
