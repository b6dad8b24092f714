import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { EBIRD_FILE_MAX_BYTES } from '../../src/common/outings/ebird-record.js';
import { getFor, signUp, stores, testConfig, type TestUser } from '../support/helpers.js';
import { pythonJson } from '../support/python.js';

// eBird's import takes files of up to 1 MB: an account's records beyond it come as a zip of
// files within the limit, none splitting a checklist (the rows sharing a place, date, start time
// and effort), read back by Python's zipfile and csv modules.

const OUTINGS = 400;
const SPECIES_PER_OUTING = 20;
const INCIDENTAL = 800; // in pairs: two logs at one place and instant are one checklist to eBird

/** Each file of the zip: its name and size, its records, and the CRC check's verdict. */
const READ_ZIP = [
  'import csv, io, json, sys, zipfile',
  'z = zipfile.ZipFile(sys.argv[1])',
  'files = [{"name": i.filename, "size": i.file_size,',
  '  "rows": list(csv.reader(io.StringIO(z.read(i.filename).decode("utf-8"), newline="")))}',
  '  for i in z.infolist()]',
  'print(json.dumps({"bad": z.testzip(), "files": files}))',
].join('\n');

describe.each(stores)("eBird's file limit on $store", ({ databaseUrl }) => {
  let app: FastifyInstance;
  let ada: TestUser;
  const get = getFor(() => app);
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    ada = await signUp(app, 'big-lister');
    // generated in the database: thousands of API calls would take minutes
    await app.db.execute(sql`INSERT INTO outings (user_id, started_at, time_zone,
        duration_minutes, distance_km, protocol, party_size, complete, place_name, latitude,
        longitude, notes)
      SELECT ${ada.id}::uuid, timestamptz '2025-01-01T14:00:00Z' + g * interval '1 day',
        'America/Los_Angeles', 90, 3.2, 'traveling', 2, true, 'Marsh loop ' || g,
        34.05 + g * 0.001, -118.25 - g * 0.001, 'Checklist ' || g
      FROM generate_series(1, ${OUTINGS}::int) g`);
    await app.db.execute(sql`INSERT INTO logs (user_id, outing_id, species_common,
        species_scientific, count, observed_at, time_zone, place_name, latitude, longitude,
        description)
      SELECT o.user_id, o.id, 'Species ' || s, 'Genus species' || s, s,
        o.started_at + s * interval '1 minute', o.time_zone, o.place_name, o.latitude,
        o.longitude, repeat('Seen well, ', 15)
      FROM outings o, generate_series(1, ${SPECIES_PER_OUTING}::int) s
      WHERE o.user_id = ${ada.id}::uuid`);
    await app.db.execute(sql`INSERT INTO logs (user_id, species_common, count, observed_at,
        place_name, latitude, longitude, description)
      SELECT ${ada.id}::uuid, 'Lone bird ' || g, 1,
        timestamptz '2025-01-01T05:00:00Z' + (g / 2) * interval '1 day', 'Garden ' || (g / 2),
        -33.9, 151.2, repeat('x', 100)
      FROM generate_series(1, ${INCIDENTAL}::int) g`);
  });
  afterAll(() => app.close());

  it('answers a zip of files within 1 MB, no checklist split between two', async () => {
    const res = await get(ada, '/api/export/ebird.csv');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ebird-records.zip"');

    const zip = pythonJson<{
      bad: string | null;
      files: Array<{ name: string; size: number; rows: string[][] }>;
    }>(READ_ZIP, res.rawPayload);
    expect(zip.bad).toBeNull();
    const logs = OUTINGS * SPECIES_PER_OUTING + INCIDENTAL;
    expect(zip.files.length).toBeGreaterThanOrEqual(2);
    expect(zip.files.map((file) => file.name)).toEqual(
      zip.files.map((_, i) => `ebird-${i + 1}.csv`),
    );
    for (const [i, file] of zip.files.entries()) {
      expect(file.size).toBeLessThanOrEqual(EBIRD_FILE_MAX_BYTES);
      // filled up to the next checklist that would not fit, but the last
      if (i < zip.files.length - 1)
        expect(file.size).toBeGreaterThan(EBIRD_FILE_MAX_BYTES - 10_000);
      for (const row of file.rows) expect(row).toHaveLength(19);
    }
    expect(zip.files.flatMap((file) => file.rows)).toHaveLength(logs);

    // a checklist, to eBird: the rows sharing Location Name … Checklist Comments
    const filesOf = new Map<string, Set<string>>();
    for (const file of zip.files) {
      for (const row of file.rows) {
        const key = JSON.stringify(row.slice(5));
        filesOf.set(key, (filesOf.get(key) ?? new Set()).add(file.name));
      }
    }
    expect(filesOf.size).toBe(OUTINGS + INCIDENTAL / 2 + 1); // 0 / 2 and 1 / 2 share a day
    expect([...filesOf.values()].filter((names) => names.size > 1)).toEqual([]);
  });

  it('answers one CSV when the records fit in one file', async () => {
    const res = await get(ada, '/api/export/ebird.csv?q=lone%20bird%201');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ebird-records.csv"');
    expect(res.body.split('\r\n').filter(Boolean).length).toBeGreaterThan(1);
  });
});
