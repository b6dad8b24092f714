import { lazyComponent } from '@/lib/lazy-component';
import { routeOf, type AppRouteName } from '../../common/routes';

// The signed-in pages, each loaded on demand (router.tsx) and ahead of time when a link to it is
// pointed at, focused or touched, or when the browser is idle (route-prefetch.tsx).

/** What every signed-in page shows around it (router.tsx). */
export const frame = {
  header: lazyComponent(
    () => import('./layout/header'),
    (m) => m.Header,
  ),
  shortcuts: lazyComponent(
    () => import('@/features/shortcuts'),
    (m) => m.GlobalShortcuts,
  ),
  /** Beside New Log on the list and on the outings page. */
  startOuting: lazyComponent(
    () => import('./start-outing'),
    (m) => m.StartOutingButton,
  ),
};

export const pages = {
  home: lazyComponent(
    () => import('@/features/logs/list/logs-page'),
    (m) => m.LogsPage,
  ),
  newLog: lazyComponent(
    () => import('@/features/logs/form/log-form-page'),
    (m) => m.NewLogPage,
  ),
  editLog: lazyComponent(
    () => import('@/features/logs/form/log-form-page'),
    (m) => m.EditLogPage,
  ),
  log: lazyComponent(
    () => import('@/features/logs/details/log-details-page'),
    (m) => m.LogDetailsPage,
  ),
  stats: lazyComponent(
    () => import('@/features/stats/stats-page'),
    (m) => m.StatsPage,
  ),
  lists: lazyComponent(
    () => import('@/features/lists/lists-page'),
    (m) => m.ListsPage,
  ),
  map: lazyComponent(
    () => import('@/features/maps/map-page'),
    (m) => m.MapPage,
  ),
  account: lazyComponent(
    () => import('@/features/account/account-page'),
    (m) => m.AccountPage,
  ),
  admin: lazyComponent(
    () => import('@/features/admin/admin-page'),
    (m) => m.AdminPage,
  ),
  review: lazyComponent(
    () => import('@/features/review/review-page'),
    (m) => m.ReviewPage,
  ),
  outings: lazyComponent(
    () => import('@/features/outings/outings-page'),
    (m) => m.OutingsPage,
  ),
  outing: lazyComponent(
    () => import('@/features/outings/outing-page'),
    (m) => m.OutingPage,
  ),
  outingTally: lazyComponent(
    () => import('@/features/outings/tally/tally-page'),
    (m) => m.TallyPage,
  ),
} satisfies Partial<Record<AppRouteName, { preload: () => Promise<unknown> }>>;

export type PageName = keyof typeof pages;
export const isPage = (name: string | undefined): name is PageName =>
  name !== undefined && name in pages;

/**
 * Starts the code of the page at `path` and of what shows around it as the app starts
 * (main.tsx): the server named it in the page, so it is usually in by the time the sign-in
 * check answers, and the page then shows, with its header, at the first render. Settles when
 * all of it has loaded or failed (the router shows a failure).
 */
export function preloadPageAt(path: string): Promise<unknown> {
  const name = routeOf(path);
  if (!isPage(name)) return Promise.resolve();
  const parts: Array<{ preload: () => Promise<unknown> }> = [
    pages[name],
    frame.header,
    frame.shortcuts,
  ];
  // the list's and outings' button, which would push the page down if it came after it
  if (name === 'home' || name === 'outings') parts.push(frame.startOuting);
  return Promise.allSettled(parts.map((part) => part.preload()));
}
