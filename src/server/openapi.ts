import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../common/http.js';
import { SESSION_SCHEME, TOKEN_SCHEME } from './api-docs.js';
import { appLicense as license, appVersion as version } from './app-version.js';
import type { Config } from './config.js';
import { SESSION_COOKIE } from './features/auth/index.js';

// The OpenAPI 3 document of the whole API, served at /api/docs/openapi.json. The routes' zod
// schemas and their api-docs.ts fields describe each operation; this file adds what holds for
// every route of a kind: the error replies, the session requirement, the tags. Register before
// the feature routes: swagger sees routes as they are added.

export const OPENAPI_PATH = '/api/docs/openapi.json';

const ERROR_REF = '#/components/schemas/Error';

/** Each tag and the URL prefixes of its operations (the longest matching prefix wins). */
const TAGS = [
  {
    name: 'admin',
    description: "The server's users, invitations and reset links (admins only)",
    prefixes: ['/api/admin/'],
  },
  {
    name: 'auth',
    description: 'Accounts, signing in and out, sessions',
    prefixes: ['/api/auth/', '/api/login', '/api/logout', '/api/callback'],
  },
  {
    name: 'logs',
    description: 'Sighting logs',
    prefixes: ['/api/logs', '/api/species', '/api/locations'],
  },
  { name: 'maps', description: "The map's points", prefixes: ['/api/logs/geo'] },
  {
    name: 'sharing',
    description: 'Public logs and outings, for anyone with the link',
    prefixes: ['/api/logs/shared/', '/api/outings/shared/'],
  },
  { name: 'stats', description: 'Counts and charts of your logs', prefixes: ['/api/stats/'] },
  {
    name: 'lists',
    description: 'Your life, year and place lists of species',
    prefixes: ['/api/lists'],
  },
  {
    name: 'outings',
    description: 'Outings: checklists with their effort, and the logs made on them',
    prefixes: ['/api/outings'],
  },
  {
    name: 'detections',
    description: 'Sound detections (BirdNET) to confirm, and the tokens a station posts them with',
    prefixes: ['/api/detections/', '/api/account/tokens'],
  },
  {
    name: 'data-exchange',
    description: 'Importing and exporting logs as files',
    prefixes: ['/api/export', '/api/import'],
  },
  {
    name: 'photos',
    description: 'Uploading and serving photos (and the files of sound recordings)',
    prefixes: ['/api/photos/', '/objects/'],
  },
  {
    name: 'recordings',
    description: 'Uploading sound recordings (issue 37); served as photos are',
    prefixes: ['/api/recordings/'],
  },
  { name: 'taxonomy', description: 'The species backbone', prefixes: ['/api/taxa'] },
  {
    name: 'occurrences',
    description:
      'What the instance knows of places and seasons: unusual records, their review, likely species',
    prefixes: ['/api/occurrences', '/api/review'],
  },
  { name: 'pwa', description: 'The installed app', prefixes: ['/api/pwa-auth-bridge'] },
  {
    name: 'account',
    description: 'Your account: profile, password, sessions, archive, deletion',
    prefixes: ['/api/account'],
  },
  { name: 'operations', description: 'Running the server', prefixes: ['/healthz'] },
];

function tagOf(url: string): string | undefined {
  const matches = TAGS.flatMap(({ name, prefixes }) =>
    prefixes.filter((prefix) => url.startsWith(prefix)).map((prefix) => ({ name, prefix })),
  );
  return matches.sort((a, b) => b.prefix.length - a.prefix.length)[0]?.name;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The error replies every route of a kind can give (the error handler and security.ts). */
function errorReplies(route: RouteOptions, schema: RouteSchema, needsSession: boolean) {
  const methods = [route.method].flat();
  const hasBody = Boolean(schema.body ?? schema.bodyContent);
  const hasInput = hasBody || Boolean(schema.querystring ?? schema.params ?? schema.headers);
  const config = route.config as { rateLimit?: unknown } | undefined;
  const replies: Record<number, string> = {};
  if (hasInput) {
    replies[400] =
      'Invalid input: `message` names the first problem, `issues` each one with its path';
  }
  if (needsSession) replies[401] = 'Not signed in, or the session has ended';
  if (methods.some((method) => UNSAFE_METHODS.has(method))) {
    replies[403] = "Cross-site request refused: it came from another site's page";
  }
  if (route.url.includes(':')) replies[404] = 'Not found';
  if (hasBody) {
    replies[413] = 'The request body is too large';
    replies[415] = 'Unsupported content type';
  }
  if (config?.rateLimit) replies[429] = 'Too many requests: try again after Retry-After seconds';
  return { ...replies, ...schema.errors };
}

type RouteSchema = NonNullable<RouteOptions['schema']>;
type JsonObject = Record<string, unknown>;

const toJsonSchema = (schema: z.ZodType, io: 'input' | 'output' = 'input') =>
  z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' });

const isRedirect = (status: string) => /^30[1278]$/.test(status);

/**
 * Drops repeated members of every `anyOf` (a tuple like [longitude, latitude] comes out of zod
 * as `items: {anyOf: [{type: number}, {type: number}]}` in OpenAPI 3.0, which has no tuples) and
 * inlines an `anyOf` left with one member.
 */
function withoutRepeatedAnyOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutRepeatedAnyOf);
  if (value === null || typeof value !== 'object') return value;
  const result: JsonObject = {};
  for (const [key, child] of Object.entries(value)) result[key] = withoutRepeatedAnyOf(child);
  if (Array.isArray(result.anyOf)) {
    const members = [...new Map(result.anyOf.map((one) => [JSON.stringify(one), one])).values()];
    if (members.length === 1) {
      delete result.anyOf;
      return { ...(members[0] as JsonObject), ...result };
    }
    result.anyOf = members;
  }
  return result;
}

