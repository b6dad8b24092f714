import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { z } from 'zod';
import { NO_SESSION } from './api-docs.js';
import type { Config } from './config.js';
import { countRequests } from './db/traffic.js';
import { databasePlugin } from './db/plugin.js';
import { isDatabaseReady, openDatabase } from './db/client.js';
import { installErrorHandler } from './error-handler.js';
import { accountRoutes } from './features/account/index.js';
import { adminRoutes } from './features/admin/index.js';
import {
  authRoutes,
  loadPasswordEstimator,
  rateLimitPlugin,
  sessionsPlugin,
} from './features/auth/index.js';
import { exportRoutes, importRoutes } from './features/data-exchange/index.js';
import {
  accessTokenRoutes,
  detectionImportRoutes,
  outingDetectionRoutes,
} from './features/detections/index.js';
import { listsRoutes } from './features/lists/index.js';
import { ebirdExportRoutes, outingsRoutes } from './features/outings/index.js';
import { logsResultsPlugin, logsRoutes, suggestionsRoutes } from './features/logs/index.js';
import { mapsRoutes } from './features/maps/index.js';
import {
  likelyPackRoutes,
  likelyUnitsAt,
  reviewRoutes,
  unusualCheckRoutes,
} from './features/occurrences/index.js';
import { imageWorkPlugin, objectRoutes, photoRoutes } from './features/photos/index.js';
import { bridgeRedirect, pwaRoutes } from './features/pwa/index.js';
import {
  recordingRoutes,
  recordingUploadRules,
  recordingWorkPlugin,
} from './features/recordings/index.js';
import { sharedLogRoutes, sharedOutingRoutes, sharedPageRoutes } from './features/sharing/index.js';
import { statsRoutes } from './features/stats/index.js';
import { taxonomyRoutes } from './features/taxonomy/index.js';
import { startJobs } from './jobs.js';
import { loggerOptions } from './logging.js';
import { registerOpenApi, serveOpenApi } from './openapi.js';
import { registerSecurity } from './security.js';
import { warnOfOtherPhotoStores } from './storage/photo-store-identity.js';
import { storagePlugin } from './storage/plugin.js';
import { pageSettings, registerWebApp } from './web-app.js';

export interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, for the authorization matrix and the API document. */
    routeTable: RouteEntry[];
  }
}

/**
 * Whose X-Forwarded-For/-Proto/-Host count (TRUST_PROXY), which decides request.ip (the rate
 * limits' key), .protocol and .host. Fastify 5.12 takes a bare hop count as "trust none", so a
 * count becomes a function: the peer and the next `hops - 1` addresses are proxies.
 */
