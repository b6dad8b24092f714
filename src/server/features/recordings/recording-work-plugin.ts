import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { RecordingWork } from './recording-work.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The pool of recording workers (issue 37): uploads and imported archives share it. */
    recordingWork: RecordingWork;
  }
}

export const recordingWorkPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const work = new RecordingWork(config.photos);
    app.decorate('recordingWork', work);
    app.addHook('onClose', async () => work.close());
  },
  { name: 'recording-work' },
);
