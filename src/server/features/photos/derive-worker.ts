// A worker thread of image-work.ts: makes one photo's derivatives at a time.
import { parentPort } from 'node:worker_threads';
import { deriveImages } from './images.js';
import type { DeriveReply, DeriveRequest } from './image-work.js';

parentPort!.on('message', async ({ original, contentType, limits }: DeriveRequest) => {
  let reply: DeriveReply;
  try {
    reply = { derived: await deriveImages(original, contentType, limits) };
  } catch (error) {
    // sharp's own timeout says "timeout: 12% complete"; anything else is a photo libvips refused
    const timedOut = error instanceof Error && error.message.startsWith('timeout');
    reply = { failure: timedOut ? 'timeout' : 'unreadable' };
  }
  parentPort!.postMessage(reply);
});
