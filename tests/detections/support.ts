import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { DetectionImportResult } from '../../src/common/detections.js';
import { as, type TestUser } from '../support/helpers.js';

// The detection files of tests/fixtures/detections (their sources: formats.test.ts), posted as
// a station or a person posts them.

export const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/detections/${name}`, import.meta.url), 'utf8');

/** POST /api/detections/import of a fixture (or text), as the user or with a token. */
export function postDetections(
  app: FastifyInstance,
  who: TestUser | { token: string } | undefined,
  file: { name?: string; text?: string; type?: string },
  query: Record<string, string> = {},
) {
  const headers =
    who === undefined ? {} : 'token' in who ? { authorization: `Bearer ${who.token}` } : as(who);
  return app.inject({
    method: 'POST',
    url: `/api/detections/import?${new URLSearchParams(query)}`,
    headers: { ...headers, 'content-type': file.type ?? 'text/plain; charset=utf-8' },
    payload: file.text ?? fixture(file.name!),
  });
}

/** An import that must succeed: its answer. */
export async function importDetections(
  app: FastifyInstance,
  who: TestUser | { token: string },
  name: string,
  query: Record<string, string> = {},
): Promise<DetectionImportResult> {
  const res = await postDetections(app, who, { name }, query);
  if (res.statusCode !== 201) throw new Error(`import failed: ${res.statusCode} ${res.body}`);
  return res.json();
}
