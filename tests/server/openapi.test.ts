import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { testConfig } from '../support/helpers.js';

interface Schema {
  type?: string;
  format?: string;
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
}
type Content = Record<string, { schema: Schema }>;
interface Reply {
  description: string;
  headers?: Record<string, { schema: Schema }>;
  content?: Content;
}
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; description?: string }>;
  responses: Record<string, Reply>;
  requestBody?: { required?: boolean; content: Content };
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; license?: { name: string } };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string }>;
  security?: unknown;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, Schema> };
}

const ERROR_REF = '#/components/schemas/Error';
const root = new URL('../../', import.meta.url).pathname;

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: Array<{ ruleId: string; severity: string; message: string; location: unknown }>;
}

/** Redocly's lint with redocly.yaml (recommended rules), as `npm run lint:openapi` runs it. */
async function redoclyLint(document: OpenApiDocument): Promise<LintReport> {
  const dir = mkdtempSync(join(tmpdir(), 'sightbook-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const cli = join(root, 'node_modules/@redocly/cli/bin/cli.js');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [cli, 'lint', file, '--config', join(root, 'redocly.yaml'), '--format=json'],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' })); // exit 1 on errors
    return JSON.parse(stdout) as LintReport;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const session = [{ cookieAuth: [] }];
const optionalSession = [{}, { cookieAuth: [] }];

