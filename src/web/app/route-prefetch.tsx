import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { routeOf } from '../../common/routes';
import { logQuery } from '@/features/logs';
import { isPage, pages, type PageName } from './pages';

// Issue 23, fast first visits: a signed-in page's code is loaded before it is opened, so that
// opening it waits for its data only. A link pointed at, focused or touched starts its page's
// code, and a log's link its log too; once the app is idle, the pages of the header follow,
// one at a time, unless the connection is slow or asks to save data.

/** In the order people open them. */
const IDLE_PAGES: PageName[] = ['home', 'log', 'newLog', 'stats', 'map', 'lists', 'outings'];
const IDLE_START_MS = 2000; // after the first page's own requests
const HOVERED_DATA_FRESH_MS = 15_000; // pointing at a link again within it asks nothing again

/** Offline and never loaded, the page says so when it is opened: nothing to report here. */
const prefetchPage = (name: PageName) => pages[name].preload().catch(() => {});

/** The page of a link's target, and its first request when that one is cheap (one log). */
function prefetchLink(anchor: HTMLAnchorElement, queryClient: QueryClient) {
  const url = new URL(anchor.href);
  if (url.origin !== location.origin || anchor.target === '_blank') return;
  const name = routeOf(url.pathname);
  if (!isPage(name)) return;
  prefetchPage(name);
  if (name === 'log' || name === 'editLog') {
    const id = decodeURIComponent(url.pathname.split('/')[2] ?? '');
    void queryClient.prefetchQuery({ ...logQuery(id), staleTime: HOVERED_DATA_FRESH_MS });
  }
}

function slowConnection(): boolean {
  const { connection } = navigator as {
    connection?: { saveData?: boolean; effectiveType?: string };
  };
  return connection?.saveData === true || /(^|-)2g$/.test(connection?.effectiveType ?? '');
}

/** Loads the pages of the header in idle time, one per idle period. */
function prefetchWhenIdle(): () => void {
  let cancel = () => {};
  const idle = (next: () => void) => {
    // Safari has no requestIdleCallback
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(next, 200);
      cancel = () => clearTimeout(timer);
    } else {
      const handle = requestIdleCallback(next, { timeout: 5000 });
      cancel = () => cancelIdleCallback(handle);
    }
  };
  const step = ([name, ...rest]: PageName[]) => {
    if (!name) return;
    idle(() => {
      // a page loaded already resolves at once; offline, the rest would fail as well
      pages[name].preload().then(
        () => step(rest),
        () => {},
      );
    });
  };
  const start = setTimeout(() => step(IDLE_PAGES), IDLE_START_MS);
  return () => {
    clearTimeout(start);
    cancel();
  };
}

export function RoutePrefetch() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onIntent = (event: Event) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (anchor instanceof HTMLAnchorElement) prefetchLink(anchor, queryClient);
    };
    const options = { capture: true, passive: true };
    for (const type of ['pointerover', 'focusin', 'touchstart'] as const) {
      document.addEventListener(type, onIntent, options);
    }
    const stopIdle = slowConnection() ? undefined : prefetchWhenIdle();
    return () => {
      for (const type of ['pointerover', 'focusin', 'touchstart'] as const) {
        document.removeEventListener(type, onIntent, options);
      }
      stopIdle?.();
    };
  }, [queryClient]);
  return null;
}
