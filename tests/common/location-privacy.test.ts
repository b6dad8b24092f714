import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cellOf,
  cellUncertaintyMetres,
  cellWkt,
  locationShownText,
  obscuredPoint,
  publicPlace,
  type StoredPlace,
} from '../../src/common/location-privacy.js';

// Issue 35: the geometry of an obscured place, and the words for it.

const latitude = fc.double({ min: -90, max: 90, noNaN: true });
const longitude = fc.double({ min: -180, max: 180, noNaN: true });
const id = fc.uuid();

/** Metres between two points (haversine). */
function metres(a: [number, number], b: [number, number]) {
  const rad = Math.PI / 180;
  const dLat = (b[0] - a[0]) * rad;
  const dLon = (b[1] - a[1]) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_008 * Math.asin(Math.sqrt(h));
}

describe('an obscured place', () => {
  it('holds its true point in its cell, and its public point too', () => {
    fc.assert(
      fc.property(latitude, longitude, id, (lat, lon, key) => {
        const cell = cellOf(lat, lon);
        const NANODEGREE = 1e-9; // the cells' edges are exact to it
        expect(lat).toBeGreaterThanOrEqual(cell.south - NANODEGREE);
        expect(lat).toBeLessThanOrEqual(cell.north + NANODEGREE);
        expect(lon).toBeGreaterThanOrEqual(cell.west - NANODEGREE);
        expect(lon).toBeLessThanOrEqual(cell.east + NANODEGREE);
        expect(cell.north - cell.south).toBeCloseTo(0.2, 9);
        const point = obscuredPoint(key, cell);
        expect(point.latitude).toBeGreaterThanOrEqual(cell.south);
        expect(point.latitude).toBeLessThan(cell.north);
        expect(point.longitude).toBeGreaterThanOrEqual(cell.west);
        expect(point.longitude).toBeLessThan(cell.east);
      }),
    );
  });

  it('gives every corner of the cell within its uncertainty of the public point', () => {
    fc.assert(
      fc.property(latitude, longitude, id, (lat, lon, key) => {
        const cell = cellOf(lat, lon);
        const point = obscuredPoint(key, cell);
        const radius = cellUncertaintyMetres(cell);
        for (const corner of [
          [cell.south, cell.west],
          [cell.south, cell.east],
          [cell.north, cell.west],
          [cell.north, cell.east],
        ] as Array<[number, number]>) {
          expect(metres([point.latitude, point.longitude], corner)).toBeLessThanOrEqual(radius);
        }
      }),
    );
  });

  it('has exact edges: the poles, the antimeridian, negative coordinates', () => {
    expect(cellOf(90, 180)).toEqual({ south: 89.8, north: 90, west: 179.8, east: 180 });
    expect(cellOf(-90, -180)).toEqual({ south: -90, north: -89.8, west: -180, east: -179.8 });
    expect(cellOf(-33.8688, 151.2093)).toEqual({
      south: -34,
      north: -33.8,
      west: 151.2,
      east: 151.4,
    });
    expect(cellOf(0.6, -0.6)).toEqual({ south: 0.6, north: 0.8, west: -0.6, east: -0.4 });
    expect(cellWkt(cellOf(42.44, -76.5))).toBe(
      'POLYGON ((-76.6 42.4, -76.4 42.4, -76.4 42.6, -76.6 42.6, -76.6 42.4))',
    );
  });

  it('is the same for the same record and differs between records', () => {
    const cell = cellOf(42.44, -76.5);
    const a = obscuredPoint('9b2f7f7e-2d0e-4d0e-9a53-0c1f7b9a1e11', cell);
    expect(obscuredPoint('9b2f7f7e-2d0e-4d0e-9a53-0c1f7b9a1e11', cell)).toEqual(a);
    expect(obscuredPoint('9b2f7f7e-2d0e-4d0e-9a53-0c1f7b9a1e12', cell)).not.toEqual(a);
  });
});

describe('the place others see', () => {
  const stored: StoredPlace = {
    id: '9b2f7f7e-2d0e-4d0e-9a53-0c1f7b9a1e11',
    latitude: 42.443617,
    longitude: -76.501943,
    coordinateUncertainty: 10,
    placeName: 'Eagle nest',
    showExactLocation: true,
    locationShown: { level: 'obscured', reason: 'sensitive' },
  };
  const viewer = {
    trusted: false,
    obscuredPlace: 'region' as const,
    region: 'New York',
    openDecimals: 2,
  };

  it('ignores "show exact location" once the place is obscured', () => {
    const seen = publicPlace(stored, viewer);
    expect(seen).toMatchObject({ placeName: 'New York', exact: false, generalisation: 'obscured' });
    expect(seen.latitude).not.toBe(stored.latitude);
    expect(publicPlace(stored, { ...viewer, trusted: true })).toMatchObject({
      latitude: stored.latitude,
      placeName: 'Eagle nest',
      exact: true,
    });
  });

  it('withholds a private place from everyone, trusted or not', () => {
    const hidden = { ...stored, locationShown: { level: 'private', reason: 'owner' } } as const;
    for (const trusted of [false, true]) {
      expect(publicPlace(hidden, { ...viewer, trusted })).toMatchObject({
        latitude: null,
        longitude: null,
        placeName: null,
        generalisation: 'withheld',
      });
    }
  });

  it('says why in words', () => {
    expect(locationShownText({ level: 'open', reason: null })).toBeUndefined();
    expect(locationShownText({ level: 'obscured', reason: 'sensitive' })).toBe(
      'Location obscured: sensitive species',
    );
    expect(locationShownText({ level: 'private', reason: 'embargo' }, '2027-06-01')).toBe(
      'Location private until Jun 1, 2027',
    );
    expect(locationShownText({ level: 'obscured', reason: 'owner' })).toBe('Location obscured');
  });
});
