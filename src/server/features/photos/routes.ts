import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import { z } from 'zod';
import {
  PHOTO_LIMITS,
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
import { requireUserId } from '../auth/index.js';
import { binary, fileReply, NO_SESSION, noBody, OPTIONAL_SESSION } from '../../api-docs.js';
import type { Config } from '../../config.js';
import { HttpError } from '../../http-error.js';
import { objectKey } from '../../storage/object-storage.js';
import {
  completeUpload,
  receiveLocalUpload,
  resolveObject,
  startUpload,
  type ServedObject,
} from './service.js';

/** The upload calls of SPEC §7; mounted at /api/photos. */
export const photoRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
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
          summary: 'Upload a photo',
          description:
            'The upload URL that starting an upload answers (without S3): its signature, not a ' +
            'session, allows the PUT.',
          operationId: 'uploadPhoto',
          security: NO_SESSION,
          bodyContent: { 'image/*': binary },
          response: { 204: noBody('The image is stored; finish the upload next') },
          errors: {
            403: 'Cross-site request refused, or the upload link is invalid or has expired',
            404: 'No such upload URL (photos go to S3 storage)',
            413: UPLOAD_TOO_LARGE_MESSAGE,
            415: NOT_AN_IMAGE_MESSAGE,
          },
          params: z.object({ id: z.string().max(100) }),
          querystring: z.object({
            expires: z.coerce.number({ error: 'expires must be a number' }),
            signature: z.string().max(200),
          }),
        },
      },
      async (request, reply) => {
        const announced = Number(request.headers['content-length'] ?? 0);
        if (announced > PHOTO_LIMITS.maxBytes) {
          reply.header('connection', 'close');
          throw new HttpError(413, UPLOAD_TOO_LARGE_MESSAGE);
        }
        await receiveLocalUpload(app.db, app.storage, config.sessionSecret, {
          uploadId: request.params.id,
          expires: request.query.expires,
          signature: request.query.signature,
          body: request.raw,
        }).catch((error: unknown) => {
          reply.header('connection', 'close'); // the rest of a refused body is not read
          throw error;
        });
        return reply.code(204).send();
      },
    );
  });
};

const objectParams = z.object({ id: z.string().max(100) });

/** GET /objects/uploads/:id[/thumbnail.webp|/preview.jpg]: photos for whoever may see them. */
export const objectRoutes: FastifyPluginAsyncZod = async (app) => {
  const photoReplies = {
    200: fileReply('The image', 'image/*'),
    206: fileReply('The requested byte range of the image', 'image/*'),
    304: noBody('Unchanged since the ETag in If-None-Match'),
    416: noBody('The requested range is outside the image'),
  };
  const errors = { 404: 'No such photo, or it is neither yours nor on a public log' };
  app.get(
    '/uploads/:id',
    {
      schema: {
        summary: 'A photo',
        description: 'A photo as uploaded, for its owner or, on a public log, anyone.',
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
        summary: "A photo's thumbnail or preview",
        description:
          'The WebP thumbnail or the 1200×630 JPEG share preview of a photo, for whoever may ' +
          'see the photo.',
        operationId: 'getPhotoVariant',
        security: OPTIONAL_SESSION,
        params: objectParams.extend({ variant: z.enum(photoVariants) }),
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
