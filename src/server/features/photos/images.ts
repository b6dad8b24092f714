import sharp, { type Metadata, type Sharp } from 'sharp';
import {
  PREVIEW_SIZE,
  THUMBNAIL_WIDTH,
  tooManyPixelsMessage,
  UNREADABLE_IMAGE_MESSAGE,
} from '../../../common/photos.js';
import { HttpError } from '../../http-error.js';

// libvips' operation cache helps repeated work on one file; here every image is new, and the
// cache would only hold memory.
sharp.cache(false);

/**
 * The photo's upright size, read from its header only (no pixel is decoded), refused when one
 * frame has more than `maxPixels`: a 1.5 MB JPEG can claim 16000×16000 and decode to 768 MB.
 * sharp's own limit is lifted for the header (it would call a valid 17000×17000 PNG unreadable):
 * PHOTO_MAX_PIXELS decides, and decoding (deriveImages) keeps the limit.
 */
export async function uprightSize(original: Uint8Array, maxPixels: number) {
  let header: Metadata;
  try {
    // an animation's height is one frame's
    header = await sharp(original, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(415, UNREADABLE_IMAGE_MESSAGE);
  }
  const { width, height, orientation } = header;
  if (width * height > maxPixels) throw new HttpError(413, tooManyPixelsMessage(maxPixels));
  const sideways = (orientation ?? 1) >= 5; // EXIF 5-8 turn the picture by 90°
  return sideways ? { width: height, height: width } : { width, height };
}

export interface Derivatives {
  /** The photo as anyone but its owner gets it: upright, with no metadata (no GPS). */
  public: Uint8Array;
  thumbnail: Uint8Array;
  preview: Uint8Array;
}

export interface DeriveLimits {
  maxPixels: number;
  /** libvips stops a pipeline running longer (sharp's timeout counts whole seconds). */
  timeoutSeconds: number;
}

/**
 * Everything served besides the original, made once at upload (in a worker: image-work.ts).
 * sharp drops EXIF, XMP and ICC metadata unless asked to keep them, `rotate()` applies the EXIF
 * orientation, and without `animated` only the first frame of a GIF or WebP is decoded: an
 * animation of a thousand frames costs what one frame does, and others see that frame.
 */
export async function deriveImages(
  original: Uint8Array,
  contentType: string,
  limits: DeriveLimits,
): Promise<Derivatives> {
  const upright = () =>
    sharp(original, { failOn: 'error', limitInputPixels: limits.maxPixels })
      .rotate()
      .timeout({ seconds: limits.timeoutSeconds });
  const publicCopy = await encodeAs(upright(), contentType);
  const thumbnail = await upright()
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  const preview = await upright()
    .resize({ ...PREVIEW_SIZE, fit: 'cover', position: 'attention' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  return { public: publicCopy, thumbnail, preview };
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
