import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  UPLOAD_RATE_MESSAGE,
  uploadStartResponseSchema,
  uploadStartSchema,
} from '../../../common/photos.js';
import {
  NOT_A_RECORDING_MESSAGE,
  RECORDING_TOO_LARGE_MESSAGE,
  RECORDING_TOO_LONG_MESSAGE,
  RECORDING_TOO_SLOW_MESSAGE,
  recordingCompleteResponseSchema,
  recordingCompleteSchema,
  VIDEO_NOT_RECORDING_MESSAGE,
} from '../../../common/recordings.js';
import type { Config } from '../../config.js';
import { requireUserId } from '../auth/index.js';
import { completeRecording, startRecordingUpload } from './service.js';

/**
 * The upload calls of sound recordings (issue 37); mounted at /api/recordings. The bytes go to
 * the same upload URLs as photos' (PUT /api/photos/uploads/:id without S3), and are served at
 * /objects/uploads/:id like them.
 */
export const recordingRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const signedIn = async (request: FastifyRequest) => void requireUserId(request); // before input
  const quota = {
    storageQuotaMb: config.storageQuotaMb,
    uploadRateLimit: config.uploadRateLimit,
  };

  app.post(
    '/upload',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Start a sound recording upload',
        description:
          'Answers a signed, expiring URL to PUT the recording to (WAV, FLAC, MP3, M4A or Ogg).',
        operationId: 'startRecordingUpload',
        body: uploadStartSchema,
        response: { 200: uploadStartResponseSchema },
        errors: {
          413: `${RECORDING_TOO_LARGE_MESSAGE}, or the recording would go over your storage quota`,
          429: UPLOAD_RATE_MESSAGE,
        },
      },
    },
    async (request) =>
      startRecordingUpload(
        app.db,
        app.storage,
        requireUserId(request),
        request.body?.size ?? undefined,
        quota,
      ),
  );

  app.put(
    '/complete',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Finish a sound recording upload',
        description:
          'Checks the uploaded recording, makes its spectrogram, its copy without metadata and ' +
          '(for large or lossless files) an MP3 to listen to; answers what the recording is, ' +
          "with the recorder's time and position when the file holds them (yours only).",
        operationId: 'completeRecordingUpload',
        body: recordingCompleteSchema,
        response: { 200: recordingCompleteResponseSchema },
        errors: {
          400: 'Invalid input, or the recording has not been uploaded yet',
          404: 'No such recording upload of yours',
          413: `${RECORDING_TOO_LARGE_MESSAGE}; ${RECORDING_TOO_LONG_MESSAGE}; or it would go over your storage quota`,
          415: `${NOT_A_RECORDING_MESSAGE}; ${VIDEO_NOT_RECORDING_MESSAGE}; or it could not be read`,
          422: RECORDING_TOO_SLOW_MESSAGE,
          503: 'The server is stopping',
        },
      },
    },
    async (request) =>
      completeRecording(
        app.db,
        app.storage,
        app.recordingWork,
        requireUserId(request),
        request.body.recordingURL,
        quota,
      ),
  );
};
