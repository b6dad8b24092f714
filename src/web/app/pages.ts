import type { AppRouteName } from '../../common/routes';

// The code of each signed-in page, loaded on demand (router.tsx) and ahead of time when a link
// to it is pointed at, focused or touched, or when the browser is idle (route-prefetch.tsx).
// A module loads once: a page whose code came early opens without waiting for it.

export const pageModules = {
  home: () => import('@/features/logs/list/logs-page'),
  newLog: () => import('@/features/logs/form/log-form-page'),
  editLog: () => import('@/features/logs/form/log-form-page'),
  log: () => import('@/features/logs/details/log-details-page'),
  stats: () => import('@/features/stats/stats-page'),
  lists: () => import('@/features/lists/lists-page'),
  map: () => import('@/features/maps/map-page'),
  account: () => import('@/features/account/account-page'),
  admin: () => import('@/features/admin/admin-page'),
  outings: () => import('@/features/outings/outings-page'),
  outing: () => import('@/features/outings/outing-page'),
  outingTally: () => import('@/features/outings/tally/tally-page'),
} satisfies Partial<Record<AppRouteName, () => Promise<unknown>>>;

export type PageName = keyof typeof pageModules;
export const isPage = (name: string | undefined): name is PageName =>
  name !== undefined && name in pageModules;
