import type { Readable } from 'node:stream';
import exifr from 'exifr';
import { EXIF_GPS_TAGS, exifGpsPosition, type GpsPosition } from '../../../common/photo-gps.js';
import { objectKey, type ObjectStorage } from '../../storage/object-storage.js';

// An uploaded original's GPS position, read on the server as the form reads it in the browser
// (src/common/photo-gps.ts): the same library, the same tags, signed by their hemispheres.

/** A JPEG's EXIF is its APP1 segment (at most 64 KiB), right after the start of the file. */
const JPEG_HEAD = { start: 0, end: 128 * 1024 - 1 };
/** Formats exifr cannot read (WebP) or that hold no EXIF (GIF): nothing to fetch. */
const WITHOUT_EXIF = new Set(['image/webp', 'image/gif']);

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The original's GPS position, unrounded; undefined when it has none (or no readable EXIF). */
export async function readOriginalPosition(
  storage: ObjectStorage,
  upload: { id: string; contentType: string | null },
): Promise<GpsPosition | undefined> {
  if (WITHOUT_EXIF.has(upload.contentType ?? '')) return undefined;
  const key = objectKey(upload.id, 'original');
  const stream = await storage.read(
    key,
    upload.contentType === 'image/jpeg' ? JPEG_HEAD : undefined,
  );
  if (!stream) return undefined; // the store no longer holds it
  const bytes = await bytesOf(stream);
  try {
    const tags = (await exifr.parse(bytes, { pick: [...EXIF_GPS_TAGS], gps: true })) as
      { latitude?: unknown; longitude?: unknown } | undefined;
    return tags && exifGpsPosition(tags);
  } catch {
    return undefined; // damaged or absent EXIF, as the form takes it
  }
}
