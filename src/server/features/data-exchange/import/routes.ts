import { open, readFile, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_ARCHIVE_MAX_BYTES,
  IMPORT_ARCHIVE_TYPES,
  IMPORT_CONTENT_TYPES,
  IMPORT_FILE_FIELD,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  UNSUPPORTED_IMPORT_BODY,
  importResultSchema,
} from '../../../../common/data-exchange/import.js';
import {
  importQuerySchema,
  importRefusalSchema,
} from '../../../../common/data-exchange/import-route.js';
import { binary } from '../../../api-docs.js';
import type { Config } from '../../../config.js';
import { HttpError } from '../../../http-error.js';
import { requireUserId } from '../../auth/index.js';
import { assertRoomFor, releaseUploads, storePhoto } from '../../photos/index.js';
import { storeRecording } from '../../recordings/index.js';
import type { ArchiveFiles } from './archive-files.js';
import { importsDir, receiveToFile, tooLarge } from './incoming.js';
import { isZip, openAccountArchive, type OpenArchive } from './read-archive.js';
import { importCsv } from './service.js';

/** What arrived: the bytes (a CSV, or a small zip sent as one), or a file on disk (a zip). */
type Received = { bytes: Buffer } | { path: string };

async function startsWithZip(path: string) {
  const file = await open(path);
  try {
    const head = Buffer.alloc(4);
    await file.read(head, 0, 4, 0);
    return isZip(head);
  } finally {
    await file.close();
  }
}

const MALFORMED_FORM = 'The form is cut short or malformed: send the file again';

/** The `file` field of a multipart form, on disk; other fields are read past. */
async function fileOfForm(request: FastifyRequest, dir: string): Promise<string> {
  let path: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== IMPORT_FILE_FIELD || path) {
        part.file.resume(); // not ours: drain it
        continue;
      }
      path = await receiveToFile(dir, part.file, IMPORT_ARCHIVE_MAX_BYTES);
      if (part.file.truncated) throw tooLarge(IMPORT_ARCHIVE_MAX_BYTES);
    }
  } catch (error) {
    if (path) await rm(path, { force: true });
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(IMPORT_ARCHIVE_MAX_BYTES);
    if (code === 'FST_FILES_LIMIT') {
      throw new HttpError(400, `Send one file, in the field "${IMPORT_FILE_FIELD}"`);
    }
    if (error instanceof HttpError || (error as { statusCode?: unknown }).statusCode) throw error;
    if ((error as NodeJS.ErrnoException).syscall) throw error; // the disk's fault, not the form's
    // busboy's own: "Unexpected end of form", "Malformed part header"…
    throw new HttpError(400, MALFORMED_FORM);
  }
  if (!path) throw new HttpError(400, `The form has no file in the field "${IMPORT_FILE_FIELD}"`);
  return path;
}

