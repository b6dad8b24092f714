import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { NOT_AN_IMAGE_MESSAGE, PREVIEW_SIZE, THUMBNAIL_WIDTH } from '../../../common/photos.js';
import { HttpError } from '../../http-error.js';

/**
 * Image types accepted by their bytes, never by name or header. HEIC is not among them: sharp's
 * bundled libvips decodes AVIF but not HEVC, so a HEIC could be neither thumbnailed nor stripped
 * of its GPS; browsers convert HEIC to JPEG when a web page picks photos anyway.
 */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

export async function sniffImageType(bytes: Uint8Array): Promise<string> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !IMAGE_TYPES.has(detected.mime)) throw new HttpError(415, NOT_AN_IMAGE_MESSAGE);
  return detected.mime;
}

export interface Derivatives {
  width: number;
  height: number;
  /** The photo as anyone but its owner gets it: upright, with no metadata (no GPS). */
  public: Buffer;
  thumbnail: Buffer;
  preview: Buffer;
}

// libvips' operation cache helps repeated work on one file; here every image is new, and the
// cache would only hold memory.
sharp.cache(false);

/** One derivation at a time: libvips already uses every core, and each 12 MP photo decodes to
 * about 36 MB, so parallel derivations would only add memory. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Everything served besides the original, made once at upload. sharp drops EXIF, XMP and ICC
 * metadata from its output unless asked to keep it, and `rotate()` applies the EXIF orientation.
 */
export function deriveImages(original: Buffer, contentType: string): Promise<Derivatives> {
  const animated = contentType === 'image/gif' || contentType === 'image/webp';
  const upright = () => sharp(original, { animated, failOn: 'error' }).rotate();
  return oneAtATime(async () => {
    try {
      const { width, height, pageHeight, orientation } = await sharp(original, {
        animated,
      }).metadata();
      const frameHeight = pageHeight ?? height;
      const sideways = (orientation ?? 1) >= 5; // EXIF 5-8 turn the picture by 90°
      const publicCopy = await encodeAs(upright(), contentType);
      const thumbnail = await upright()
        .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      const preview = await sharp(original, { failOn: 'error' })
        .rotate()
        .resize({ ...PREVIEW_SIZE, fit: 'cover', position: 'attention' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
      return {
        width: sideways ? frameHeight : width,
        height: sideways ? width : frameHeight,
        public: publicCopy,
        thumbnail,
        preview,
      };
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(415, 'The image could not be read; it may be damaged');
    }
  });
}

function encodeAs(image: Sharp, contentType: string): Promise<Buffer> {
  switch (contentType) {
    case 'image/png':
      return image.png().toBuffer();
    case 'image/webp':
      return image.webp({ quality: 90 }).toBuffer();
    case 'image/gif':
      return image.gif().toBuffer();
    case 'image/avif':
      return image.avif({ quality: 60 }).toBuffer();
    default:
      return image.jpeg({ quality: 90 }).toBuffer(); // mozjpeg would take seconds at 12 MP
  }
}
