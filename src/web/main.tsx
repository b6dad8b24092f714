import './zod-jitless'; // first: before any module that imports zod
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { firstLogsPageUrl } from '../common/logs/list-search';
import { appRoutes } from '../common/routes';
import { App } from '@/app/app';
import { preloadPageAt } from '@/app/pages';
import { RoutePrefetch } from '@/app/router';
import { mayBeSignedIn, preloadUser, userQuery } from '@/features/auth';
import { preloadMapPage } from '@/features/maps';
import { cn } from '@/lib/cn';
import { requestEarly } from '@/lib/early-requests';
import { createQueryClient } from '@/lib/query-client';
import './index.css';

// The theme is on <html> before this runs: public/theme-init.js, loaded in index.html's <head>.

// Requests every page, the map and the list wait for: started now, while React starts, and in
// this order (the embedded database answers one query at a time). The server named them in the
// page already (src/server/web-app.ts); these take the browser's preloaded replies.
preloadUser();
const { pathname, search } = window.location;
if (pathname === appRoutes.map) preloadMapPage(search);
const firstLogsPage = pathname === appRoutes.home ? firstLogsPageUrl(search) : undefined;
const queryClient = createQueryClient();
// Signed in, the first render waits for who is signed in and for the page's code, both already
// on their way: it then draws the whole page at once, in place of the outline the server wrote
// into the page (src/server/app-shell.ts), with no spinner or landing page in between.
let ready: Promise<unknown> = Promise.resolve();
if (mayBeSignedIn()) {
  if (firstLogsPage) requestEarly(firstLogsPage);
  ready = Promise.allSettled([
    queryClient.prefetchQuery(userQuery),
    preloadPageAt(pathname),
    RoutePrefetch.preload(), // pointing at a link loads its page from the first render on
  ]);
  warmUp();
}

/**
 * Work the first page would otherwise do inside its render, once per visit: setting up the
 * browser's number and date formats, and tailwind-merge's table of classes (10–30 ms each on a
 * desktop CPU, about four times that on a mid-range phone). Done now, in tasks of their own,
 * while the page's code and the sign-in check are on their way.
 */
function warmUp() {
  setTimeout(() => (0).toLocaleString());
  setTimeout(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(0));
  setTimeout(() => cn('p-0', 'p-1'));
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A transition: React draws the first page in short pieces, yielding to the browser between
// them, rather than in one long task that would keep a tap waiting.
void ready.then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  ),
);

// The background worker (SPEC §1), loaded apart so that the first paint does not wait for it.
import('@/features/pwa/register-worker')
  .then(({ registerWorker }) => registerWorker())
  .catch((error: unknown) => console.error('Service worker registration failed', error));
