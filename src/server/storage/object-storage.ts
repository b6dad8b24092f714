import type { Readable } from 'node:stream';
import { isUploadId } from '../../common/photos.js';

/** Where an object's bytes live: `uploads/{uuid}/{name}`, never built from user input. */
export type ObjectKey = `uploads/${string}/${ObjectName}`;
export type ObjectName =
  'original' | 'public' | 'thumbnail.webp' | 'preview.jpg' | 'spectrogram.png' | 'listen.mp3';
/** Every name an upload's objects may have: a photo's, or a sound recording's (issue 37). */
export const objectNames: readonly ObjectName[] = [
  'original',
  'public',
  'thumbnail.webp',
  'preview.jpg',
  'spectrogram.png',
  'listen.mp3',
];

export function objectKey(uploadId: string, name: ObjectName): ObjectKey {
  if (!isUploadId(uploadId)) throw new Error('An object key needs an upload id'); // never a path
  return `uploads/${uploadId}/${name}`;
}

/** Inclusive byte range, as in HTTP. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface UploadTarget {
  uploadId: string;
  userId: string;
  /** The size the browser announced, when it did (S3 signs it). */
  size?: number;
}

/** The most bytes an upload may have, and what a larger one is told (413). */
export interface SizeLimit {
  maxBytes: number;
  message: string;
}

/**
 * Photo bytes on local disk or in an S3-compatible bucket. Both hand the browser a URL to PUT
 * the file to; the app checks what arrived before anything refers to it. What only some stores
 * can do is an optional member here, so that callers ask the store, never its class.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** A URL the browser PUTs the original to, valid for PHOTO_LIMITS.uploadUrlSeconds. */
  uploadUrl(target: UploadTarget): Promise<string>;
  /**
   * Takes the PUT to one of its upload URLs, streamed into place within `limit`,
   * and returns its size: only a store whose upload URLs point at the app (local disk) has it.
   * An S3 bucket takes the PUT itself.
   */
  receive?(key: ObjectKey, body: Readable, limit: SizeLimit): Promise<number>;
  /** The object's size, or undefined when it does not exist. */
  size(key: ObjectKey): Promise<number | undefined>;
  /** The whole object (photos are at most 10 MB, recordings 50 MB). */
  readAll(key: ObjectKey): Promise<Buffer>;
  /**
   * The object's bytes (or a range of them), or undefined when it does not exist: a restore
   * without uploads/, or instances that each keep their own local disk.
   */
  read(key: ObjectKey, range?: ByteRange): Promise<Readable | undefined>;
  write(key: ObjectKey, body: Buffer, contentType: string): Promise<void>;
  /** Removes the objects; missing ones are not an error. */
  delete(keys: ObjectKey[]): Promise<void>;
}
