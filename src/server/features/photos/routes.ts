import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import { z } from 'zod';
import {
  photoVariants,
  IMAGE_TOO_SLOW_MESSAGE,
  NOT_AN_IMAGE_MESSAGE,
  UPLOAD_RATE_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
  uploadCompleteResponseSchema,
  uploadCompleteSchema,
  uploadStartResponseSchema,
  uploadStartSchema,
} from '../../../common/photos.js';
import {
  NOT_A_RECORDING_MESSAGE,
  RECORDING_TOO_LARGE_MESSAGE,
  recordingVariants,
} from '../../../common/recordings.js';
import { requireUserId } from '../auth/index.js';
import { binary, NO_SESSION, noBody, OPTIONAL_SESSION } from '../../api-docs.js';
import type { Config } from '../../config.js';
import { HttpError } from '../../http-error.js';
import { objectKey } from '../../storage/object-storage.js';
import {
  completeUpload,
  photoUploadRules,
  receiveLocalUpload,
  resolveObject,
  startUpload,
  type ServedObject,
  type UploadRules,
} from './service.js';

/**
 * The upload calls of SPEC §7; mounted at /api/photos. The local driver's upload URL takes sound
 * recordings too (issue 37), checked by the rules app.ts hands over from that feature.
 */
export const photoRoutes: FastifyPluginAsyncZod<{
  config: Config;
  recordingUploads: UploadRules;
}> = async (app, { config, recordingUploads }) => {
  const uploadRules = { photo: photoUploadRules, recording: recordingUploads };
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
        summary: 'Start a photo upload',
        description: 'Answers a signed, expiring URL to PUT the image to.',
        operationId: 'startPhotoUpload',
        body: uploadStartSchema,
        response: { 200: uploadStartResponseSchema },
        errors: {
          413: `${UPLOAD_TOO_LARGE_MESSAGE}, or the photo would go over your storage quota`,
          429: UPLOAD_RATE_MESSAGE,
        },
      },
    },
    async (request) =>
      startUpload(
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
        summary: 'Finish a photo upload',
        description:
          'Checks the uploaded image and makes its thumbnails; answers the path a log refers to.',
        operationId: 'completePhotoUpload',
        body: uploadCompleteSchema,
        response: { 200: uploadCompleteResponseSchema },
        errors: {
          400: 'Invalid input, or the photo has not been uploaded yet',
          404: 'No such upload of yours',
          413: `${UPLOAD_TOO_LARGE_MESSAGE}, the image has too many pixels, or it would go over your storage quota`,
          415: `${NOT_AN_IMAGE_MESSAGE}; or the image could not be read`,
          422: IMAGE_TOO_SLOW_MESSAGE,
          503: 'The server is stopping',
        },
      },
    },
    async (request) =>
      completeUpload(
        app.db,
        app.storage,
        app.imageWork,
        requireUserId(request),
        request.body.photoURL,
        quota,
      ),
  );

  // The local driver's upload URL: the signature, not a session, authorises the PUT (as on S3).
  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', (_request, _payload, done) => done(null)); // read as a stream
    uploads.put(
      '/uploads/:id',
      {
        schema: {
          summary: 'Upload a photo or a sound recording',
          description:
            'The upload URL that starting an upload answers (without S3): its signature, not a ' +
            'session, allows the PUT. The bytes must be of the kind the upload was started for.',
          operationId: 'uploadPhoto',
          security: NO_SESSION,
          bodyContent: { 'image/*': binary, 'audio/*': binary },
          response: { 204: noBody('The file is stored; finish the upload next') },
          errors: {
            403: 'Cross-site request refused, or the upload link is invalid or has expired',
            404: 'No such upload URL (uploads go to S3 storage)',
            413: `${UPLOAD_TOO_LARGE_MESSAGE}; ${RECORDING_TOO_LARGE_MESSAGE}`,
            415: `${NOT_AN_IMAGE_MESSAGE}; ${NOT_A_RECORDING_MESSAGE}`,
          },
          params: z.object({ id: z.string().max(100) }),
          querystring: z.object({
            expires: z.coerce.number({ error: 'expires must be a number' }),
            signature: z.string().max(200),
          }),
        },
      },
      async (request, reply) => {
        const announced = {
          uploadId: request.params.id,
          expires: request.query.expires,
          signature: request.query.signature,
          announcedBytes: Number(request.headers['content-length'] ?? 0),
          body: request.raw,
        };
        await receiveLocalUpload(
          app.db,
          app.storage,
          config.sessionSecret,
          announced,
          uploadRules,
        ).catch((error: unknown) => {
          reply.header('connection', 'close'); // the rest of a refused body is not read
          throw error;
        });
        return reply.code(204).send();
      },
    );
  });
};

