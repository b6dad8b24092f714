import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { EXPORT_CSV_COLUMNS } from '../../src/common/data-exchange/export.js';
import { parseIsoDateTime } from '../../src/common/dates.js';
import { buildApp } from '../../src/server/app.js';
import {
  aLog,
  createLogAs,
  randomIp,
  signUp,
  stores,
  testConfig,
  type TestUser,
} from '../support/helpers.js';
import {
  brokenLog,
  brokenZip,
  cutForm,
  hostileIdsCsv,
  surrogateLog,
  edgeDatesCsv,
  edgeDateTime,
  garbage,
  geoKeys,
  listKeys,
  listsKeys,
  queryString,
  rawBody,
  statsKeys,
} from './fuzz-payloads.js';

// R2: at least 20,000 malformed payloads and query strings across every write and list
// endpoint, dates at the edges of the years 0001–9999 and of ±14:00 among them (issue 21).
// Every reply is a 4xx JSON body with a message (a list may also answer 200), never a 5xx, and
// the data tables are byte-for-byte what they were before.

/** A Sightbook CSV of one valid row, for the forms cut short. */
const edgeCsvSample = `${EXPORT_CSV_COLUMNS.join(',')}\n${EXPORT_CSV_COLUMNS.map((column) =>
  column === 'species_common'
    ? 'Wren'
    : column === 'count'
      ? '1'
      : column === 'observed_at'
        ? '2026-05-01T06:30:00Z'
        : '',
).join(',')}\n`;

