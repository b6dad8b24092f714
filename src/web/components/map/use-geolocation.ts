import { useState } from 'react';
import { toUncertainty } from './coordinates';

// 'Use my location': the browser's Geolocation API, with a sentence for every outcome.

export interface GeolocationState {
  status: 'idle' | 'locating' | 'found' | 'failed';
  message: string;
}

interface Found {
  latitude: number;
  longitude: number;
  /** Metres, as the device tells it (95% confidence). */
  accuracy: number;
}

const failures: Record<number, string> = {
  1: 'Location access was denied. Allow it in your browser settings, or enter the coordinates.',
  2: 'Your location is not available right now. Enter the coordinates or pick them on the map.',
  3: 'Finding your location took too long. Try again.',
};

const idle: GeolocationState = { status: 'idle', message: '' };

export function useGeolocation(onFound: (found: Found) => void) {
  const [state, setState] = useState<GeolocationState>(idle);

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setState({ status: 'failed', message: 'This browser cannot tell your location.' });
      return;
    }
    setState({ status: 'locating', message: 'Finding your location...' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        onFound({
          latitude: coords.latitude,
          longitude: coords.longitude,
          accuracy: coords.accuracy,
        });
        setState({
          status: 'found',
          message: `Location found, accurate to about ${toUncertainty(coords.accuracy).toLocaleString()} m`,
        });
      },
      (error) =>
        setState({
          status: 'failed',
          message: failures[error.code] ?? 'Your location could not be found.',
        }),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  };
  return { state, locate };
}
