import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { SESSION_COOKIE } from './features/auth/index.js';

// The OpenAPI 3 document of the whole API, generated from the routes' zod schemas and served
// at /api/docs/openapi.json. Register before the feature routes: swagger sees routes as they
// are added.

export const OPENAPI_PATH = '/api/docs/openapi.json';

const { version } = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${config.appName} API`,
        description:
          'Wildlife sighting logs. Errors are {"message"}; validation errors add "issues".',
        version,
      },
      servers: config.publicUrl ? [{ url: config.publicUrl }] : [],
      components: {
        securitySchemes: {
          cookieAuth: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        },
      },
      security: [{ cookieAuth: [] }],
    },
    // Static files and the page fallback are not API.
    transform: createJsonSchemaTransform({ skipList: ['/*', '/', OPENAPI_PATH] }),
  });
}

/** Serves the document; added after every route so that it lists them all. */
export function serveOpenApi(app: FastifyInstance) {
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
