import { useState, type ReactNode } from 'react';
import { forgetDeviceData, unsentSightings } from '@/features/offline';
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

// Signing out leaves nothing of the account on the device (issue 21): its caches and offline
// writes and drafts go, then the server ends the session. Unsent sightings (queued, or on an
// outing being tallied) are only discarded once the person agrees.

/** What signing out of this device would lose: the sightings not yet sent. */
export const unsentDescription = (count: number) =>
  count === 1
    ? '1 sighting saved on this device has not been sent yet. Signing out removes it from this device.'
    : `${count} sightings saved on this device have not been sent yet. Signing out removes them from this device.`;

async function signOutOfDevice(userId: string) {
  await forgetDeviceData(userId);
  // a full page load: the server ends the session and sends the browser to /
  window.location.assign('/api/logout');
}

/** `signOut()` signs out, first asking in `dialog` when offline writes are waiting. */
export function useSignOut(userId: string): { signOut: () => void; dialog: ReactNode } {
  const [unsent, setUnsent] = useState(0);
  const [leaving, setLeaving] = useState(false);

  const leave = () => {
    setLeaving(true);
    void signOutOfDevice(userId);
  };
  const signOut = () => {
    void unsentSightings(userId).then((count) => {
      if (count > 0) setUnsent(count);
      else leave();
    }, leave); // no IndexedDB: nothing can be waiting
  };

  const dialog = (
    <AlertDialog open={unsent > 0} onOpenChange={(open) => !open && !leaving && setUnsent(0)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Discard unsent sightings?</AlertDialogTitle>
          <AlertDialogDescription>{unsentDescription(unsent)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={leaving}>Stay signed in</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={leaving}
            onClick={(event) => {
              event.preventDefault(); // stays open while the device is cleared
              leave();
            }}
          >
            {leaving ? 'Signing out...' : 'Discard and sign out'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
  return { signOut, dialog };
}
