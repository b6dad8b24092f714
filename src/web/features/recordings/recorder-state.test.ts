import { describe, expect, it } from 'vitest';
import {
  CANNOT_RECORD_MESSAGE,
  formatDuration,
  idleRecorder,
  MAX_RECORDING_SECONDS,
  MICROPHONE_BUSY_MESSAGE,
  MICROPHONE_REFUSED_MESSAGE,
  microphoneErrorMessage,
  NO_MICROPHONE_MESSAGE,
  recorderReducer,
  recordingMimeType,
  STOPPED_AT_LIMIT_MESSAGE,
  type RecorderEvent,
  type RecorderState,
} from './recorder-state';

const run = (...events: RecorderEvent[]): RecorderState =>
  events.reduce(recorderReducer, idleRecorder);
const T0 = Date.parse('2026-05-01T05:30:00Z');

describe('the format recorded in', () => {
  // as measured: Chromium 156, Firefox and Safari's answers to MediaRecorder.isTypeSupported
  const browsers = {
    chromium: ['audio/mp4', 'audio/mp4;codecs=opus', 'audio/webm', 'audio/webm;codecs=opus'],
    firefox: ['audio/ogg', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/webm;codecs=opus'],
    safari: ['audio/mp4'],
    oldChrome: ['audio/webm', 'audio/webm;codecs=opus'],
  };
  const chosen = (supported: string[]) => recordingMimeType((mime) => supported.includes(mime));

  it('is Opus in MP4 where the browser makes it, else MP4, else Ogg/Opus', () => {
    expect(chosen(browsers.chromium)).toBe('audio/mp4;codecs=opus');
    expect(chosen(browsers.safari)).toBe('audio/mp4');
    expect(chosen(browsers.firefox)).toBe('audio/ogg;codecs=opus');
  });

  it('is none in a browser that records WebM only, which the server does not take', () => {
    expect(chosen(browsers.oldChrome)).toBeUndefined();
  });
});

describe("the microphone's refusals", () => {
  const refused = (name: string) => microphoneErrorMessage(new DOMException('', name));

  it('tell the person what to do', () => {
    expect(refused('NotAllowedError')).toBe(
      "Microphone access was refused: allow it in the browser's site settings to record.",
    );
    expect(refused('SecurityError')).toBe(MICROPHONE_REFUSED_MESSAGE);
    expect(refused('NotFoundError')).toBe(NO_MICROPHONE_MESSAGE);
    expect(refused('NotReadableError')).toBe(MICROPHONE_BUSY_MESSAGE);
    expect(refused('NotSupportedError')).toBe(CANNOT_RECORD_MESSAGE);
    expect(microphoneErrorMessage('no error at all')).toBe(CANNOT_RECORD_MESSAGE);
  });
});

describe('the recorder', () => {
  it('asks, records, counts the seconds, stops and is ready again', () => {
    expect(run({ type: 'start' }).status).toBe('starting');
    const recording = run({ type: 'start' }, { type: 'started', at: T0 });
    expect(recording).toMatchObject({ status: 'recording', startedAt: T0, elapsedSeconds: 0 });
    const later = recorderReducer(recording, { type: 'tick', now: T0 + 5_400 });
    expect(later.elapsedSeconds).toBe(5);
    expect(recorderReducer(later, { type: 'tick', now: T0 + 5_900 })).toBe(later); // no re-render
    const stopping = recorderReducer(later, { type: 'stop' });
    expect(stopping.status).toBe('stopping');
    expect(recorderReducer(stopping, { type: 'stopped' })).toEqual(idleRecorder);
  });

  it('stops itself at the time limit and says so', () => {
    const recording = run({ type: 'start' }, { type: 'started', at: T0 });
    const justUnder = recorderReducer(recording, {
      type: 'tick',
      now: T0 + (MAX_RECORDING_SECONDS - 1) * 1000,
    });
    expect(justUnder.status).toBe('recording');
    const atLimit = recorderReducer(justUnder, { type: 'tick', now: T0 + 600_000 });
    expect(atLimit).toMatchObject({
      status: 'stopping',
      elapsedSeconds: MAX_RECORDING_SECONDS,
      message: STOPPED_AT_LIMIT_MESSAGE,
    });
    expect(recorderReducer(atLimit, { type: 'stopped' }).message).toBe(STOPPED_AT_LIMIT_MESSAGE);
    expect(MAX_RECORDING_SECONDS).toBeLessThan(600); // the server refuses more than 10 minutes
  });

  it('goes back to idle with the reason when the microphone is refused or lost', () => {
    const refused = run({ type: 'start' }, { type: 'failed', message: MICROPHONE_REFUSED_MESSAGE });
    expect(refused).toEqual({ ...idleRecorder, message: MICROPHONE_REFUSED_MESSAGE });
    expect(recorderReducer(refused, { type: 'start' })).toMatchObject({ message: null }); // again
  });

  it('ignores a second start, a stop before the sound began, and ticks when not recording', () => {
    const starting = run({ type: 'start' });
    expect(recorderReducer(starting, { type: 'start' })).toBe(starting);
    expect(recorderReducer(starting, { type: 'stop' })).toBe(starting);
    expect(recorderReducer(starting, { type: 'tick', now: T0 })).toBe(starting);
    expect(recorderReducer(idleRecorder, { type: 'started', at: T0 })).toBe(idleRecorder);
  });
});

describe('durations', () => {
  it('read as minutes and seconds', () => {
    expect(formatDuration(2.961)).toBe('0:03');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(599)).toBe('9:59');
  });
});
