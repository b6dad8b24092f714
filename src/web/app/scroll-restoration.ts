// Issue 23: a page opened by a link starts at the top; back and forward return to where the
// person was on that page, once its content has come back (the browser's own restoration runs
// before a lazily loaded page has its height, so it is turned off). A change of the URL that
// replaces it (typing a search, a filter) keeps the scroll where it is.

// after the page last grew or showed a skeleton: one whose data takes longer starts where it can
const RESTORE_FOR_MS = 3000;
const RESTORE_AT_MOST_MS = 10_000;
const positions = new Map<string, number>(); // page URL → its last scroll offset
const here = () => `${location.pathname}${location.search}`;
// a page still showing skeletons or marked busy has more content coming
const stillLoading = () =>
  document.querySelector('[data-slot="skeleton"], [aria-busy="true"]') !== null;

let current = '';
let restoring: number | undefined;

function stopRestoring() {
  if (restoring !== undefined) cancelAnimationFrame(restoring);
  restoring = undefined;
}

/** Scrolls to `top` as soon as the page is tall enough, for a while, unless the person scrolls. */
function restore(top: number) {
  stopRestoring();
  const started = performance.now();
  let until = started + RESTORE_FOR_MS;
  let height = document.documentElement.scrollHeight;
  const step = () => {
    window.scrollTo(0, top);
    const now = performance.now();
    // a page still growing (its cards and charts arriving one by one) is waited for
    if (document.documentElement.scrollHeight !== height || stillLoading()) {
      height = document.documentElement.scrollHeight;
      until = Math.min(now + RESTORE_FOR_MS, started + RESTORE_AT_MOST_MS);
    }
    if (Math.abs(window.scrollY - top) < 2 || now > until) {
      restoring = undefined;
      return;
    }
    restoring = requestAnimationFrame(step);
  };
  step();
}

export function startScrollRestoration() {
  if (current) return; // once
  history.scrollRestoration = 'manual';
  current = here();
  addEventListener(
    'scroll',
    () => {
      if (restoring === undefined) positions.set(current, window.scrollY);
    },
    { passive: true },
  );
  // the person scrolling wins over a restoration still waiting for the page to grow
  for (const type of ['wheel', 'touchstart', 'keydown'] as const) {
    addEventListener(type, stopRestoring, { passive: true });
  }
  // wouter dispatches these for its own navigations (wouter/use-browser-location)
  addEventListener('pushState', () => {
    if (here() === current) return; // the same page again (a changed form's guard entry)
    stopRestoring();
    current = here();
    window.scrollTo(0, 0);
  });
  addEventListener('replaceState', () => {
    current = here();
    positions.set(current, window.scrollY);
  });
  addEventListener('popstate', () => {
    current = here();
    restore(positions.get(current) ?? 0);
  });
}
