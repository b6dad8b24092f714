import { describe, expect, it } from 'vitest';
import {
  coordinateText,
  formatCoordinates,
  formatUncertainty,
  isMobileDevice,
  mapAppLink,
  parseCoordinate,
  toUncertainty,
} from './coordinates';

describe('coordinate uncertainty', () => {
  it("takes the device's accuracy in whole metres, rounded up, at least 1", () => {
    expect(toUncertainty(11.2)).toBe(12);
    expect(toUncertainty(25)).toBe(25);
    expect(toUncertainty(0.4)).toBe(1);
    expect(toUncertainty(0)).toBe(1);
  });

  it('reads as plus or minus metres', () => {
    expect(formatUncertainty(12)).toMatch(/^± 12 m$/);
    expect(formatUncertainty(1500)).toBe(`± ${(1500).toLocaleString()} m`);
  });
});

describe('coordinates', () => {
  it('reads typed coordinates: empty is none, text is not a number', () => {
    expect(parseCoordinate('')).toBeNull();
    expect(parseCoordinate('  ')).toBeNull();
    expect(parseCoordinate('51.5073')).toBe(51.5073);
    expect(parseCoordinate(' -0.1277 ')).toBe(-0.1277);
    expect(parseCoordinate('51,5')).toBe(51.5);
    expect(parseCoordinate('+12')).toBe(12);
    expect(parseCoordinate('north')).toBeNaN();
    expect(parseCoordinate('1e3')).toBeNaN();
    expect(parseCoordinate('12.3.4')).toBeNaN();
  });

  it('writes form values back as text', () => {
    expect(coordinateText(null)).toBe('');
    expect(coordinateText(undefined)).toBe('');
    expect(coordinateText(Number.NaN)).toBe('');
    expect(coordinateText(-0.1277)).toBe('-0.1277');
  });

  it('shows at most six decimals, latitude first', () => {
    expect(formatCoordinates(51.50735083333333, -0.12775829)).toBe('51.507351, -0.127758');
    expect(formatCoordinates(10, 20.5)).toBe('10, 20.5');
  });

  it('links phones to their map app and others to OpenStreetMap', () => {
    expect(mapAppLink(51.507351, -0.127758, true)).toEqual({
      href: 'geo:51.507351,-0.127758',
      label: 'Open in map app',
    });
    expect(mapAppLink(51.507351, -0.127758, false)).toEqual({
      href: 'https://www.openstreetmap.org/?mlat=51.507351&mlon=-0.127758#map=15/51.507351/-0.127758',
      label: 'Open in OpenStreetMap',
    });
  });

  it('tells phones from desktops', () => {
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36';
    const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130 Safari/537.36';
    expect(isMobileDevice({ userAgent: android })).toBe(true);
    expect(isMobileDevice({ userAgent: desktop })).toBe(false);
    expect(isMobileDevice({ userAgent: desktop, userAgentData: { mobile: true } })).toBe(true);
  });
});
