import { z } from 'zod';

// Upload rules of SPEC §5 and §9.
export const PHOTO_LIMITS = {
  maxBytes: 10_485_760,
  maxFiles: 5,
  /** How long an upload URL can be used. */
  uploadUrlSeconds: 15 * 60,
  /** Uploads no log refers to are deleted after this long. */
  orphanHours: 24,
} as const;

export const UPLOAD_TOO_LARGE_MESSAGE = 'Photos must be at most 10 MB';
export const NOT_AN_IMAGE_MESSAGE = 'Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded';
export const UNREADABLE_IMAGE_MESSAGE = 'The image could not be read; it may be damaged';
export const IMAGE_TOO_SLOW_MESSAGE = 'This photo took too long to process; try a smaller one';

/**
 * Uploads a user may start in `windowMs` (issue 21): more answer 429. `max` is the default of
 * UPLOAD_RATE_LIMIT.
 */
export const UPLOAD_RATE = { max: 120, windowMs: 10 * 60 * 1000 } as const;
export const UPLOAD_RATE_MESSAGE = 'Too many uploads. Try again later.';

/** 'This photo would go over your storage: 1,980 MB of 2,048 MB used.' (issue 21) */
export function overQuotaMessage(what: string, usedBytes: number, quotaBytes: number) {
  const mb = (bytes: number) => Math.ceil(bytes / 1024 / 1024).toLocaleString('en-US');
  return `${what} would go over your storage: ${mb(usedBytes)} MB of ${mb(quotaBytes)} MB used.`;
}

/** PHOTO_MAX_PIXELS in words: 50000000 → 'at most 50 megapixels'. */
export const tooManyPixelsMessage = (maxPixels: number) =>
  `This photo is too large: at most ${megapixels(maxPixels)} megapixels`;
const megapixels = (pixels: number) => Number((pixels / 1_000_000).toPrecision(3)).toString();

/** Sizes derived from each upload (SPEC §2: 1200x630 share preview). */
export const THUMBNAIL_WIDTH = 400;
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;

const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** `/objects/uploads/{uuid}`: the only form an uploaded photo's path takes. */
export const UPLOADED_PHOTO_PATH = new RegExp(`^/objects/uploads/${UUID_SOURCE}$`);
const UPLOAD_ID_IN_URL = new RegExp(`/uploads/(${UUID_SOURCE})(?:[/?]|$)`);

/** An upload's id as the server makes it (a lowercase UUID): the only thing a key is built of. */
export const isUploadId = (value: string) => UPLOAD_ID.test(value);
const UPLOAD_ID = new RegExp(`^${UUID_SOURCE}$`);

export const objectPathOf = (uploadId: string) => `/objects/uploads/${uploadId}`;

/** The upload id in an upload URL or object path (local or S3 form), or undefined. */
export function uploadIdIn(url: string): string | undefined {
  let path: string;
  try {
    path = new URL(url, 'http://localhost').pathname;
  } catch {
    return undefined;
  }
  return UPLOAD_ID_IN_URL.exec(path)?.[1];
}

/** Derivatives served beside an uploaded photo. */
export const photoVariants = ['thumbnail.webp', 'preview.jpg'] as const;
export type PhotoVariant = (typeof photoVariants)[number];

export const thumbnailUrl = (objectPath: string) => `${objectPath}/thumbnail.webp`;
export const previewUrl = (objectPath: string) => `${objectPath}/preview.jpg`;

/**
 * Both sizes the server makes of a photo, for an `<img srcset>` shown larger than a thumbnail
 * (a card's cover, a log's first photo): the 400 px thumbnail, else the 1200 px preview. The
 * preview is cut to 1200×630 around what draws the eye, so it suits boxes that crop anyway.
 */
export const photoSrcSet = (objectPath: string) =>
  `${thumbnailUrl(objectPath)} ${THUMBNAIL_WIDTH}w, ${previewUrl(objectPath)} ${PREVIEW_SIZE.width}w`;

/** Both fields are optional hints: with them the server refuses a too-large file before it is sent. */
export const uploadStartSchema = z
  .object({
    size: z
      .number({ error: 'size must be a number' })
      .int('size must be a whole number')
      .min(1, 'size must be at least 1')
      .optional(),
  })
  .nullish();
export const uploadStartResponseSchema = z.object({ uploadURL: z.string() });
export type UploadStartResponse = z.infer<typeof uploadStartResponseSchema>;

export const uploadCompleteSchema = z.object({
  photoURL: z
    .string({ error: 'photoURL is required' })
    .min(1, 'photoURL is required')
    .max(4096, 'photoURL is too long'),
});
export const uploadCompleteResponseSchema = z.object({ objectPath: z.string() });
export type UploadCompleteResponse = z.infer<typeof uploadCompleteResponseSchema>;
