import { MAP_COORDINATE_DECIMALS, roundCoordinate } from '../../../common/maps/geo';

// Coordinates as people read and type them: decimal degrees, latitude first.

/** '51.507351, -0.127758': at most 6 decimals (about 0.1 m), no trailing zeros. */
export const formatCoordinates = (latitude: number, longitude: number) =>
  `${roundCoordinate(latitude, MAP_COORDINATE_DECIMALS)}, ${roundCoordinate(longitude, MAP_COORDINATE_DECIMALS)}`;

/** A form's coordinate that is a number (not null, nor NaN from text that is none). */
export const isCoordinate = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** How far off a point may be: '± 12 m', '± 1,500 m'. */
export const formatUncertainty = (metres: number) => `± ${metres.toLocaleString()} m`;

/** The device's accuracy (metres, fractional) as a coordinate uncertainty: whole metres, at least 1. */
export const toUncertainty = (accuracy: number) => Math.max(1, Math.ceil(accuracy));

/** A point picked on a map or found by the device, to the precision the form keeps. */
export const toFormCoordinate = (value: number) => roundCoordinate(value, MAP_COORDINATE_DECIMALS);

/** A typed coordinate: empty is null, anything not a number is NaN (the schema names it). */
export function parseCoordinate(text: string): number | null {
  const trimmed = text.trim().replace(',', '.'); // '51,5' as many keyboards type it
  if (trimmed === '') return null;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The input's text for a form value. */
export const coordinateText = (value: number | null | undefined) =>
  value === null || value === undefined || Number.isNaN(value) ? '' : String(value);

export interface MapAppLink {
  href: string;
  label: string;
}

/** A geo: URI opens the device's map app on phones; elsewhere OpenStreetMap's site. */
export function mapAppLink(latitude: number, longitude: number, mobile: boolean): MapAppLink {
  const lat = roundCoordinate(latitude, MAP_COORDINATE_DECIMALS);
  const lon = roundCoordinate(longitude, MAP_COORDINATE_DECIMALS);
  if (mobile) return { href: `geo:${lat},${lon}`, label: 'Open in map app' };
  return {
    href: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=15/${lat}/${lon}`,
    label: 'Open in OpenStreetMap',
  };
}

interface NavigatorLike {
  userAgent: string;
  userAgentData?: { mobile?: boolean };
}

/** Phones and tablets, where a geo: link has an app to open it. */
export function isMobileDevice(nav: NavigatorLike): boolean {
  if (typeof nav.userAgentData?.mobile === 'boolean' && nav.userAgentData.mobile) return true;
  return /Android|iPhone|iPad|iPod|Mobile/i.test(nav.userAgent);
}
