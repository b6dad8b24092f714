// The web app's routes (SPEC §2). The server answers these with the app and 200; any other
// page path still gets the app (it shows the not-found page) but with status 404.
export const appRoutes = {
  home: '/',
  login: '/login',
  newLog: '/logs/new',
  log: '/logs/:id',
  editLog: '/logs/:id/edit',
  stats: '/stats',
  lists: '/lists',
  map: '/map',
  account: '/account',
  sharedLog: '/shared/:id',
  /** A public outing (issue 22). */
  sharedOuting: '/shared/outings/:id',
  pwaAuthComplete: '/pwa-auth-complete',
  /** Asks before signing out when another site's link asked for it (issue 21). */
  signOut: '/sign-out',
  resetPassword: '/reset-password',
  admin: '/admin',
  /** Unusual records for admins and reviewers to decide on (issue 36). */
  review: '/review',
  /** Outings (issue 22): the list, one outing, and the tally of the one in progress on this
   * device (before `outing`, so that `:id` does not catch it). */
  outingTally: '/outings/tally',
  outings: '/outings',
  outing: '/outings/:id',
} as const;

export type AppRouteName = keyof typeof appRoutes;

const routePatterns = Object.entries(appRoutes).map(
  ([name, route]) =>
    [name as AppRouteName, new RegExp(`^${route.replace(/:[a-z]+/gi, '[^/]+')}/?$`)] as const,
);

/** The route a path is on (the first of the table that matches, as the app's router takes it). */
export function routeOf(path: string): AppRouteName | undefined {
  return routePatterns.find(([, pattern]) => pattern.test(path))?.[0];
}

export const logPath = (id: string) => `/logs/${id}`;
export const editLogPath = (id: string) => `/logs/${id}/edit`;
export const sharedLogPath = (id: string) => `/shared/${id}`;
export const outingsPath = () => appRoutes.outings;
export const outingPath = (id: string) => `/outings/${id}`;
export const sharedOutingPath = (id: string) => `/shared/outings/${id}`;

/** A log in the API: what the app reads, edits and deletes, and what a queued write names. */
export const logApiPath = (id: string) => `/api/logs/${encodeURIComponent(id)}`;
export const OUTINGS_API_PATH = '/api/outings';

/** An outing in the API. */
export const outingApiPath = (id: string) => `/api/outings/${encodeURIComponent(id)}`;

/** Who is signed in: every page asks it first, and the server names it in the page to preload. */
export const CURRENT_USER_URL = '/api/auth/user';

/**
 * A cookie the page can read (the session's own is HttpOnly), present while this browser holds a
 * session: signed out, the app knows it without asking who is signed in, and the browser logs no
 * 401 for the question (issue 23). It tells nothing the server trusts.
 */
export const SESSION_HINT_COOKIE = 'signed_in';
