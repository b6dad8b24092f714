// Which API reads the service worker keeps for offline use (src/web/sw.ts): reads a screen shows
// again offline (lists, details, stats), not downloads, one-off checks or secrets in the URL.

/** Paths under /api that are never kept, by their start. */
const NOT_KEPT = [
  '/api/export', // downloads
  '/api/lists.csv',
  '/api/account/archive.zip',
  '/api/account/photo-positions', // a check made once, on demand
  '/api/auth/invitation', // its token is in the query
  '/api/taxa', // searches would crowd out the reads kept; the pack keeps itself
  '/api/login',
  '/api/logout',
];

/** Whether a same-origin GET of `pathname` is a read the worker keeps for offline use. */
export const isKeptApiRead = (pathname: string) =>
  pathname.startsWith('/api/') && !NOT_KEPT.some((start) => pathname.startsWith(start));
