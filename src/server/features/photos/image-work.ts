import { Worker } from 'node:worker_threads';
import { IMAGE_TOO_SLOW_MESSAGE, UNREADABLE_IMAGE_MESSAGE } from '../../../common/photos.js';
import type { PhotoWorkSettings } from '../../config.js';
import { HttpError } from '../../http-error.js';
import { FairPool, PoolClosedError, TimeLimitError, type Runner } from './fair-pool.js';
import { uprightSize, type DeriveLimits, type Derivatives } from './images.js';

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

// Run from the sources (tests, npm run dev) the worker is TypeScript, loaded through tsx.
const entry = new URL(
  import.meta.url.endsWith('.ts') ? './derive-worker.ts' : './derive-worker.js',
  import.meta.url,
);
const execArgv = import.meta.url.endsWith('.ts') ? ['--import', 'tsx'] : [];

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
      spawn: spawnWorker,
    });
  }

  async derive(userId: string, original: Uint8Array, contentType: string): Promise<DerivedPhoto> {
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

/** A worker thread as a pool runner; it rejects when the thread dies under a job. */
function spawnWorker(): Runner<DeriveRequest, DeriveReply> {
  const worker = new Worker(entry, { execArgv });
  worker.unref(); // idle workers never keep the process alive
  worker.on('error', () => undefined); // a crash between jobs: the next run() sees the exit
  return {
    run: (request) =>
      new Promise<DeriveReply>((resolve, reject) => {
        const settle = () => worker.off('message', done).off('error', died).off('exit', died);
        const died = (error: unknown) => {
          settle();
          reject(error instanceof Error ? error : new Error(`image worker exited with ${error}`));
        };
        const done = (reply: DeriveReply) => {
          settle();
          resolve(reply);
        };
        if (worker.threadId === -1) return died('before its job'); // exited while idle
        worker.once('message', done).once('error', died).once('exit', died);
        worker.postMessage(request);
      }),
    // Native code under way runs on until sharp's own timeout stops it; the thread is dropped now.
    terminate: () => void worker.terminate(),
  };
}