const zodTransform = createJsonSchemaTransform({ skipList: ['/*', '/', OPENAPI_PATH] });

/** One route's operation: its zod schemas as JSON schemas, plus what holds for its kind. */
function documentRoute(input: Parameters<typeof zodTransform>[0]) {
  const { url } = input;
  const route = input.route as RouteOptions;
  const given: RouteSchema = input.schema ?? {};
  const converted = zodTransform({ ...input, schema: given });
  // errors and bodyContent are read from the route's own schema below
  const { errors: _errors, bodyContent: _bodyContent, ...rest } = converted.schema as JsonObject;
  const schema = withoutRepeatedAnyOf(rest) as JsonObject;
  if (schema.hide) return { schema, url };

  const security = given.security ?? [{ [SESSION_SCHEME]: [] }];
  const needsSession = security.length > 0 && security.every((one) => SESSION_SCHEME in one);
  schema.security = security;
  const tag = tagOf(url);
  if (!schema.tags && tag) schema.tags = [tag];
  if (!schema.summary && typeof given.description === 'string') {
    schema.summary = given.description.split(/(?<=\.)\s|:\s/)[0]; // its first sentence
  }
  if (given.bodyContent) {
    schema.body = {
      content: Object.fromEntries(
        Object.entries(given.bodyContent).map(([type, body]) => [
          type,
          { schema: toJsonSchema(body) },
        ]),
      ),
    };
  }

  const errors = errorReplies(route, given, needsSession);
  const responses: Record<string, JsonObject> = {};
  for (const [status, reply] of Object.entries(
    (schema.response ?? {}) as Record<string, JsonObject>,
  )) {
    const description = errors[Number(status)] ?? reply.description ?? STATUS_CODES[status];
    responses[status] = { ...reply, 'x-response-description': description };
    if (isRedirect(status)) {
      responses[status]!.headers = {
        Location: { type: 'string', description: 'Where to go next' },
      };
    }
  }
  for (const [status, description] of Object.entries(errors)) {
    if (status in responses) continue; // the route describes this reply itself (a report)
    responses[status] = {
      description,
      content: { 'application/json': { schema: { $ref: ERROR_REF } } },
      ...(status === '429'
        ? { headers: { 'Retry-After': { type: 'integer', description: 'Seconds to wait' } } }
        : {}),
    };
  }
  schema.response = responses;
  return { schema, url };
}

export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${config.appName} API`,
        description:
          'Wildlife sighting logs. Every error reply is `{"message"}`; a validation error (400) ' +
          'adds `"issues": [{path, message}]`. Signed-in calls carry the session cookie that ' +
          'signing in sets; state changes must not come from another site.',
        version,
        license: { name: license, url: `https://spdx.org/licenses/${license}.html` },
      },
      servers: [
        config.publicUrl
          ? { url: config.publicUrl }
          : { url: '/', description: 'The server this document came from' },
      ],
      tags: TAGS.map(({ name, description }) => ({ name, description })),
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          [TOKEN_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: 'A personal access token (scope import) made on /account: sbk_…',
          },
        },
        schemas: { Error: toJsonSchema(errorBodySchema, 'output') as JsonObject },
      },
    },
    // Static files and the page fallback are not API.
    transform: documentRoute,
  });
}

/** Serves the document; added after every route so that it lists them all. */
export function serveOpenApi(app: FastifyInstance) {
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
