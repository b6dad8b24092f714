import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import type { Log } from '../../src/common/logs/schemas.js';
import { as, getFor, type TestUser } from '../support/helpers.js';

/** A file of fixtures/ beside the tests. */
export const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url));
export const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The columns of a Sightbook CSV export, in order. */
export const CSV_HEADERS = [
  'id',
  'observed_at',
  'species_common',
  'species_scientific',
  'count',
  'place_name',
  'latitude',
  'longitude',
  'description',
  'notes',
  'is_public',
  'photo_urls',
  'created_at',
  'updated_at',
  'time_zone',
  'time_known',
  'coordinate_uncertainty',
  'taxon_id',
  'outing_id',
  'show_exact_location',
  'county',
  'state_province',
  'country_code',
  'location_id',
  'breeding_code',
  'captive',
  'media_urls',
  'source_url',
  'location_privacy',
  'location_embargo_until',
  'recording_urls',
];

/**
 * The import and export calls of these tests, on the app `app()` returns when called (a file's
 * app is built in its `beforeAll`).
 */
export function dataExchangeFor(app: () => FastifyInstance) {
  const get = getFor(app);

  /** The import: `body` sent as `user`, or signed out without one. */
  function post(user: TestUser | undefined, body: string | Buffer, contentType = 'text/csv') {
    return app().inject({
      method: 'POST',
      url: '/api/import',
      headers: { 'content-type': contentType, ...(user ? as(user) : {}) },
      payload: body,
    });
  }

  /** The user's logs, newest observed first. */
  async function logsOf(user: TestUser): Promise<Log[]> {
    const res = await get(user, '/api/logs?pageSize=100');
    expect(res.statusCode).toBe(200);
    return res.json().items;
  }

  /** The user's whole CSV export, as sent. */
  async function exportOf(user: TestUser) {
    const res = await get(user, '/api/export.csv');
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  }

  /** The user's CSV export for a query string (`?…`), parsed into rows of cells. */
  async function exportRows(user: TestUser, query = '', headers: Record<string, string> = {}) {
    const res = await get(user, `/api/export.csv${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return parse(res.body, { bom: true }) as string[][];
  }

  return { get, post, logsOf, exportOf, exportRows };
}
