import exifr from 'exifr';
import { toLocalInput } from '@/lib/form-dates';

export interface PhotoMetadata {
  /** When the photo was taken, as a `datetime-local` value (the camera's wall-clock time). */
  takenAt?: string;
  coordinates?: { latitude: number; longitude: number };
}

const isCoordinate = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

/**
 * The capture time and GPS position of a photo, read in the browser from its EXIF. Cameras
 * record local time without a zone; exifr reads it as the browser's local time, which is what
 * the form's Date & Time field holds. Unreadable or absent metadata gives an empty answer.
 */
export async function readPhotoMetadata(file: Blob): Promise<PhotoMetadata> {
  try {
    const tags = (await exifr.parse(file, {
      pick: ['DateTimeOriginal', 'CreateDate', 'GPSLatitude', 'GPSLongitude'],
      gps: true,
    })) as
      | {
          DateTimeOriginal?: unknown;
          CreateDate?: unknown;
          latitude?: unknown;
          longitude?: unknown;
        }
      | undefined;
    if (!tags) return {};
    const taken = [tags.DateTimeOriginal, tags.CreateDate].find(
      (value): value is Date => value instanceof Date && !Number.isNaN(value.getTime()),
    );
    const { latitude, longitude } = tags;
    return {
      takenAt: taken ? toLocalInput(taken) : undefined,
      coordinates:
        isCoordinate(latitude, 90) && isCoordinate(longitude, 180)
          ? { latitude: round(latitude), longitude: round(longitude) }
          : undefined,
    };
  } catch {
    return {};
  }
}

/** Six decimals: about 10 cm, more than any phone's GPS knows. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;
