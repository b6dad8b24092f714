import { NOT_AN_IMAGE_MESSAGE } from '../../../common/photos.js';
import { HttpError } from '../../http-error.js';

/**
 * Image types accepted by their bytes, never by name or header. HEIC is not among them: sharp's
 * bundled libvips decodes AVIF but not HEVC, so a HEIC could be neither thumbnailed nor stripped
 * of its GPS; browsers convert HEIC to JPEG when a web page picks photos anyway.
 */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

export async function sniffImageType(bytes: Uint8Array): Promise<string> {
  // loaded with the first upload, not at every start (issue 38, P5)
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !IMAGE_TYPES.has(detected.mime)) throw new HttpError(415, NOT_AN_IMAGE_MESSAGE);
  return detected.mime;
}
