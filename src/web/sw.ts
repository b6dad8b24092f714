/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { isKeptApiRead } from './features/offline/kept-api-reads';
import { USER_CACHES, type UserCache } from './features/offline/user-caches';
import { BRIDGE_PATH, handleBridgeRequest } from './features/pwa/bridge-store';

// The background worker served at /sw.js (SPEC §1, ARCHITECTURE "PWA"): the app shell and every
// route chunk precached, API reads network-first, shared pages kept after their first view, and
// the installed-app sign-in bridge.

declare const self: ServiceWorkerGlobalScope;

const API_CACHE: UserCache = 'api';

self.addEventListener('message', (event) => {
  // the update toast's Refresh (SPEC §4 "Update notice")
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// a first install controls the open page at once: the completion page needs it
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

const sameOrigin = (url: URL) => url.origin === self.location.origin;

for (const method of ['GET', 'POST', 'DELETE'] as const) {
  registerRoute(
    ({ url }) => sameOrigin(url) && url.pathname === BRIDGE_PATH,
    ({ request }) => handleBridgeRequest(request, caches),
    method,
  );
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Signing out forgets what the account left here (API replies, photos, shared pages, a bridge
// token): the next person on this device must not see them. The app clears them itself too.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (sameOrigin(url) && url.pathname === '/api/logout') {
    event.waitUntil(Promise.all(USER_CACHES.map((name) => caches.delete(name))));
  }
});

// Shared logs: the server's page carries the log's link preview; keep it for offline viewing.
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && sameOrigin(url) && url.pathname.startsWith('/shared/'),
  new NetworkFirst({
    cacheName: 'shared-pages' satisfies UserCache,
    plugins: [new ExpirationPlugin({ maxEntries: 50 })],
  }),
);

// Every other page is the app shell; the server's own paths are not pages.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/'), {
    denylist: [/^\/api\//, /^\/objects\//, /^\/healthz/, /^\/shared\//, /^\/__pwa_auth_bridge/],
  }),
);

// Reads of the API: fresh when online, the last reply when offline (lists, details, stats).
// Which: features/offline/kept-api-reads.ts. The species pack keeps itself
// (features/taxonomy/taxa.worker.ts): a second copy here would answer its revalidation offline.
registerRoute(
  ({ url }) => sameOrigin(url) && isKeptApiRead(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
);

// Photos seen once stay viewable offline.
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/objects/'),
  new NetworkFirst({
    cacheName: 'photos' satisfies UserCache,
    plugins: [new ExpirationPlugin({ maxEntries: 100 })],
  }),
);
