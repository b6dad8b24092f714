import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { MetaTag } from '../common/link-preview.js';
import { appRoutes } from '../common/routes.js';

// Serves the built web app: hashed assets cached for a year, everything else revalidated, and
// index.html for every page path (SPEC §2) with the configured product name written in.

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

export function renderIndexHtml(template: string, appName: string): string {
  const name = escapeHtml(appName);
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`)
    .replace(
      /<meta name="application-name" content="[^"]*"\s*\/?>/,
      `<meta name="application-name" content="${name}" />`,
    );
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

export async function registerWebApp(app: FastifyInstance, webRoot: string, appName: string) {
  const indexFile = join(webRoot, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`The web app is not built (${indexFile} is missing): run npm run build`);
  }
  const indexHtml = renderIndexHtml(readFileSync(indexFile, 'utf8'), appName);

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
    const path = request.url.split('?', 1)[0] ?? '/';
    return reply
      .code(isAppRoute(path) ? 200 : 404) // unknown paths still get the app: it shows its 404 page
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  }
  app.get('/', sendPage); // the static wildcard would answer the root directory with 403

  // The install name is APP_NAME too, not the name the app was built with.
  const manifestFile = join(webRoot, 'manifest.webmanifest');
  if (existsSync(manifestFile)) {
    const manifest = renderManifest(readFileSync(manifestFile, 'utf8'), appName);
    app.get('/manifest.webmanifest', { schema: { hide: true } }, (_request, reply) =>
      reply
        .header('Cache-Control', 'no-cache')
        .type('application/manifest+json; charset=utf-8')
        .send(manifest),
    );
  }
  return { sendPage, indexHtml };
}
