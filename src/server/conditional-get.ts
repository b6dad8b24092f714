import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback, constants } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

// A text the web app keeps and revalidates (the species pack, the likely-here pack): its two
// encodings, each with a strong ETag, sent gzipped when the client takes it, 304 on a match.

const gzip = promisify(gzipCallback);

export interface TextRepresentations {
  raw: Buffer;
  gzip: Buffer;
  /** Strong validators of the two encodings: a representation's ETag names its bytes. */
  etag: string;
  gzipEtag: string;
}

/** The text, gzipped once, and the ETags of both (a hash of the text). */
export async function textRepresentations(text: string): Promise<TextRepresentations> {
  const raw = Buffer.from(text, 'utf8');
  const zipped = await gzip(raw, { level: constants.Z_BEST_COMPRESSION });
  const hash = createHash('sha256').update(raw).digest('base64url').slice(0, 32);
  return { raw, gzip: zipped, etag: `"${hash}"`, gzipEtag: `"${hash}-gzip"` };
}

/**
 * Sends the text (`Cache-Control: private, no-cache`: the client revalidates each use), or 304
 * when If-None-Match names the ETag of the encoding it would get.
 */
export function sendText(
  request: FastifyRequest,
  reply: FastifyReply,
  text: TextRepresentations,
  vary: string,
) {
  const zipped = acceptsGzip(request.headers['accept-encoding']);
  const etag = zipped ? text.gzipEtag : text.etag;
  reply.header('cache-control', 'private, no-cache').header('vary', vary).header('etag', etag);
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  if (zipped) reply.header('content-encoding', 'gzip');
  return reply.type('text/plain; charset=utf-8').send(zipped ? text.gzip : text.raw);
}

/** Whether an Accept-Encoding header takes gzip (RFC 9110 §12.5.3: q=0 refuses it). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [coding = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    if (coding.toLowerCase() !== 'gzip' && coding !== '*') continue;
    const q = parameters.find((parameter) => /^q=/i.test(parameter));
    if (!q || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 §13.1.2 has it). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
