import exifr from 'exifr';
import { EXIF_GPS_TAGS, exifGpsPosition, formPosition } from '../../../common/photo-gps';
import { toLocalInput } from '@/lib/form-dates';

export interface PhotoMetadata {
  /** When the photo was taken, as a `datetime-local` value (the camera's wall-clock time). */
  takenAt?: string;
  /** The camera clock's offset from UTC then ('+02:00'), when it recorded one (EXIF 2.31). */
  takenOffset?: string;
  coordinates?: { latitude: number; longitude: number };
}

/**
 * The capture time and GPS position of a photo, read in the browser from its EXIF. Cameras
 * record a wall-clock time without a zone (newer ones add its offset in OffsetTimeOriginal);
 * exifr makes it a Date at the browser's clock, whose local fields give that wall-clock time
 * back. The form reads it at the photo's place (its GPS) when it has one. Unreadable or absent
 * metadata gives an empty answer.
 */
export async function readPhotoMetadata(file: Blob): Promise<PhotoMetadata> {
  try {
    const tags = (await exifr.parse(file, {
      pick: [
        'DateTimeOriginal',
        'CreateDate',
        'OffsetTimeOriginal',
        'OffsetTime',
        ...EXIF_GPS_TAGS, // without the Refs, a point west or south loses its sign
      ],
      gps: true,
    })) as
      | {
          DateTimeOriginal?: unknown;
          CreateDate?: unknown;
          OffsetTimeOriginal?: unknown;
          OffsetTime?: unknown;
          latitude?: unknown;
          longitude?: unknown;
        }
      | undefined;
    if (!tags) return {};
    const taken = [tags.DateTimeOriginal, tags.CreateDate].find(
      (value): value is Date => value instanceof Date && !Number.isNaN(value.getTime()),
    );
    const position = exifGpsPosition(tags);
    // the offset of DateTimeOriginal's clock; OffsetTime is the same camera's at the last edit
    const offset = [tags.OffsetTimeOriginal, tags.OffsetTime].find(
      (value): value is string => typeof value === 'string' && EXIF_OFFSET.test(value.trim()),
    );
    return {
      takenAt: taken ? toLocalInput(taken) : undefined,
      takenOffset: taken && offset ? offset.trim() : undefined,
      coordinates: position && formPosition(position),
    };
  } catch {
    return {};
  }
}

/** EXIF 2.31 writes offsets '+02:00' or '-07:00'. */
const EXIF_OFFSET = /^[+-]\d{2}:\d{2}$/;
