import { toast } from 'sonner';
import { Workbox } from 'workbox-window';

const UPDATE_TOAST_MS = 10_000; // SPEC §9

/**
 * Registers /sw.js (SPEC §1). When a new version has installed while an older one controls
 * the page, the 'Update available' toast offers to apply it: the waiting worker is told to
 * skip waiting and the page reloads once it has taken over (SPEC §4 "Update notice").
 */
export async function registerWorker() {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', () => {
    toast('Update available', {
      id: 'update-available',
      description: 'A new version is available. Refresh to update.',
      duration: UPDATE_TOAST_MS,
      action: {
        label: 'Refresh',
        onClick: () => {
          workbox.addEventListener('controlling', () => window.location.reload());
          workbox.messageSkipWaiting();
        },
      },
    });
  });
  try {
    await workbox.register();
  } catch (error) {
    console.error('Service worker registration failed', error); // SPEC §8: only logged
  }
}