describe('the OpenAPI document', () => {
  let app: FastifyInstance;
  let document: OpenApiDocument;
  let operations: Array<{ method: string; path: string; operation: Operation }>;
  const operation = (method: string, path: string) => {
    const found = document.paths[path]?.[method];
    if (!found) throw new Error(`${method} ${path} is not documented`);
    return found;
  };

  beforeAll(async () => {
    app = await buildApp(testConfig({ publicUrl: 'https://birds.example' }));
    const res = await app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
    );
  });
  afterAll(() => app.close());

  it('is an OpenAPI 3 document for this app, with cookie sign-in and its licence', () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info).toEqual({
      title: 'Sightbook API',
      description: expect.any(String),
      version: '0.1.0',
      license: { name: 'AGPL-3.0-or-later', url: expect.stringMatching(/^https:/) },
    });
    expect(document.servers).toEqual([{ url: 'https://birds.example' }]);
    expect(document.components.securitySchemes.cookieAuth).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'sid',
    });
    // issue 37: a station's token, for the detections import only
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(document.paths['/api/detections/import']?.post?.security).toEqual([
      { cookieAuth: [] },
      { bearerAuth: [] },
    ]);
  });

  it("passes Redocly's recommended rules, warning only where the API is so on purpose", async () => {
    const report = await redoclyLint(document);
    expect(report.problems.filter(({ severity }) => severity === 'error')).toEqual([]);
    expect(report.totals.errors).toBe(0);
    // Kept: the redirect-only operations have no 2xx; signing out and the health check no 4xx;
    // /api/outings/shared/{id} and /api/outings/{id}/ebird.csv could both read
    // /api/outings/shared/ebird.csv (and …/{id}/detections /api/outings/shared/detections), but
    // an outing id is a uuid, so the router never hesitates.
    const expected = new Set([
      'operation-2xx-response',
      'operation-4xx-response',
      'no-ambiguous-paths',
    ]);
    expect(report.problems.filter(({ ruleId }) => !expected.has(ruleId))).toEqual([]);
    const ambiguous = report.problems.filter(({ ruleId }) => ruleId === 'no-ambiguous-paths');
    expect(ambiguous).toHaveLength(2);
    expect(report.totals.warnings).toBe(7);
  });

  it('lists every registered route with its method', () => {
    const missing = app.routeTable
      .filter(
        ({ method, url }) =>
          method !== 'HEAD' && method !== 'OPTIONS' && url !== '/api/docs/openapi.json',
      )
      .map(({ method, url }) => [method.toLowerCase(), url.replace(/:(\w+)/g, '{$1}')] as const)
      .filter(([method, path]) => !document.paths[path]?.[method])
      .map(([method, path]) => `${method} ${path}`);
    expect(missing).toEqual([]);
  });

  it('names, summarises and tags every operation', () => {
    const tags = new Set(document.tags.map(({ name }) => name));
    const unnamed = operations.filter(
      ({ operation }) =>
        !operation.operationId ||
        !operation.summary ||
        operation.tags?.length !== 1 ||
        !tags.has(operation.tags[0]!),
    );
    expect(unnamed.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('describes request bodies from the shared schemas', () => {
    const body = operation('post', '/api/logs').requestBody?.content['application/json']?.schema;
    expect(body?.required).toEqual(expect.arrayContaining(['speciesCommon', 'observedAt']));
    // a count is needed for individuals counted, the default kind; an X has none (issue 32)
    expect(body?.required).not.toContain('count');
    expect(body?.properties?.count?.description).toContain('when countKind is counted');
    expect(Object.keys(body?.properties ?? {})).toEqual(
      expect.arrayContaining([
        'speciesCommon',
        'countKind',
        'photoLinks',
        'uploadedPhotoUrls',
        'latitude',
      ]),
    );
    const login = operation('post', '/api/auth/login').requestBody?.content['application/json'];
    expect(login?.schema.required).toEqual(['email', 'password']);
  });

  it('takes the import as a CSV body or as a form with a file field', () => {
    const importLogs = operation('post', '/api/import');
    expect(importLogs.requestBody?.required).toBe(true);
    const content = importLogs.requestBody?.content ?? {};
    expect(content['text/csv']?.schema).toEqual({ type: 'string', format: 'binary' });
    expect(content['multipart/form-data']?.schema).toEqual({
      type: 'object',
      properties: { file: { type: 'string', format: 'binary' } },
      required: ['file'],
    });
    const replies = importLogs.responses;
    expect(Object.keys(replies)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '413', '415', '422']),
    );
    expect(replies['201']?.content?.['application/json']?.schema.required).toEqual(
      expect.arrayContaining(['format', 'imported', 'rejected', 'warnings']),
    );
    // the refusal is a report: the counts and the rows, with a message
    expect(replies['422']?.content?.['application/json']?.schema.required).toEqual(
      expect.arrayContaining(['message', 'imported', 'rejected']),
    );
  });

  it('gives the photo upload URL its image body', () => {
    const upload = operation('put', '/api/photos/uploads/{id}');
    expect(upload.requestBody?.content['image/*']?.schema).toEqual({
      type: 'string',
      format: 'binary',
    });
  });

  it('documents the real success statuses: 201 creates, 204 deletes, 302 redirects', () => {
    const successes = (method: string, path: string) =>
      Object.keys(operation(method, path).responses).filter((status) => /^[23]/.test(status));
    expect(successes('post', '/api/auth/register')).toEqual(['201']);
    expect(successes('post', '/api/logs')).toEqual(['200', '201']); // 200: a repeated create
    expect(successes('post', '/api/import')).toEqual(['200', '201']); // 200: a dry run
    for (const [method, path] of [
      ['delete', '/api/logs/{id}'],
      ['delete', '/api/auth/sessions'],
      ['post', '/api/pwa-auth-bridge'],
      ['put', '/api/photos/uploads/{id}'],
    ] as const) {
      expect(successes(method, path), `${method} ${path}`).toEqual(['204']);
      expect(operation(method, path).responses['204']?.content).toBeUndefined();
    }
    for (const path of ['/api/login', '/api/logout', '/api/callback']) {
      expect(successes('get', path), path).toEqual(['302']);
      const redirect = operation('get', path).responses['302'];
      expect(redirect?.content).toBeUndefined();
      expect(redirect?.headers?.Location?.schema).toEqual({ type: 'string' });
    }
  });

  it('gives files their media types', () => {
    const media = (path: string, status = '200') =>
      Object.keys(operation('get', path).responses[status]?.content ?? {});
    expect(media('/api/export.csv')).toEqual(['text/csv']);
    expect(media('/api/export.geojson')).toEqual(['application/geo+json']);
    expect(media('/objects/uploads/{id}')).toEqual(['image/*', 'audio/*']);
    expect(media('/objects/uploads/{id}', '206')).toEqual(['image/*', 'audio/*']);
    expect(media('/api/logs/geo')).toEqual(['application/json']);
  });

  it('answers every error with the error schema', () => {
    expect(document.components.schemas.Error).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string' }, issues: { type: 'array' } },
      required: ['message'],
    });
    // Every operation can fail with a 4xx, but signing out and the health check, which take no input.
    const without4xx = operations
      .filter(({ operation }) => !Object.keys(operation.responses).some((s) => /^4/.test(s)))
      .map(({ operation }) => operation.operationId);
    expect(without4xx.sort()).toEqual(['checkHealth', 'signOut']);

    const reports = new Set(['post /api/import 422']); // the refused import's report
    const bodiless = new Set(['416']); // a range outside the photo: Content-Range says why
    const others = operations.flatMap(({ method, path, operation }) =>
      Object.entries(operation.responses)
        .filter(([status]) => /^4/.test(status) && !bodiless.has(status))
        .filter(([status]) => !reports.has(`${method} ${path} ${status}`))
        .filter(([, reply]) => reply.content?.['application/json']?.schema.$ref !== ERROR_REF)
        .map(([status]) => `${method} ${path} ${status}`),
    );
    expect(others).toEqual([]);
  });

  it('documents the errors each kind of route gives', () => {
    const statuses = (method: string, path: string) =>
      Object.keys(operation(method, path).responses).filter((status) => /^[45]/.test(status));
    expect(statuses('delete', '/api/logs/{id}')).toEqual(['400', '401', '403', '404']);
    expect(statuses('get', '/api/logs')).toEqual(['400', '401']);
    expect(statuses('get', '/api/species')).toEqual(['401']);
    expect(statuses('post', '/api/auth/register')).toEqual([
      '400',
      '403',
      '409',
      '413',
      '415',
      '429',
    ]);
    expect(operation('post', '/api/auth/login').responses['401']?.description).toBe(
      'Invalid email or password',
    );
    expect(operation('post', '/api/auth/login').responses['429']?.headers).toHaveProperty(
      'Retry-After',
    );
    expect(statuses('get', '/api/logs/shared/{id}')).toEqual(['400', '404']);
  });

  it('asks for the session cookie only where a session is needed', () => {
    expect(document.security).toBeUndefined(); // each operation says
    const security = (method: string, path: string) => operation(method, path).security;
    for (const [method, path] of [
      ['get', '/healthz'],
      ['post', '/api/auth/register'],
      ['post', '/api/auth/login'],
      ['get', '/api/callback'],
      ['post', '/api/pwa-auth-bridge'],
      ['put', '/api/photos/uploads/{id}'],
    ] as const) {
      expect(security(method, path), `${method} ${path}`).toEqual([]);
      expect(operation(method, path).responses['401']?.description ?? '').not.toMatch(
        /Not signed in/,
      );
    }
    // used when there is one: the bridge after signing in, signing out, photos of public logs,
    // the shared log and outing (a trusted viewer's exact place, issue 35)
    for (const [method, path] of [
      ['get', '/api/logs/shared/{id}'],
      ['get', '/api/outings/shared/{id}'],
      ['get', '/api/login'],
      ['get', '/api/logout'],
      ['get', '/objects/uploads/{id}'],
      ['get', '/objects/uploads/{id}/{variant}'],
    ] as const) {
      expect(security(method, path), `${method} ${path}`).toEqual(optionalSession);
    }
    expect(security('get', '/api/logs')).toEqual(session);
    expect(security('post', '/api/import')).toEqual(session);
  });

  it('is right about the session: each operation that needs one answers 401 without', async () => {
    const needing = operations.filter(
      ({ operation }) => JSON.stringify(operation.security) === JSON.stringify(session),
    );
    expect(needing.length).toBeGreaterThan(15);
    const answers = await Promise.all(
      needing.map(async ({ method, path, operation }) => {
        const url = path.replace(/\{\w+\}/g, '0b6c3f0e-5d5e-4a57-9d0a-2f1d5c8e7a10');
        const res = await app.inject({ method: method.toUpperCase() as 'GET', url });
        expect(operation.responses['401']?.description).toBe(
          'Not signed in, or the session has ended',
        );
        return `${method} ${path} ${res.statusCode}`;
      }),
    );
    expect(answers).toEqual(needing.map(({ method, path }) => `${method} ${path} 401`));
  });

  it("documents the map's paging: limit, cursor and nextCursor", () => {
    const geo = operation('get', '/api/logs/geo');
    const parameters = Object.fromEntries(
      (geo.parameters ?? []).map((parameter) => [parameter.name, parameter]),
    );
    expect(Object.keys(parameters)).toEqual(
      expect.arrayContaining(['q', 'from', 'to', 'place', 'limit', 'cursor']),
    );
    expect(parameters.limit?.description).toMatch(/at most 100000/);
    expect(parameters.cursor?.description).toMatch(/nextCursor/);
    const reply = JSON.stringify(geo.responses['200']?.content?.['application/json']?.schema);
    expect(reply).toContain('nextCursor');
    expect(reply).toContain('FeatureCollection');
    expect(reply).not.toContain('anyOf'); // [longitude, latitude]: two numbers
  });
});
