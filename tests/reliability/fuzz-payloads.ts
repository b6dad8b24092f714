import fc from 'fast-check';
import { EXPORT_CSV_COLUMNS } from '../../src/common/data-exchange/export.js';
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
  // issue 32: an X has no count, evidence only a count of 0; a kind of count must be known
  (log) => (log.countKind = 'present'),
  (log) => (log.countKind = 'evidence'),
  (log) => (log.countKind = 'many'),
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
  // dates at the edges (issue 21): past 9999 or before year 1 once in UTC, offsets past ±14:00
  (log) => (log.observedAt = '9999-12-31T23:30:00-01:00'),
  (log) => (log.observedAt = '0001-01-01T00:30:00+01:00'),
  (log) => (log.observedAt = '0000-06-01T12:00:00Z'),
  (log) => (log.observedAt = '2026-05-01T10:00:00+99:99'),
  (log) => (log.observedAt = '2026-05-01T10:00:00-14:01'),
  (log) => (log.observedAt = '+010000-01-01T00:00:00.000Z'),
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

const pad = (value: number, width: number) => String(value).padStart(width, '0');
/** Days, date-times and zones at the edges of the years 0001–9999 and of ±14:00 (issue 21). */
export const edgeDay = fc
  .tuple(
    fc.constantFrom(0, 1, 99, 100, 1582, 9999, 10000, 99999),
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
  )
  .map(([year, month, day]) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`);
export const edgeDateTime = fc
  .tuple(
    edgeDay,
    fc.integer({ min: 0, max: 25 }),
    fc.constantFrom('Z', '', '+14:00', '-14:00', '+14:01', '-12:00', '+99:99', '+05:60', '-0000'),
  )
  .map(([day, hour, offset]) => `${day}T${pad(hour, 2)}:30:00${offset}`);
export const edgeZone = fc.constantFrom(
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Etc/GMT-14',
  'Etc/GMT+12',
  'America/St_Johns',
);
const edgeCursor = fc
  .tuple(edgeDateTime, edgeDateTime)
  .map(
    ([observed, created]) =>
      `${observed.slice(0, 19)}.000000Z,${created.slice(0, 19)}.000000Z,00000000-0000-4000-8000-000000000000`,
  );

const queryValue = fc.oneof(
  garbage.map((value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))),
  fc.constantFrom('%', '%zz', '%E0%A4%A', '2026-13-01', '-1', '1e400'),
  edgeDay,
  edgeZone,
  edgeCursor,
  fc.constantFrom('0', '1', '999', '1000', '9999', '10000'), // years of the year list
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
export const listsKeys = ['kind', 'year', 'place', 'tz'];

/** A Sightbook CSV whose dates are at (and past) the edges: the import refuses or takes each. */
export const edgeDatesCsv = fc
  .array(fc.tuple(edgeDateTime, fc.option(edgeZone, { nil: '' })), { minLength: 1, maxLength: 5 })
  .map(
    (rows) =>
      `${EXPORT_CSV_COLUMNS.join(',')}\n` +
      rows
        .map(([when, zone]) =>
          EXPORT_CSV_COLUMNS.map((column) =>
            column === 'observed_at'
              ? when
              : column === 'time_zone'
                ? zone
                : column === 'species_common'
                  ? 'Barn owl'
                  : column === 'count'
                    ? '1'
                    : '',
          ).join(','),
        )
        .join('\n'),
  );

// Issue 31: what once answered 500 instead of 400.

const loneSurrogate = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((unit) => String.fromCharCode(unit));
/** A valid log but for a lone UTF-16 surrogate somewhere in one of its texts. */
export const surrogateLog = fc
  .tuple(
    fc.constantFrom('speciesCommon', 'speciesScientific', 'placeName', 'description', 'notes'),
    loneSurrogate,
    fc.nat({ max: 20 }),
  )
  .map(([field, surrogate, at]) => {
    const log: Record<string, unknown> = { ...aLog() };
    const text = String(log[field]);
    log[field] = text.slice(0, at) + surrogate + text.slice(at);
    return JSON.stringify(log); // writes the lone surrogate as its \uXXXX escape
  });

const hostileId = fc.oneof(
  fc.string({ maxLength: 10 }).map((text) => `${text}\u0000${text}`),
  // longer than an id's 80 characters and a taxon id's 120
  fc.integer({ min: 121, max: 6000 }).map((length) => 'x'.repeat(length)),
);
/** A Sightbook CSV each row of which has a NUL or an overlong value in its id or taxon_id. */
export const hostileIdsCsv = fc
  .array(fc.tuple(fc.constantFrom('id', 'taxon_id'), hostileId), { minLength: 1, maxLength: 4 })
  .map(
    (rows) =>
      `${EXPORT_CSV_COLUMNS.join(',')}\n` +
      rows
        .map(([bad, value]) =>
          EXPORT_CSV_COLUMNS.map((column) =>
            column === bad
              ? `"${value}"`
              : column === 'id' && value.includes('\u0000')
                ? ''
                : ((
                    {
                      observed_at: '2026-05-01T06:30:00Z',
                      species_common: 'Wren',
                      count: '1',
                    } as Record<string, string>
                  )[column] ?? ''),
          ).join(','),
        )
        .join('\n'),
  );

/** A multipart form holding `file`, cut short anywhere before its closing boundary. */
export const cutForm = (file: Buffer, boundary: string) => {
  const whole = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return fc.integer({ min: 1, max: whole.length - 8 }).map((end) => whole.subarray(0, end));
};

/** A zip cut short, or bytes that only begin like one. */
export const brokenZip = (zip: Buffer) =>
  fc.oneof(
    fc.integer({ min: 4, max: zip.length - 1 }).map((end) => zip.subarray(0, end)),
    fc
      .uint8Array({ maxLength: 400 })
      .map((bytes) => Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), bytes])),
  );
