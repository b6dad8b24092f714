import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import {
  CANNOT_RECORD_MESSAGE,
  idleRecorder,
  microphoneErrorMessage,
  RECORDING_FAILED_MESSAGE,
  recorderReducer,
  recordingMimeType,
  type RecorderStatus,
} from './recorder-state';

/** What the microphone gave: the file, and when the sound began. */
export interface MadeRecording {
  blob: Blob;
  startedAt: Date;
}

export interface Recorder {
  status: RecorderStatus;
  elapsedSeconds: number;
  /** Why this browser cannot record at all (said before Record is pressed), else null. */
  unsupported: string | null;
  /** Why the last try failed, or why it stopped by itself. */
  message: string | null;
  start: () => void;
  stop: () => void;
}

// A field recording wants the sound as it is: a voice call's processing takes birdsong for noise.
const FIELD_AUDIO: MediaTrackConstraints = {
  echoCancellation: false,
  noiseSuppression: false,
  autoGainControl: false,
};
const TICK_MS = 250;

/** One press of Record: the microphone's stream and its recorder once they exist. */
interface Session {
  stream?: MediaStream;
  recorder?: MediaRecorder;
  /** Failed, or its component went: nothing more is said or delivered. */
  dropped: boolean;
}

/** The format this browser records in, or null when it cannot record one the server takes. */
function supportedMimeType(): string | null {
  if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) return null;
  return recordingMimeType((mime) => MediaRecorder.isTypeSupported(mime)) ?? null;
}

/**
 * Records from the microphone with MediaRecorder (recorder-state.ts holds the rules). `onRecorded`
 * gets each finished recording; the microphone is released when it stops, fails or the component
 * goes (a recording under way then is dropped).
 */
export function useRecorder(onRecorded: (recording: MadeRecording) => void): Recorder {
  const [state, dispatch] = useReducer(recorderReducer, idleRecorder);
  const [mimeType] = useState(supportedMimeType);
  const session = useRef<Session | null>(null);
  const delivered = useRef(onRecorded);
  useEffect(() => {
    delivered.current = onRecorded;
  });

  /** Lets go of the microphone (the browser's recording light goes out). */
  const release = useCallback((current: Session) => {
    for (const track of current.stream?.getTracks() ?? []) track.stop();
    if (session.current === current) session.current = null;
  }, []);

  const start = useCallback(() => {
    if (!mimeType || session.current) return;
    const current: Session = { dropped: false };
    session.current = current;
    dispatch({ type: 'start' });
    const fail = (message: string) => {
      current.dropped = true;
      release(current);
      dispatch({ type: 'failed', message });
    };
    const record = (stream: MediaStream) => {
      const recorder = new MediaRecorder(stream, { mimeType });
      current.recorder = recorder;
      const parts: Blob[] = [];
      let startedAt = Date.now();
      recorder.ondataavailable = (event) => parts.push(event.data);
      recorder.onstart = () => {
        startedAt = Date.now();
        dispatch({ type: 'started', at: startedAt });
      };
      recorder.onstop = () => {
        release(current);
        if (current.dropped) return;
        dispatch({ type: 'stopped' });
        const blob = new Blob(parts, { type: recorder.mimeType || mimeType });
        if (blob.size > 0) delivered.current({ blob, startedAt: new Date(startedAt) });
      };
      recorder.onerror = () => fail(RECORDING_FAILED_MESSAGE);
      // a microphone unplugged or taken by the system ends the track: keep what was recorded
      for (const track of stream.getAudioTracks()) {
        track.onended = () => {
          if (recorder.state === 'recording') recorder.stop();
        };
      }
      recorder.start();
    };
    navigator.mediaDevices.getUserMedia({ audio: FIELD_AUDIO }).then(
      (stream) => {
        current.stream = stream;
        if (current.dropped) return release(current); // gone while the browser asked
        try {
          record(stream);
        } catch (error) {
          fail(microphoneErrorMessage(error)); // a format the recorder turned down after all
        }
      },
      (error: unknown) => fail(microphoneErrorMessage(error)),
    );
  }, [mimeType, release]);

  const stop = useCallback(() => dispatch({ type: 'stop' }), []);

  // stopping, by the button or at the time limit, is the recorder's to finish
  const recording = state.status === 'recording';
  const stopping = state.status === 'stopping';
  useEffect(() => {
    const recorder = session.current?.recorder;
    if (stopping && recorder?.state === 'recording') recorder.stop();
  }, [stopping]);
  useEffect(() => {
    if (!recording) return;
    const timer = window.setInterval(() => dispatch({ type: 'tick', now: Date.now() }), TICK_MS);
    return () => window.clearInterval(timer);
  }, [recording]);

  useEffect(
    () => () => {
      const current = session.current;
      if (!current) return;
      current.dropped = true;
      if (current.recorder?.state === 'recording') current.recorder.stop();
      release(current);
    },
    [release],
  );

  return {
    status: state.status,
    elapsedSeconds: state.elapsedSeconds,
    unsupported: mimeType ? null : CANNOT_RECORD_MESSAGE,
    message: state.message,
    start,
    stop,
  };
}