describe.each(stores)('fuzzing on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let ada: TestUser;
  let logId: string;
  let archive: Buffer;
  let replies = 0;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl, authRateLimit: 1_000_000 }));
    ada = await signUp(app, 'fuzz');
    logId = (await createLogAs(app, ada, { photoLinks: ['https://photos.example/f.jpg'] })).id;
    archive = (
      await app.inject({
        method: 'GET',
        url: '/api/account/archive.zip',
        headers: { cookie: ada.cookie },
      })
    ).rawPayload;
  });
  afterAll(() => app.close());

  /** A digest of every row of the data tables; must not move. */
  async function snapshot() {
    const tables = ['users', 'logs', 'log_photos', 'sessions', 'uploads'];
    const rows = await Promise.all(
      tables.map((table) =>
        app.db.execute(
          sql.raw(
            `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ${table} t`,
          ),
        ),
      ),
    );
    return Object.fromEntries(
      tables.map((table, i) => [
        table,
        (rows[i] as unknown as { rows: Array<{ digest: string }> }).rows[0]!.digest,
      ]),
    );
  }

  async function expectRefusal(request: InjectOptions, allowOk = false) {
    const res = await app.inject({
      ...request,
      headers: { cookie: ada.cookie, ...request.headers },
    });
    replies++;
    const ok = allowOk && res.statusCode === 200;
    if (!ok && (res.statusCode < 400 || res.statusCode >= 500)) {
      throw new Error(
        `${request.method} ${request.url} → ${res.statusCode}: ${res.body.slice(0, 300)}\npayload: ${String(request.payload).slice(0, 300)}`,
      );
    }
    if (!ok) expect(typeof res.json().message).toBe('string');
  }

  const json = { 'content-type': 'application/json' };
  // some edge date-times are real ones (9999-12-31T23:30Z): those would add a log
  const refusedDateTime = edgeDateTime.filter((text) => parseIsoDateTime(text) === undefined);
  const run = (
    property: fc.IAsyncProperty<[unknown]> | fc.IAsyncPropertyWithHooks<[unknown]>,
    numRuns: number,
  ) =>
    fc.assert(property as fc.IAsyncProperty<[unknown]>, {
      numRuns,
      seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31),
    });

  it(
    'refuses every malformed request cleanly and changes nothing',
    { timeout: 600_000 },
    async () => {
      const before = await snapshot();
      await run(
        fc.asyncProperty(brokenLog, (payload) =>
          expectRefusal({ method: 'POST', url: '/api/logs', headers: json, payload }),
        ),
        3200,
      );
      await run(
        fc.asyncProperty(rawBody, (payload) =>
          expectRefusal({ method: 'POST', url: '/api/logs', headers: json, payload }),
        ),
        1000,
      );
      await run(
        fc.asyncProperty(
          brokenLog,
          fc.oneof(fc.constant(logId), fc.string({ unit: 'binary', maxLength: 60 })),
          (payload, id) =>
            expectRefusal({
              method: 'PUT',
              url: `/api/logs/${encodeURIComponent(id)}`,
              headers: json,
              payload,
            }),
        ) as unknown as fc.IAsyncProperty<[unknown]>,
        1500,
      );
      await run(
        fc.asyncProperty(queryString(listKeys), (query) =>
          expectRefusal({ method: 'GET', url: `/api/logs?${query}` }, true),
        ),
        3400,
      );
      await run(
        fc.asyncProperty(
          fc.constantFrom(
            'summary',
            'top-species',
            'time-series',
            'list-growth',
            'species-by-period',
          ),
          queryString(statsKeys),
          (endpoint, query) =>
            expectRefusal({ method: 'GET', url: `/api/stats/${endpoint}?${query}` }, true),
        ) as unknown as fc.IAsyncProperty<[unknown]>,
        2000,
      );
      await run(
        fc.asyncProperty(queryString(listKeys), (query) =>
          expectRefusal({ method: 'GET', url: `/api/export.csv?${query}` }, true),
        ),
        800,
      );
      // every list-like endpoint takes the list's filters
      await run(
        fc.asyncProperty(queryString(geoKeys), (query) =>
          expectRefusal({ method: 'GET', url: `/api/logs/geo?${query}` }, true),
        ),
        1500,
      );
      await run(
        fc.asyncProperty(queryString(listKeys), (query) =>
          expectRefusal({ method: 'GET', url: `/api/export.geojson?${query}` }, true),
        ),
        400,
      );
      // dates at the edges: a log whose only fault is its date; the lists; an import's dates
      await run(
        fc.asyncProperty(refusedDateTime, (observedAt) =>
          expectRefusal({
            method: 'POST',
            url: '/api/logs',
            headers: json,
            payload: JSON.stringify({ ...aLog(), observedAt, idempotencyKey: undefined }),
          }),
        ),
        2000,
      );
      await run(
        fc.asyncProperty(queryString(listsKeys), (query) =>
          expectRefusal({ method: 'GET', url: `/api/lists?${query}` }, true),
        ),
        1500,
      );
      await run(
        fc.asyncProperty(edgeDatesCsv, (payload) =>
          expectRefusal(
            {
              method: 'POST',
              url: '/api/import?dryRun=true',
              headers: { 'content-type': 'text/csv' },
              payload,
            },
            true,
          ),
        ),
        500,
      );
      await run(
        fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 300 }), (payload) =>
          expectRefusal({
            method: 'POST',
            url: '/api/import',
            headers: { 'content-type': 'text/csv' },
            payload,
          }),
        ),
        200,
      );
      // photos: sizes no upload may start with, URLs no upload has, ids no object has
      const badSize = garbage.filter(
        (size) =>
          !(Number.isInteger(size) && (size as number) >= 1 && (size as number) <= 10_485_760),
      );
      await run(
        fc.asyncProperty(badSize, (size) =>
          expectRefusal({
            method: 'POST',
            url: '/api/photos/upload',
            headers: json,
            payload: JSON.stringify({ size }),
          }),
        ),
        300,
      );
      await run(
        fc.asyncProperty(fc.oneof(garbage, rawBody), (photoURL) =>
          expectRefusal({
            method: 'PUT',
            url: '/api/photos/complete',
            headers: json,
            payload: JSON.stringify({ photoURL }),
          }),
        ),
        300,
      );
      await run(
        fc.asyncProperty(
          fc.string({ unit: 'binary', maxLength: 60 }),
          queryString(['expires', 'signature']),
          (id, query) =>
            expectRefusal({
              method: 'PUT',
              url: `/api/photos/uploads/${encodeURIComponent(id)}?${query}`,
              headers: { 'content-type': 'image/png' },
              payload: Buffer.from('\x89PNG\r\n\x1a\n'),
            }),
        ) as unknown as fc.IAsyncProperty<[unknown]>,
        300,
      );
      await run(
        fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 60 }), (path) =>
          expectRefusal({ method: 'GET', url: `/objects/uploads/${encodeURIComponent(path)}` }),
        ),
        300,
      );
      const badEmail = fc.oneof(garbage, fc.constant('not-an-email'));
      for (const url of ['/api/auth/register', '/api/auth/login']) {
        await run(
          fc.asyncProperty(badEmail, garbage, (email, password) =>
            expectRefusal({
              method: 'POST',
              url,
              headers: json,
              remoteAddress: randomIp(),
              payload: JSON.stringify({ email, password }),
            }),
          ) as unknown as fc.IAsyncProperty<[unknown]>,
          500,
        );
      }
      // issue 31: lone surrogates, hostile ids in a CSV, forms cut short, broken zips
      await run(
        fc.asyncProperty(surrogateLog, (payload) =>
          expectRefusal({ method: 'POST', url: '/api/logs', headers: json, payload }),
        ),
        300,
      );
      await run(
        fc.asyncProperty(hostileIdsCsv, (payload) =>
          expectRefusal({
            method: 'POST',
            url: '/api/import?dryRun=true',
            headers: { 'content-type': 'text/csv' },
            payload,
          }),
        ),
        200,
      );
      const boundary = 'fuzz-boundary';
      await run(
        fc.asyncProperty(cutForm(Buffer.from(edgeCsvSample), boundary), (payload) =>
          expectRefusal({
            method: 'POST',
            url: '/api/import?dryRun=true',
            headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
            payload,
          }),
        ),
        200,
      );
      await run(
        fc.asyncProperty(
          brokenZip(archive),
          fc.constantFrom('application/zip', 'application/x-zip-compressed'),
          (payload, type) =>
            expectRefusal({
              method: 'POST',
              url: '/api/import?dryRun=true',
              headers: { 'content-type': type },
              payload,
            }),
        ) as unknown as fc.IAsyncProperty<[unknown]>,
        200,
      );
      expect(replies).toBeGreaterThanOrEqual(20_000);
      expect(await snapshot()).toEqual(before);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );
});
