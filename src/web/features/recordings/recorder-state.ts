import { RECORDING_LIMITS } from '../../../common/recordings';
import { formatClock } from './playback';

// The recorder's rules, apart from the browser (use-recorder.ts runs them): which format to
// record in, what to tell the person when the microphone is refused, and when to stop.

/**
 * Formats the server decodes, best first (decision 029): Opus in MP4 (Chrome, Edge, Android),
 * MP4 as the browser makes it (Safari: AAC), Ogg/Opus (Firefox). WebM is left out: the server
 * does not take it.
 */
export const RECORDING_MIME_TYPES = [
  'audio/mp4;codecs=opus',
  'audio/mp4',
  'audio/ogg;codecs=opus',
  'audio/ogg',
] as const;

/** The first of RECORDING_MIME_TYPES the browser records, or undefined (a WebM-only browser). */
export const recordingMimeType = (isTypeSupported: (mime: string) => boolean) =>
  RECORDING_MIME_TYPES.find((mime) => isTypeSupported(mime));

export const CANNOT_RECORD_MESSAGE =
  "This browser can't record sound here: record with another app and upload the file instead.";
export const MICROPHONE_REFUSED_MESSAGE =
  "Microphone access was refused: allow it in the browser's site settings to record.";
export const NO_MICROPHONE_MESSAGE = 'No microphone was found: connect one to record.';
export const MICROPHONE_BUSY_MESSAGE =
  'The microphone could not be started: another app may be using it.';
export const RECORDING_FAILED_MESSAGE = 'The recording stopped: the microphone was lost.';

/** What getUserMedia's refusal means for the person, by the DOMException's name. */
export function microphoneErrorMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return MICROPHONE_REFUSED_MESSAGE;
    case 'NotFoundError':
    case 'OverconstrainedError':
      return NO_MICROPHONE_MESSAGE;
    case 'NotReadableError':
    case 'AbortError':
      return MICROPHONE_BUSY_MESSAGE;
    default:
      return CANNOT_RECORD_MESSAGE;
  }
}

/**
 * A recording stops itself a second short of the server's 10 minutes: the browser's clock and
 * the file's frames may disagree by a fraction, and 600.04 s would be refused.
 */
export const MAX_RECORDING_SECONDS = RECORDING_LIMITS.maxSeconds - 1;

export const STOPPED_AT_LIMIT_MESSAGE =
  'Recording stopped at 10 minutes, the longest a recording can be.';

export type RecorderStatus = 'idle' | 'starting' | 'recording' | 'stopping';

export interface RecorderState {
  status: RecorderStatus;
  /** When the sound began (epoch ms), while recording. */
  startedAt: number | null;
  elapsedSeconds: number;
  /** Why the last try failed, or why it stopped by itself; cleared by the next start. */
  message: string | null;
}

export type RecorderEvent =
  | { type: 'start' }
  | { type: 'started'; at: number }
  | { type: 'tick'; now: number }
  | { type: 'stop' }
  | { type: 'stopped' }
  | { type: 'failed'; message: string };

export const idleRecorder: RecorderState = {
  status: 'idle',
  startedAt: null,
  elapsedSeconds: 0,
  message: null,
};

/**
 * The recorder's states: idle → starting (asking for the microphone) → recording → stopping
 * (the browser finishes the file) → idle. A tick past MAX_RECORDING_SECONDS stops it as the
 * Stop button does; a failure at any point goes back to idle with its message.
 */
export function recorderReducer(state: RecorderState, event: RecorderEvent): RecorderState {
  switch (event.type) {
    case 'start':
      return state.status === 'idle' ? { ...idleRecorder, status: 'starting' } : state;
    case 'started':
      return state.status === 'starting'
        ? { ...state, status: 'recording', startedAt: event.at, elapsedSeconds: 0 }
        : state;
    case 'tick': {
      if (state.status !== 'recording' || state.startedAt === null) return state;
      const elapsedSeconds = Math.max(0, Math.floor((event.now - state.startedAt) / 1000));
      if (elapsedSeconds >= MAX_RECORDING_SECONDS) {
        return {
          ...state,
          status: 'stopping',
          elapsedSeconds: MAX_RECORDING_SECONDS,
          message: STOPPED_AT_LIMIT_MESSAGE,
        };
      }
      return elapsedSeconds === state.elapsedSeconds ? state : { ...state, elapsedSeconds };
    }
    case 'stop':
      return state.status === 'recording' ? { ...state, status: 'stopping' } : state;
    case 'stopped':
      return { ...idleRecorder, message: state.message };
    case 'failed':
      return { ...idleRecorder, message: event.message };
  }
}

/** '0:05', '9:59': a recording's length, to the nearest second (2.96 s is '0:03'). */
export const formatDuration = (seconds: number) => formatClock(Math.round(seconds));
