import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import berlin from '../../../../tests/fixtures/photos/berlin.jpg?inline';
import centralPark from '../../../../tests/fixtures/photos/central-park.jpg?inline';
import rio from '../../../../tests/fixtures/photos/rio.jpg?inline';
import sydney from '../../../../tests/fixtures/photos/sydney.jpg?inline';
import { zoneAt } from '../../../common/place-zone';
import { readPhotoMetadata } from './photo-metadata';
import { withZoneOffset } from '@/lib/form-dates';

// Real EXIF written by exiftool (tests/fixtures/photos/README.md): the GPS IFD keeps degrees
// without a sign and the hemisphere in GPSLatitudeRef (N/S) and GPSLongitudeRef (E/W).

/** What the browser reads a picked file with: exifr reads a Blob in slices through it. */
class ArrayBufferReader {
  result: ArrayBuffer | null = null;
  onloadend: (() => void) | null = null;
  onerror: ((error: unknown) => void) | null = null;
  readAsArrayBuffer(blob: Blob) {
    blob.arrayBuffer().then(
      (buffer) => {
        this.result = buffer;
        this.onloadend?.();
      },
      (error: unknown) => this.onerror?.(error),
    );
  }
}
beforeAll(() => vi.stubGlobal('FileReader', ArrayBufferReader));
afterAll(() => vi.unstubAllGlobals());

const file = async (dataUrl: string) => (await fetch(dataUrl)).blob();

describe('readPhotoMetadata', () => {
  it.each([
    ['north and east (Berlin)', berlin, { latitude: 52.52, longitude: 13.405 }],
    ['north and west (Central Park)', centralPark, { latitude: 40.7812, longitude: -73.9665 }],
    ['south and east (Sydney)', sydney, { latitude: -33.8688, longitude: 151.2093 }],
    ['south and west (Rio de Janeiro)', rio, { latitude: -22.9519, longitude: -43.2105 }],
  ])('signs the GPS position by its hemisphere: %s', async (_, photo, coordinates) => {
    expect((await readPhotoMetadata(await file(photo))).coordinates).toEqual(coordinates);
  });

  // the form reads the camera's clock in the zone at the photo's position (photo-time.ts)
  it.each([
    ['Sydney in summer', sydney, 'Australia/Sydney', '2024-01-10T07:00:00+11:00'],
    ['Central Park in May', centralPark, 'America/New_York', '2024-05-12T07:42:00-04:00'],
    ['Rio de Janeiro', rio, 'America/Sao_Paulo', '2024-03-02T16:20:00-03:00'],
  ])("places the camera's clock in the zone of the place: %s", async (_, photo, zone, at) => {
    const { takenAt, coordinates } = await readPhotoMetadata(await file(photo));
    const placeZone = coordinates && zoneAt(coordinates.latitude, coordinates.longitude);
    expect(placeZone).toBe(zone);
    expect(withZoneOffset(takenAt!, placeZone!)).toBe(at);
  });
});
