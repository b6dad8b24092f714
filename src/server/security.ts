import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { refuseUnknownHosts } from './allowed-hosts.js';
import { tileImageSource, type Config } from './config.js';
import { HttpError } from './http-error.js';
import { uploadOrigin } from './storage/s3-storage.js';
import { findUnsafeText } from './unsafe-text.js';

// Browser-facing defences: security headers, cross-site request refusal, JSON nesting limit.

const MAX_JSON_DEPTH = 32;

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const https = config.publicUrl?.startsWith('https:') ?? false;
  const tiles = tileImageSource(config.map.tileUrl); // loadConfig refused any other template
  // Browsers PUT photos straight to an S3 bucket: its origin, exactly, and no other.
  const bucket = config.s3 ? await uploadOrigin(config.s3) : undefined;
  // helmet's middleware, built once. @fastify/helmet builds it anew for every request (its CSP
  // directives parsed again each time): 7 % of the server's CPU for a page of the list.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"], // no inline script anywhere
        styleSrc: ["'self'", "'unsafe-inline'"], // Radix and sonner position with style attributes
        // Profile images and photo links point anywhere; the map's tile server, by name.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:', ...(tiles ? [tiles] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(bucket ? [bucket] : [])],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false, // would block photos linked from other sites
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );

  refuseUnknownHosts(app, config);
  app.addHook('onRequest', async (request) => refuseCrossSite(request, config));
  // PostgreSQL text cannot hold NUL or a lone surrogate: refuse them at the boundary, for every
  // route and field, naming the field as a validation error does.
  app.addHook('preValidation', async (request, reply) => {
    for (const part of [request.query, request.params, request.body]) {
      const unsafe = findUnsafeText(part);
      if (!unsafe) continue;
      const field = unsafe.path.join('.');
      const message = field ? `${unsafe.message} (${field})` : unsafe.message;
      return reply.code(400).send({ message, issues: [{ path: unsafe.path, message }] });
    }
  });

  const parseJson = app.getDefaultJsonParser('error', 'error'); // refuses __proto__ and constructor keys
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      if (depthOf(value) > MAX_JSON_DEPTH) {
        return done(new HttpError(400, 'The request body is nested too deeply'), undefined);
      }
      done(null, value);
    });
  });
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF: a state change must not come from another site's page (403 when it does). A browser
 * says where a request comes from: every cross-origin POST carries `Origin` (forms too), and
 * Sec-Fetch-Site names a cross-site one. A request without either comes from no other site's
 * page (curl, scripts, the app's own same-origin calls in older browsers) and may pass, whatever
 * its body type.
 */
function refuseCrossSite(request: FastifyRequest, config: Config) {
  if (!UNSAFE_METHODS.has(request.method)) return;
  if (request.headers['sec-fetch-site'] === 'cross-site') {
    throw new HttpError(403, 'Cross-site request refused');
  }
  const origin = request.headers.origin;
  if (origin && origin !== ownOrigin(request, config)) {
    throw new HttpError(403, 'Cross-site request refused');
  }
}

/** The app's public origin: PUBLIC_URL, else the one the request came to. */
export function ownOrigin(request: FastifyRequest, config: Pick<Config, 'publicUrl'>): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/** Depth of nested arrays and objects, counted without recursion. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return deepest;
}
