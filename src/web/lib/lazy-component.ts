import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react';

/** A component whose code loads on demand, and `preload()` to start loading it ahead. */
export interface LazyComponent<P extends object> {
  (props: P): ReactElement;
  preload: () => Promise<unknown>;
}

/** The components whose code failed to load, each with how to try it again. */
const failed = new Set<() => void>();

/**
 * Lets every component whose code failed to load try again at its next render. The error
 * boundaries call it as they reset (app/load-boundary.tsx): when the browser is back online,
 * or when the person goes to another page.
 */
export function retryFailedLoads() {
  for (const retry of failed) retry();
  failed.clear();
}

/**
 * React.lazy, with two differences that matter on a phone in the field:
 *
 * - A failed load is not kept for good. React.lazy remembers a rejected import forever, so a
 *   page whose code did not arrive while the connection dropped would fail on every later
 *   try. Here the failure stands, for the error boundary to show, until `retryFailedLoads()`;
 *   a prefetch may also try again before that.
 * - A component loaded ahead is rendered directly. React.lazy suspends its first render even
 *   when the code has arrived, and React then holds the fallback for 300 ms at least (its
 *   reveal throttle).
 */
export function lazyComponent<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => ({ default: (loaded = pick(module)) }),
      (error: unknown) => {
        loading = undefined;
        // the failed one throws its error at each render until then
        failed.add(() => (Lazy = lazy(preload)));
        throw error;
      },
    ));
  let Lazy = lazy(preload);
  const Component = (props: P) => {
    // chosen once per instance: one first drawn through React.lazy stays so, or React would
    // draw it anew, its state lost, at its next render after the code came
    const [type] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(type, props);
  };
  return Object.assign(Component, { preload });
}
