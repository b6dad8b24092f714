import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { testConfig } from '../support/helpers.js';

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  servers: Array<{ url: string }>;
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ name: string; in: string; description?: string }>;
        responses?: Record<string, { content?: Record<string, { schema: unknown }> }>;
        requestBody?: {
          content: Record<
            string,
            { schema: { properties?: Record<string, unknown>; required?: string[] } }
          >;
        };
      }
    >
  >;
  components: { securitySchemes: Record<string, unknown> };
}

describe('the OpenAPI document', () => {
  let app: FastifyInstance;
  let document: OpenApiDocument;
  beforeAll(async () => {
    app = await buildApp(testConfig({ publicUrl: 'https://birds.example' }));
    const res = await app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
  });
  afterAll(() => app.close());

  it('is an OpenAPI 3 document for this app, with cookie sign-in', () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info).toEqual({
      title: 'Sightbook API',
      description: expect.any(String),
      version: '0.1.0',
    });
    expect(document.servers).toEqual([{ url: 'https://birds.example' }]);
    expect(document.components.securitySchemes.cookieAuth).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'sid',
    });
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

  it('describes request bodies from the shared schemas', () => {
    const body =
      document.paths['/api/logs']?.post?.requestBody?.content['application/json']?.schema;
    expect(body?.required).toEqual(
      expect.arrayContaining(['speciesCommon', 'count', 'observedAt']),
    );
    expect(Object.keys(body?.properties ?? {})).toEqual(
      expect.arrayContaining(['speciesCommon', 'photoLinks', 'uploadedPhotoUrls', 'latitude']),
    );
    const login =
      document.paths['/api/auth/login']?.post?.requestBody?.content['application/json']?.schema;
    expect(login?.required).toEqual(['email', 'password']);
  });

  it("documents the map's paging: limit, cursor and nextCursor", () => {
    const geo = document.paths['/api/logs/geo']?.get;
    const parameters = Object.fromEntries(
      (geo?.parameters ?? []).map((parameter) => [parameter.name, parameter]),
    );
    expect(Object.keys(parameters)).toEqual(
      expect.arrayContaining(['q', 'from', 'to', 'place', 'limit', 'cursor']),
    );
    expect(parameters.limit?.description).toMatch(/at most 100000/);
    expect(parameters.cursor?.description).toMatch(/nextCursor/);
    const reply = JSON.stringify(geo?.responses?.['200']?.content?.['application/json']?.schema);
    expect(reply).toContain('nextCursor');
    expect(reply).toContain('FeatureCollection');
  });
});
