import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import { z } from 'zod';
import {
  PHOTO_LIMITS,
  photoVariants,
  UPLOAD_TOO_LARGE_MESSAGE,
  uploadCompleteResponseSchema,
  uploadCompleteSchema,
  uploadStartResponseSchema,
  uploadStartSchema,
} from '../../../common/photos.js';
import { requireUserId } from '../auth/index.js';
import type { Config } from '../../config.js';
import { HttpError } from '../../http-error.js';
import { objectKey } from '../../storage/object-storage.js';
import { ImageWork } from './image-work.js';
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
  const images = new ImageWork(config.photos);
  app.addHook('onClose', async () => images.close());

  app.post(
    '/upload',
    {
      onRequest: signedIn,
      schema: {
        body: uploadStartSchema,
        response: { 200: uploadStartResponseSchema },
      },
    },
    async (request) =>
      startUpload(app.db, app.storage, requireUserId(request), request.body?.size ?? undefined),
  );

  app.put(
    '/complete',
    {
      onRequest: signedIn,
      schema: { body: uploadCompleteSchema, response: { 200: uploadCompleteResponseSchema } },
    },
    async (request) =>
      completeUpload(app.db, app.storage, images, requireUserId(request), request.body.photoURL),
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
  app.get('/uploads/:id', { schema: { params: objectParams } }, async (request, reply) =>
    sendObject(request, reply, await resolveObject(app.db, request.userId, request.params.id)),
  );
  app.get(
    '/uploads/:id/:variant',
    { schema: { params: objectParams.extend({ variant: z.enum(photoVariants) }) } },
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
    reply
      .header('content-type', object.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('vary', 'Cookie')
      .header('etag', etag)
      .header('accept-ranges', 'bytes');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();

    const size = object.name === 'original' ? object.upload.size! : await app.storage.size(key);
    if (size === undefined) throw new HttpError(404, 'Photo not found');
    const ranges = wantedRange(request, etag, size);
    if (ranges === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${size}`).send();
    }
    if (ranges) {
      const { start, end } = ranges;
      reply
        .code(206)
        .header('content-range', `bytes ${start}-${end}/${size}`)
        .header('content-length', end - start + 1);
      return reply.send(await app.storage.read(key, { start, end }));
    }
    reply.header('content-length', size);
    return reply.send(await app.storage.read(key));
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
