import { useSyncExternalStore } from 'react';

const query = '(display-mode: standalone)';

/** iOS Safari marks a home-screen app with the non-standard `navigator.standalone`. */
interface IosNavigator extends Navigator {
  standalone?: boolean;
}

function subscribe(onChange: () => void) {
  const media = window.matchMedia(query);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

export function isStandalone(): boolean {
  return window.matchMedia(query).matches || (navigator as IosNavigator).standalone === true;
}

/** True when the app runs installed, in its own window (SPEC §2 landing page, §4 start). */
export function useStandalone(): boolean {
  return useSyncExternalStore(subscribe, isStandalone);
}
