import tzLookup from '@photostructure/tz-lookup';

// The zone of a place, apart from place-time.ts: its map is 73 kB, and the web app loads it only
// when a form needs it (a dynamic import), never with the code that converts times.

/** The IANA zone at the coordinates, offline (a coarse map: exact away from borders). */
export function zoneAt(latitude: number, longitude: number): string | undefined {
  try {
    return tzLookup(latitude, longitude);
  } catch {
    return undefined; // out of range
  }
}