/** Mounted at /api; the import needs a signed-in user, checked before the body is read. */
export const importRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.addHook('onRequest', async (request) => void requireUserId(request));
  const incoming = importsDir(config.dataDir);
  const quota = { storageQuotaMb: config.storageQuotaMb };

  // Here a body is the file itself (text/csv and its kin, or a zip) or a form holding it; any
  // other type is refused by name, JSON too.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    IMPORT_CONTENT_TYPES,
    { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  // a zip is streamed to disk as it arrives (an archive holds every photo): read in the handler
  app.addContentTypeParser(IMPORT_ARCHIVE_TYPES, (_request, payload, done) => done(null, payload));
  app.addContentTypeParser('*', (_request, _payload, done) =>
    done(new HttpError(415, UNSUPPORTED_IMPORT_BODY), undefined),
  );
  await app.register(multipart, {
    limits: {
      fileSize: IMPORT_ARCHIVE_MAX_BYTES,
      files: 1,
      fields: 20,
      fieldSize: 1024,
      parts: 40,
    },
  });

  /** The body as bytes or a file on disk, whichever way it came. */
  async function receive(request: FastifyRequest): Promise<Received> {
    if (request.isMultipart()) return { path: await fileOfForm(request, incoming) };
    if (Buffer.isBuffer(request.body)) return { bytes: request.body };
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > IMPORT_ARCHIVE_MAX_BYTES) throw tooLarge(IMPORT_ARCHIVE_MAX_BYTES);
    const stream = request.body as Readable | undefined;
    if (!stream?.pipe) throw new HttpError(415, UNSUPPORTED_IMPORT_BODY);
    return { path: await receiveToFile(incoming, stream, IMPORT_ARCHIVE_MAX_BYTES) };
  }

  /** The archive's files, stored as the user's own through the photos and recordings features. */
  const filesOf = (archive: OpenArchive, userId: string): ArchiveFiles => ({
    photos: {
      sizeOf: (uploadId) => archive.photoSizes.get(uploadId),
      read: (uploadId) => archive.readPhoto(uploadId),
      assertRoom: (bytes) =>
        assertRoomFor(app.db, userId, quota.storageQuotaMb, bytes, 'The photos of this archive'),
      store: (bytes) => storePhoto(app.db, app.storage, app.imageWork, userId, bytes, quota),
    },
    recordings: {
      nameOf: (uploadId) => archive.recordingNames.get(uploadId),
      read: (uploadId) => archive.readRecording(uploadId),
      store: (bytes) =>
        storeRecording(app.db, app.storage, app.recordingWork, userId, bytes, quota),
    },
    release: (paths) => releaseUploads(app.db, app.storage, paths),
  });

  app.post(
    '/import',
    {
      // no route bodyLimit: it would override the CSV parser's; a zip and a form have their own
      schema: {
        summary: 'Import logs from a CSV file or an account archive',
        description:
          'Reads our own CSV export, an iNaturalist observations export, eBird\'s "My eBird ' +
          'Data", or an account archive (GET /api/account/archive.zip, whose logs come back ' +
          'with their photos and sound recordings; a recording refused is named in `warnings`, ' +
          'its log comes without it): the file itself as the body, or a form with a `file` ' +
          'field. With `dryRun=true` nothing is written and 200 answers what an import would do; ' +
          '`onInvalid=skip` imports the valid rows and reports the others.',
        operationId: 'importLogs',
        querystring: importQuerySchema,
        bodyContent: {
          ...Object.fromEntries(
            [...IMPORT_CONTENT_TYPES, ...IMPORT_ARCHIVE_TYPES].map((type) => [type, binary]),
          ),
          'multipart/form-data': z.object({ [IMPORT_FILE_FIELD]: binary }),
        },
        response: { 200: importResultSchema, 201: importResultSchema, 422: importRefusalSchema },
        errors: {
          400: 'Invalid input, or the file is neither UTF-8 CSV in a format we read nor an account archive',
          413: `The file is over ${IMPORT_MAX_BYTES / 1024 / 1024} MB (an archive: ${IMPORT_ARCHIVE_MAX_BYTES / 1024 ** 3} GB) or ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows, or its photos would go over your storage quota`,
          415: `The body is no CSV file or zip: send it as ${IMPORT_CONTENT_TYPES[0]}, ${IMPORT_ARCHIVE_TYPES[0]} or as multipart/form-data`,
          422: 'Some rows were refused (onInvalid=abort), so nothing was imported',
        },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const received = await receive(request);
      const path = 'path' in received ? received.path : undefined;
      const source = 'path' in received ? received.path : received.bytes;
      let outcome;
      try {
        if (typeof source === 'string' ? await startsWithZip(source) : isZip(source)) {
          const archive = await openAccountArchive(source);
          try {
            outcome = await importCsv(
              app.db,
              userId,
              archive.csv,
              request.query,
              filesOf(archive, userId),
              archive.outings,
            );
          } finally {
            archive.close();
          }
        } else {
          const bytes = typeof source === 'string' ? await readCsvFile(source) : source;
          outcome = await importCsv(app.db, userId, bytes, request.query);
        }
      } finally {
        if (path) await rm(path, { force: true }); // before the reply: nothing is left once it is read
      }
      // 422 lists the rejected rows: a report the client reads, not a bare error.
      return reply.code(outcome.status).send(outcome.body);
    },
  );
};

/** A CSV that came in a form: within the CSV limit. */
async function readCsvFile(path: string): Promise<Buffer> {
  const bytes = await readFile(path);
  if (bytes.length > IMPORT_MAX_BYTES) throw tooLarge();
  return bytes;
}
