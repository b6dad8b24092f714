import type { FastifyRequest } from 'fastify';
import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config.js';

// Request logs name the method, path and status; never cookies, bodies, or secret query values.

const SECRET_QUERY =
  /^(token|code|state|signature|sig|x-amz-signature|x-amz-credential|password|invitation)$/i;

export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return url;
  const params = new URLSearchParams(url.slice(question + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY.test(key)) params.set(key, '[redacted]');
  }
  return `${url.slice(0, question)}?${params}`;
}

export function loggerOptions(
  config: Config,
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream && { stream }),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.token',
        '*.invitation',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}
