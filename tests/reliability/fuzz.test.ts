import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
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

// R2: at least 10,000 malformed payloads and query strings across every write and list
// endpoint. Every reply is a 4xx JSON body with a message (a list may also answer 200), never
// a 5xx, and the data tables are byte-for-byte what they were before.

const garbage = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    -1e20,
    1e308,
    0.5,
    '',
    ' ',
    'NaN',
    'Infinity',
    '\u0000',
    '%00',
    '../../etc/passwd',
  ),
  fc.string({ unit: 'binary', maxLength: 50 }), // any code point, lone surrogates included
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer().map((n) => 'x'.repeat(Math.abs(n) % 6000)),
  fc.array(fc.anything({ maxDepth: 3 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 2 }), { maxKeys: 3 }),
  fc
    .date({ noInvalidDate: false })
    .map((date) => (Number.isNaN(date.getTime()) ? 'Invalid Date' : date.toString())),
);

// Each makes a log payload invalid for sure; the fuzzer adds more garbage on top.
const breakers: Array<(log: Record<string, unknown>) => void> = [
  (log) => delete log.speciesCommon,
  (log) => (log.speciesCommon = ''),
  (log) => (log.speciesCommon = 'x'.repeat(201)),
  (log) => (log.speciesCommon = 'Owl\u0000'),
  (log) => (log.count = 0),
  (log) => (log.count = -7),
  (log) => (log.count = 1.5),
  (log) => (log.count = '3'),
  (log) => (log.count = null),
  (log) => (log.count = 1e20),
  (log) => (log.observedAt = '2026-02-30T10:00'),
  (log) => (log.observedAt = 'yesterday'),
  (log) => (log.observedAt = 20260501),
  (log) => (log.photoLinks = ['javascript:alert(1)']),
  (log) => (log.uploadedPhotoUrls = ['/objects/uploads/../../secret']),
  (log) => (log.latitude = 91),
  (log) => (log.isPublic = 'yes'),
  (log) => (log.longitude = -181),
  (log) => {
    log.latitude = 10;
    delete log.longitude;
  },
  (log) => (log.showExactLocation = 'yes'),
];
const fields = [
  'speciesCommon',
  'speciesScientific',
  'count',
  'observedAt',
  'placeName',
  'latitude',
  'longitude',
  'description',
  'notes',
  'isPublic',
  'showExactLocation',
  'photoLinks',
  'uploadedPhotoUrls',
  '__proto__',
  'constructor',
  'prototype',
  'userId',
  'id',
];

const brokenLog = fc
  .tuple(
    fc.nat({ max: breakers.length - 1 }),
    fc.array(fc.tuple(fc.constantFrom(...fields), garbage), { maxLength: 4 }),
  )
  .map(([breaker, extras]) => {
    const log: Record<string, unknown> = { ...aLog() };
    for (const [field, value] of extras) {
      if (field === 'speciesCommon' || field === 'count' || field === 'observedAt') continue; // keep the breaker decisive
      log[field] = value;
    }
    breakers[breaker]!(log);
    return JSON.stringify(log);
  });

const rawBody = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc
    .jsonValue({ maxDepth: 4 })
    .map((value) => JSON.stringify(value))
    .filter((text) => !text.startsWith('{')),
  fc.constantFrom(
    '{',
    '{"speciesCommon":',
    '['.repeat(5000),
    '{"a":' + '['.repeat(100) + ']'.repeat(100) + '}',
    'null',
    '""',
    '{"__proto__":{"polluted":1},"speciesCommon":"x","count":1,"observedAt":"2026-01-01T00:00"}',
  ),
);

const queryValue = fc.oneof(
  garbage.map((value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))),
  fc.constantFrom('%', '%zz', '%E0%A4%A', '2026-13-01', '-1', '1e400'),
);
const queryString = (keys: string[]) =>
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 })), queryValue), {
      minLength: 1,
      maxLength: 6,
    })
    .map((pairs) =>
      pairs
        .map(
          ([key, value]) =>
            `${encodeURIComponent(key)}=${/^%/.test(value) ? value : encodeURIComponent(value)}`,
        )
        .join('&'),
    );

const listKeys = [
  'q',
  'from',
  'to',
  'minCount',
  'maxCount',
  'place',
  'page',
  'pageSize',
  'tz',
  'format',
];
const statsKeys = ['from', 'to', 'tz', 'bucket', 'limit'];
const geoKeys = [...listKeys, 'limit', 'cursor'];

describe.each(stores)('fuzzing on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let ada: TestUser;
  let logId: string;
  let replies = 0;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl, authRateLimit: 1_000_000 }));
    ada = await signUp(app, 'fuzz');
    logId = (await createLogAs(app, ada, { photoLinks: ['https://photos.example/f.jpg'] })).id;
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
        2500,
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
        2000,
      );
      await run(
        fc.asyncProperty(
          fc.constantFrom('summary', 'top-species', 'time-series'),
          queryString(statsKeys),
          (endpoint, query) =>
            expectRefusal({ method: 'GET', url: `/api/stats/${endpoint}?${query}` }, true),
        ) as unknown as fc.IAsyncProperty<[unknown]>,
        1000,
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
        600,
      );
      await run(
        fc.asyncProperty(queryString(listKeys), (query) =>
          expectRefusal({ method: 'GET', url: `/api/export.geojson?${query}` }, true),
        ),
        400,
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
      expect(replies).toBeGreaterThanOrEqual(10_000);
      expect(await snapshot()).toEqual(before);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );
});
