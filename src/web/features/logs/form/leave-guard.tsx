import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/button';

/** A click that would take the page elsewhere in the app: a plain left click on an app link. */
function appLinkOf(event: MouseEvent): string | undefined {
  if (event.defaultPrevented || event.button !== 0) return undefined;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return undefined;
  if (anchor.target === '_blank' || anchor.hasAttribute('download')) return undefined;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin || url.pathname.startsWith('/api/')) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

// The history entry a changed form stands on: a copy of the form's own, pushed when the form
// first changes, so the browser's Back lands on the form's URL again instead of leaving it.
const GUARD = 'sightbookLeaveGuard';
const onGuardEntry = () => (history.state as Record<string, unknown> | null)?.[GUARD] === true;

/**
 * Leaves the form for `to`. From the guard's entry the new page takes its place, so the
 * history reads as if the form had never been guarded (one entry for the form, not two).
 */
export function useLeaveTo() {
  const [, navigate] = useLocation();
  return useCallback((to: string) => navigate(to, { replace: onGuardEntry() }), [navigate]);
}

/** Whether the form's own entry has one before it; unknown without the Navigation API. */
function formEntryHasPrevious(): boolean {
  const { navigation } = window as { navigation?: { currentEntry?: { index: number } | null } };
  const index = navigation?.currentEntry?.index;
  return index === undefined || index - 1 > 0;
}

/**
 * Issue 23: a form with changes is not thrown away by Escape, Cancel, a link, the browser's
 * Back or closing the tab without asking 'Discard this sighting?'. `confirmLeave(leave)` runs
 * `leave` at once when nothing changed, else after Discard; links in the app, Back and the
 * tab's close ask the same.
 */
export function useLeaveGuard(dirty: boolean, onDiscard: () => void, onCancel: () => void) {
  const leaveTo = useLeaveTo();
  const [leaving, setLeaving] = useState<(() => void) | undefined>(undefined);
  const released = useRef(false); // Discard going back: the guard lets that one pass
  const cancel = useRef(onCancel);
  useEffect(() => {
    cancel.current = onCancel;
  });

  useEffect(() => {
    if (!dirty) return;
    // Back from the guard's entry comes to the form's own (same URL): the page stays, and
    // Discard then goes back once more, to where the person came from
    if (!onGuardEntry()) history.pushState({ [GUARD]: true }, '', location.href);
    const onPopState = (event: PopStateEvent) => {
      if (released.current || onGuardEntry()) return; // Discard, or forward onto it again
      // capture, on window: before the router and the scroll restoration see it
      event.stopImmediatePropagation();
      history.pushState({ [GUARD]: true }, '', location.href);
      setLeaving(() => () => {
        // past the guard's entry and the form's own, to where the person came from; a form
        // opened first in its tab has nowhere to go back to, so it leaves as Cancel does
        if (!formEntryHasPrevious()) return cancel.current();
        released.current = true;
        history.go(-2);
      });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    // capture, on the document: before the link's own handler (React's, on the root) runs
    const onClick = (event: MouseEvent) => {
      const to = appLinkOf(event);
      if (!to) return;
      event.preventDefault();
      event.stopPropagation();
      setLeaving(() => () => leaveTo(to));
    };
    addEventListener('popstate', onPopState, true);
    addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      removeEventListener('popstate', onPopState, true);
      removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty, leaveTo]);

  const confirmLeave = (leave: () => void) => {
    if (dirty) setLeaving(() => leave);
    else leave();
  };

  const dialog = (
    <AlertDialog
      open={leaving !== undefined}
      onOpenChange={(open) => !open && setLeaving(undefined)}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Discard this sighting?</AlertDialogTitle>
          <AlertDialogDescription>
            What you entered in this form has not been saved.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep editing</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            onClick={() => {
              const leave = leaving;
              setLeaving(undefined);
              onDiscard();
              leave?.();
            }}
          >
            Discard
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
  return { confirmLeave, dialog };
}
