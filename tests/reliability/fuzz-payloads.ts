import fc from 'fast-check';
import { aLog } from '../support/helpers.js';

// The payload and query-string generators of fuzz.test.ts: malformed input for every write and
// list endpoint.

/** Any value a careless or hostile client might send in a JSON field or a query. */
export const garbage = fc.oneof(
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

/** A log payload as JSON text, broken by one breaker and maybe more garbage. */
export const brokenLog = fc
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

/** A body that is not a JSON object: any text, other JSON values, broken or deep JSON. */
export const rawBody = fc.oneof(
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
/** A query string (no `?`) of 1 to 6 pairs: the endpoint's `keys` or any, with garbage values. */
export const queryString = (keys: string[]) =>
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

/** The query keys of the log list, the stats and the map's GeoJSON. */
export const listKeys = [
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
export const statsKeys = ['from', 'to', 'tz', 'bucket', 'limit'];
export const geoKeys = [...listKeys, 'limit', 'cursor'];
