import { createElement, lazy, type ComponentType } from 'react';
import { routeOf, type AppRouteName } from '../../common/routes';

// The signed-in pages, each loaded on demand (router.tsx) and ahead of time when a link to it is
// pointed at, focused or touched, or when the browser is idle (route-prefetch.tsx).

/** A page whose code loads on demand, and `preload()` to load it before it is opened. */
export interface LazyPage<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  preload: () => Promise<unknown>;
}

/**
 * React.lazy suspends a component's first render even when its code has already arrived, and
 * React then holds the fallback for 300 ms at least (the reveal throttle): a page loaded ahead
 * is rendered directly instead, without suspending, as soon as its module is in.
 */
function lazyPage<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => ({ default: (loaded = pick(module)) }),
      (error: unknown) => {
        loading = undefined; // offline: the next try asks again
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  const Page = (props: P) => createElement(loaded ?? Lazy, props);
  return Object.assign(Page, { preload });
}

/** What every signed-in page shows around it (router.tsx). */
export const frame = {
  header: lazyPage(
    () => import('./layout/header'),
    (m) => m.Header,
  ),
  shortcuts: lazyPage(
    () => import('@/features/shortcuts'),
    (m) => m.GlobalShortcuts,
  ),
  /** Beside New Log on the list and on the outings page. */
  startOuting: lazyPage(
    () => import('./start-outing'),
    (m) => m.StartOutingButton,
  ),
};

export const pages = {
  home: lazyPage(
    () => import('@/features/logs/list/logs-page'),
    (m) => m.LogsPage,
  ),
  newLog: lazyPage(
    () => import('@/features/logs/form/log-form-page'),
    (m) => m.NewLogPage,
  ),
  editLog: lazyPage(
    () => import('@/features/logs/form/log-form-page'),
    (m) => m.EditLogPage,
  ),
  log: lazyPage(
    () => import('@/features/logs/details/log-details-page'),
    (m) => m.LogDetailsPage,
  ),
  stats: lazyPage(
    () => import('@/features/stats/stats-page'),
    (m) => m.StatsPage,
  ),
  lists: lazyPage(
    () => import('@/features/lists/lists-page'),
    (m) => m.ListsPage,
  ),
  map: lazyPage(
    () => import('@/features/maps/map-page'),
    (m) => m.MapPage,
  ),
  account: lazyPage(
    () => import('@/features/account/account-page'),
    (m) => m.AccountPage,
  ),
  admin: lazyPage(
    () => import('@/features/admin/admin-page'),
    (m) => m.AdminPage,
  ),
  outings: lazyPage(
    () => import('@/features/outings/outings-page'),
    (m) => m.OutingsPage,
  ),
  outing: lazyPage(
    () => import('@/features/outings/outing-page'),
    (m) => m.OutingPage,
  ),
  outingTally: lazyPage(
    () => import('@/features/outings/tally/tally-page'),
    (m) => m.TallyPage,
  ),
} satisfies Partial<Record<AppRouteName, { preload: () => Promise<unknown> }>>;

export type PageName = keyof typeof pages;
export const isPage = (name: string | undefined): name is PageName =>
  name !== undefined && name in pages;

/**
 * Starts the code of the page at `path` and of its header as the app starts (main.tsx): the
 * server named it in the page, so it is usually in by the time the sign-in check answers, and
 * the page then shows, with its header, without a spinner in between.
 */
export function preloadPageAt(path: string) {
  const name = routeOf(path);
  if (!isPage(name)) return;
  // the router shows a failure
  const parts: Array<{ preload: () => Promise<unknown> }> = [
    pages[name],
    frame.header,
    frame.shortcuts,
  ];
  // the list's and outings' button, which would push the page down if it came after it
  if (name === 'home' || name === 'outings') parts.push(frame.startOuting);
  for (const part of parts) part.preload().catch(() => {});
}
