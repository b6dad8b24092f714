import { useEffect, useState } from 'react';
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

/**
 * Issue 23: a form with changes is not thrown away by Escape, Cancel, a link or closing the tab
 * without asking 'Discard this sighting?'. `confirmLeave(leave)` runs `leave` at once when
 * nothing changed, else after Discard; links in the app and the tab's close ask the same.
 */
export function useLeaveGuard(dirty: boolean, onDiscard: () => void) {
  const [, navigate] = useLocation();
  const [leaving, setLeaving] = useState<(() => void) | undefined>(undefined);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    // capture, on the document: before the link's own handler (React's, on the root) runs
    const onClick = (event: MouseEvent) => {
      const to = appLinkOf(event);
      if (!to) return;
      event.preventDefault();
      event.stopPropagation();
      setLeaving(() => () => navigate(to));
    };
    addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty, navigate]);

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