const proxyTrust = (trust: Config['trustProxy']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : (trust ?? false);

/** Builds the whole app, ready to `inject` or `listen`; never listens itself. */
export async function buildApp(
  config: Config,
  options: { logStream?: DestinationStream } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    // No plugin does slow I/O (the database opens before them, bound by no timeout); 30 s leaves
    // room for a busy 2-core host compiling every route's schemas.
    pluginTimeout: 30_000,
    logger: loggerOptions(config, options.logStream),
    bodyLimit: 1024 * 1024, // JSON bodies; photo uploads get their own limit
    trustProxy: proxyTrust(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  const routes: RouteEntry[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', ({ method, url }) => {
    for (const one of [method].flat()) routes.push({ method: one, url });
  });
  await registerSecurity(app, config);
  // Per-user JSON must not be kept by a caching proxy or the browser's cache; a route that can
  // be revalidated (the species pack's ETag) says so itself.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'private, no-store');
    }
  });

  await registerOpenApi(app, config);
  // Opened here, not in a plugin: a first start on a slow host may take minutes, and the server
  // listens only once it is done, however long that is.
  const database = await openDatabase(config, (step) => app.log.info(step));
  await app.register(databasePlugin, { database });
  countRequests(app); // an import gives way to the requests it sees (db/traffic.ts)
  app.log.info({ store: database.store }, 'database ready');
  await app.register(sessionsPlugin, { config });
  await app.register(rateLimitPlugin, { config });
  await app.register(storagePlugin, { config });
  await warnOfOtherPhotoStores(database, config, app.log);
  await app.register(imageWorkPlugin, { config });
  await app.register(recordingWorkPlugin, { config });
  await app.register(logsResultsPlugin);

  // Sign-up, the account page and reset links check new passwords with it (issue 31). Its
  // dictionaries load once the server listens (a start waits for them no more, issue 38's P5); a
  // write that comes first waits for them before its body is checked.
  app.addHook('onListen', async () => void loadPasswordEstimator().catch(() => {}));
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') await loadPasswordEstimator();
  });
  // A pwa=true sign-in ends on the installed-app bridge: pwa builds on auth, so app.ts joins them.
  await app.register(authRoutes, {
    prefix: '/api',
    config,
    issueBridgeRedirect: bridgeRedirect(config),
  });
  await app.register(logsRoutes, { prefix: '/api/logs' });
  await app.register(mapsRoutes, { prefix: '/api/logs' }); // GET /api/logs/geo
  await app.register(sharedLogRoutes, { prefix: '/api/logs/shared' });
  await app.register(suggestionsRoutes, { prefix: '/api' });
  await app.register(statsRoutes, { prefix: '/api/stats' });
  await app.register(listsRoutes, { prefix: '/api' });
  await app.register(outingsRoutes, { prefix: '/api/outings' });
  await app.register(sharedOutingRoutes, { prefix: '/api/outings/shared' });
  await app.register(ebirdExportRoutes, { prefix: '/api/export' });
  await app.register(exportRoutes, { prefix: '/api', config });
  await app.register(importRoutes, { prefix: '/api', config });
  await app.register(photoRoutes, {
    prefix: '/api/photos',
    config,
    recordingUploads: recordingUploadRules,
  });
  await app.register(recordingRoutes, { prefix: '/api/recordings', config });
  await app.register(objectRoutes, { prefix: '/objects' });
  await app.register(pwaRoutes, { prefix: '/api', config });
  await app.register(taxonomyRoutes, {
    prefix: '/api',
    likelyUnits: (latitude, longitude, date) => likelyUnitsAt(app.db, latitude, longitude, date),
  });
  await app.register(adminRoutes, { prefix: '/api/admin', config });
  await app.register(reviewRoutes, { prefix: '/api/review' }); // issue 36
  await app.register(unusualCheckRoutes, { prefix: '/api/occurrences' });
  await app.register(likelyPackRoutes, { prefix: '/api/occurrences' });
  await app.register(accountRoutes, { prefix: '/api/account', config });
  // issue 37: detections in, confirmed on their outing; tokens on the account page
  await app.register(detectionImportRoutes, { prefix: '/api/detections' });
  await app.register(outingDetectionRoutes, { prefix: '/api/outings' });
  await app.register(accessTokenRoutes, { prefix: '/api/account/tokens' });

  // the periodic clean-ups, the embedded store's vacuum, the species backbone's first load
  startJobs(app, {
    seedTaxa: config.seedTaxa,
    dataDir: config.dataDir,
    maintenanceStartDelayMs: config.maintenanceStartDelayMs,
  });

  serveOpenApi(app);
  const health = z.object({ status: z.enum(['ok', 'database unavailable']) });
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Health check',
        description: 'Answers 200 once the database answers.',
        operationId: 'checkHealth',
        security: NO_SESSION,
        response: {
          200: health.describe('Ready'),
          503: health.describe('The database does not answer'),
        },
      },
    },
    async (_request, reply) => {
      const ready = await isDatabaseReady(app.db);
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'database unavailable' });
    },
  );

  const webApp = config.webRoot
    ? await registerWebApp(app, config.webRoot, pageSettings(config))
    : undefined;
  if (webApp) await app.register(sharedPageRoutes, { config, indexHtml: webApp.indexHtml });
  const sendPage = webApp?.sendPage;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (sendPage && isPage && !path.startsWith('/api/') && !path.startsWith('/objects/')) {
      return sendPage(request, reply);
    }
    return reply.code(404).send({ message: 'Not found' });
  });

  return app;
}
