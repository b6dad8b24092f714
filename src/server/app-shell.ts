import type { AppRouteName } from '../common/routes.js';

// What a signed-in page shows before the web app's code has run (issue 23, first visits): the
// header's bar and, on the list, its heading, with the same classes as the app draws them
// (src/web/app/router.tsx, the header's placeholder; src/web/features/logs/list/logs-page.tsx).
// The person sees the page begin at once instead of a blank screen while the code arrives; the
// app's first render replaces it whole, in the same places (src/web/main.tsx waits for the
// page's code and the sign-in check, so that render is the page itself).

const headerBar = '<div class="border-b" aria-hidden="true"><div class="h-14"></div></div>';

const listHeading =
  '<main class="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8">' +
  '<div class="flex flex-wrap items-start justify-between gap-4"><div>' +
  '<h1 class="text-3xl font-bold tracking-tight">Wildlife Logs</h1>' +
  '<p class="text-muted-foreground">Loading...</p>' +
  '</div></div></main>';

/**
 * The page with the outline of the signed-in page at `route` in its `#root`. Where the outline
 * draws the page's heading (the list), the browser needs no script for its first paint, so the
 * app's scripts are asked for at low priority: the stylesheet and the list's first page, which
 * the outline and the first cards need, go ahead of them on a slow connection.
 */
export function withAppShell(page: string, route: AppRouteName): string {
  const shell = route === 'home' ? headerBar + listHeading : headerBar;
  const outlined = page.replace('<div id="root"></div>', () => `<div id="root">${shell}</div>`);
  if (route !== 'home') return outlined;
  return outlined
    .replace('<script type="module"', '<script type="module" fetchpriority="low"')
    .replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
}
