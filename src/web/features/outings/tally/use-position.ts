import { useEffect, useState } from 'react';
import type { Fix } from './tally';

// The device's position while the tally is open (issue 22): where the outing started and the
// way walked. Never waited for: the tally works the same without it.

export type PositionState = 'waiting' | 'tracking' | 'denied' | 'unavailable';

const WATCH_OPTIONS: PositionOptions = {
  enableHighAccuracy: true, // a walk's fixes need GPS, not the network's guess
  maximumAge: 10_000,
  timeout: 60_000,
};

/** Watches the position while mounted, handing each fix to `onFix`; says how it is going. */
export function usePosition(onFix: (fix: Fix) => void): PositionState {
  const [state, setState] = useState<PositionState>(() =>
    'geolocation' in navigator ? 'waiting' : 'unavailable',
  );

  useEffect(() => {
    if (!('geolocation' in navigator)) return;
    const watch = navigator.geolocation.watchPosition(
      ({ coords }) => {
        setState('tracking');
        onFix({
          latitude: coords.latitude,
          longitude: coords.longitude,
          accuracy: coords.accuracy,
        });
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) setState('denied');
        // a timeout or a lost signal: the watch goes on and the next fix counts again
      },
      WATCH_OPTIONS,
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [onFix]);

  return state;
}