const objectParams = z.object({ id: z.string().max(100) });
const mediaReply = (description: string) => ({
  description,
  content: { 'image/*': { schema: binary }, 'audio/*': { schema: binary } },
});

/** GET /objects/uploads/:id[/thumbnail.webp|/preview.jpg]: photos for whoever may see them. */
export const objectRoutes: FastifyPluginAsyncZod = async (app) => {
  const photoReplies = {
    200: mediaReply('The image or sound'),
    206: mediaReply('The requested byte range of the image or sound'),
    304: noBody('Unchanged since the ETag in If-None-Match'),
    416: noBody('The requested range is outside the file'),
  };
  const errors = { 404: 'No such photo or recording, or it is neither yours nor on a public log' };
  app.get(
    '/uploads/:id',
    {
      schema: {
        summary: 'A photo or a sound recording',
        description:
          'A photo or recording as uploaded, for its owner; on a public log, anyone gets a ' +
          'copy without its embedded metadata (positions, times, devices).',
        operationId: 'getPhoto',
        security: OPTIONAL_SESSION,
        params: objectParams,
        response: photoReplies,
        errors,
      },
    },
    async (request, reply) =>
      sendObject(request, reply, await resolveObject(app.db, request.userId, request.params.id)),
  );
  app.get(
    '/uploads/:id/:variant',
    {
      schema: {
        summary: "A photo's thumbnail or preview, or a recording's spectrogram or listening copy",
        description:
          'The WebP thumbnail or the 1200×630 JPEG share preview of a photo, or the PNG ' +
          'spectrogram or MP3 listening copy of a sound recording, for whoever may see it.',
        operationId: 'getPhotoVariant',
        security: OPTIONAL_SESSION,
        params: objectParams.extend({ variant: z.enum([...photoVariants, ...recordingVariants]) }),
        response: photoReplies,
        errors,
      },
    },
    async (request, reply) =>
      sendObject(
        request,
        reply,
        await resolveObject(app.db, request.userId, request.params.id, request.params.variant),
      ),
  );

  async function sendObject(request: FastifyRequest, reply: FastifyReply, object: ServedObject) {
    const key = objectKey(object.upload.id, object.name);
    const etag = `"${object.upload.id}-${object.name}"`; // objects never change once complete
    const photoHeaders = () =>
      reply
        .header('content-type', object.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        // An object never changes, but a log can turn private: anyone but its owner asks again
        // each time (a 304 while the log is public, 404 once it is not).
        .header(
          'cache-control',
          object.toOwner ? 'private, max-age=31536000, immutable' : 'private, no-cache',
        )
        .header('vary', 'Cookie')
        .header('etag', etag)
        .header('accept-ranges', 'bytes');
    const size = object.name === 'original' ? object.upload.size! : await app.storage.size(key);
    if (size === undefined) throw missingFromStorage(request, key);
    if (request.headers['if-none-match'] === etag) return photoHeaders().code(304).send();
    const ranges = wantedRange(request, etag, size);
    if (ranges === 'unsatisfiable') {
      return photoHeaders().code(416).header('content-range', `bytes */${size}`).send();
    }
    const bytes = await app.storage.read(key, ranges);
    if (!bytes) throw missingFromStorage(request, key);
    photoHeaders();
    if (ranges) {
      const { start, end } = ranges;
      reply
        .code(206)
        .header('content-range', `bytes ${start}-${end}/${size}`)
        .header('content-length', end - start + 1);
    } else {
      reply.header('content-length', size);
    }
    return reply.send(bytes);
  }

  /**
   * A photo the database knows and the store does not: a restore without uploads/, or several
   * instances that each keep their own local disk (README, "Running several instances").
   */
  function missingFromStorage(request: FastifyRequest, key: string) {
    request.log.warn({ object: key, storage: app.storage.kind }, 'photo missing from storage');
    return new HttpError(404, 'Photo not found');
  }
};

/** One byte range when the request asks for a satisfiable one (several ranges get the whole). */
function wantedRange(request: FastifyRequest, etag: string, size: number) {
  const header = request.headers.range;
  const ifRange = request.headers['if-range'];
  if (!header || (ifRange !== undefined && ifRange !== etag)) return undefined;
  const ranges = parseRange(size, header, { combine: true });
  if (ranges === -1) return 'unsatisfiable' as const;
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return undefined;
  return ranges[0]!;
}
