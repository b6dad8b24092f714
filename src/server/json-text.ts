import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Large JSON written elsewhere (the database): sent as is, gzipped when the client takes it.

const gzipAsync = promisify(gzip);
const COMPRESS_FROM = 8 * 1024; // smaller bodies are not worth the work
const acceptsGzip = (request: FastifyRequest) =>
  /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

/** Sends `json`, already JSON text, without another serialisation; level 1 keeps gzip fast. */
export async function sendJsonText(request: FastifyRequest, reply: FastifyReply, json: string) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (json.length < COMPRESS_FROM || !acceptsGzip(request)) return reply.send(json);
  const body = await gzipAsync(json, { level: 1 });
  return reply.header('content-encoding', 'gzip').send(body);
}
