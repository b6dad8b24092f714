// A worker thread of recording-work.ts: makes one recording's derivatives at a time.
import { parentPort } from 'node:worker_threads';
import { deriveRecording } from './derivatives.js';
import type { RecordingReply, RecordingRequest } from './recording-work.js';

parentPort!.on('message', async ({ original, facts }: RecordingRequest) => {
  let reply: RecordingReply;
  try {
    reply = { derived: await deriveRecording(original, facts) };
  } catch {
    reply = { failure: 'unreadable' }; // probed fine, yet its sound could not be decoded
  }
  parentPort!.postMessage(reply);
});
