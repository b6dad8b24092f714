import {
  RECORDING_TOO_SLOW_MESSAGE,
  UNREADABLE_RECORDING_MESSAGE,
} from '../../../common/recordings.js';
import type { PhotoWorkSettings } from '../../config.js';
import { HttpError } from '../../http-error.js';
import {
  FairPool,
  PoolClosedError,
  spawnWorkerRunner,
  TimeLimitError,
  workerEntry,
} from '../photos/index.js';
import type { AudioFacts } from './audio.js';
import type { RecordingDerivatives } from './derivatives.js';

export interface RecordingRequest {
  original: Uint8Array;
  facts: AudioFacts;
}
export type RecordingReply = { derived: RecordingDerivatives } | { failure: 'unreadable' };

/**
 * A recording's decoding (spectrogram, MP3) per second of sound is far below real time (a
 * 10-minute 48 kHz WAV takes seconds), yet a 50 MB file takes longer than a photo: its own limit.
 */
export const RECORDING_TIME_LIMIT_MS = 120_000;

const entry = workerEntry(import.meta.url, 'recording-worker');

/**
 * Recording work off the event loop: a few worker threads (as many as for photos) shared fairly
 * between users, each recording within RECORDING_TIME_LIMIT_MS; a worker that overran is
 * terminated and replaced.
 */
export class RecordingWork {
  private readonly pool: FairPool<RecordingRequest, RecordingReply>;

  constructor(settings: Pick<PhotoWorkSettings, 'workers'>, timeLimitMs = RECORDING_TIME_LIMIT_MS) {
    this.pool = new FairPool({
      size: settings.workers,
      timeLimitMs,
      spawn: () => spawnWorkerRunner<RecordingRequest, RecordingReply>(entry),
    });
  }

  async derive(userId: string, original: Uint8Array, facts: AudioFacts) {
    const reply = await this.pool.run(userId, { original, facts }).catch((error: unknown) => {
      if (error instanceof TimeLimitError) throw new HttpError(422, RECORDING_TOO_SLOW_MESSAGE);
      if (error instanceof PoolClosedError) throw new HttpError(503, 'The server is stopping');
      throw error;
    });
    if ('failure' in reply) throw new HttpError(415, UNREADABLE_RECORDING_MESSAGE);
    return reply.derived; // Uint8Arrays: the thread's Buffers arrive as plain arrays
  }

  close() {
    this.pool.close();
  }
}
