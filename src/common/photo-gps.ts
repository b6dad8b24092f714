import { MAP_COORDINATE_DECIMALS, roundCoordinate } from './maps/geo.js';

// A photo's GPS position as exifr reads it, in the browser (the form) and on the server (the
// account's check of positions filled before issue 31). EXIF keeps unsigned degrees and the
// hemisphere apart, in GPSLatitudeRef (N/S) and GPSLongitudeRef (E/W): exifr signs its
// `latitude` and `longitude` only when the Refs are read too.

/** The tags exifr needs for a signed position; with `gps: true` it adds latitude and longitude. */
export const EXIF_GPS_TAGS = [
  'GPSLatitude',
  'GPSLatitudeRef',
  'GPSLongitude',
  'GPSLongitudeRef',
] as const;

export interface GpsPosition {
  latitude: number;
  longitude: number;
}

const isCoordinate = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

/** exifr's position when it read one (signed by the Refs), unrounded; else undefined. */
export function exifGpsPosition(tags: {
  latitude?: unknown;
  longitude?: unknown;
}): GpsPosition | undefined {
  const { latitude, longitude } = tags;
  return isCoordinate(latitude, 90) && isCoordinate(longitude, 180)
    ? { latitude, longitude }
    : undefined;
}

/** The position as the log form fills it from a photo: six decimals (about 10 cm). */
export const formPosition = ({ latitude, longitude }: GpsPosition): GpsPosition => ({
  latitude: roundCoordinate(latitude, MAP_COORDINATE_DECIMALS),
  longitude: roundCoordinate(longitude, MAP_COORDINATE_DECIMALS),
});
