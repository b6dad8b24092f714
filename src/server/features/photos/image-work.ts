import { IMAGE_TOO_SLOW_MESSAGE, UNREADABLE_IMAGE_MESSAGE } from '../../../common/photos.js';
import type { PhotoWorkSettings } from '../../config.js';
import { HttpError } from '../../http-error.js';
import { FairPool, PoolClosedError, TimeLimitError } from './fair-pool.js';
import type { DeriveLimits, Derivatives } from './images.js';
import { spawnWorkerRunner, workerEntry } from './worker-runner.js';

export interface DeriveRequest {
  original: Uint8Array;
  contentType: string;
  limits: DeriveLimits;
}
export type DeriveReply = { derived: Derivatives } | { failure: 'timeout' | 'unreadable' };

export interface DerivedPhoto {
  width: number;
  height: number;
  public: Buffer;
  thumbnail: Buffer;
  preview: Buffer;
}

const entry = workerEntry(import.meta.url, 'derive-worker');

/**
 * Image work with bounds: the size is checked from the header before anything is decoded, and
 * the derivatives are made by a few worker threads shared fairly between users (fair-pool.ts),
 * each photo within a time limit; a worker that overran is terminated and replaced.
 */
export class ImageWork {
  private readonly pool: FairPool<DeriveRequest, DeriveReply>;
  private readonly limits: DeriveLimits;

  constructor(private readonly settings: PhotoWorkSettings) {
    this.limits = {
      maxPixels: settings.maxPixels,
      timeoutSeconds: Math.max(1, Math.ceil(settings.timeLimitMs / 1000)),
    };
    this.pool = new FairPool({
      size: settings.workers,
      timeLimitMs: settings.timeLimitMs,
      spawn: () => spawnWorkerRunner<DeriveRequest, DeriveReply>(entry),
    });
  }

  async derive(userId: string, original: Uint8Array, contentType: string): Promise<DerivedPhoto> {
    // sharp (libvips) loads with the first photo, not at every start (issue 38, P5)
    const { uprightSize } = await import('./images.js');
    const size = await uprightSize(original, this.settings.maxPixels);
    const reply = await this.pool
      .run(userId, { original, contentType, limits: this.limits })
      .catch((error: unknown) => {
        if (error instanceof TimeLimitError) throw new HttpError(422, IMAGE_TOO_SLOW_MESSAGE);
        if (error instanceof PoolClosedError) throw new HttpError(503, 'The server is stopping');
        throw error;
      });
    if ('failure' in reply) {
      if (reply.failure === 'timeout') throw new HttpError(422, IMAGE_TOO_SLOW_MESSAGE);
      throw new HttpError(415, UNREADABLE_IMAGE_MESSAGE);
    }
    const { derived } = reply; // a Buffer crosses threads as a plain Uint8Array
    const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    return {
      ...size,
      public: buffer(derived.public),
      thumbnail: buffer(derived.thumbnail),
      preview: buffer(derived.preview),
    };
  }

  close() {
    this.pool.close();
  }
}
