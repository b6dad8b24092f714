import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { buildApp } from '../../src/server/app.js';
import { logs, outings } from '../../src/server/db/schema.js';
import { renameStoredZones } from '../../src/server/db/zone-names.js';
import { canonicalTimeZone, IANA_RENAMES } from '../../src/common/zone-names.js';
import { EXPORT_CSV_COLUMNS } from '../../src/common/data-exchange/export.js';
import { aLog, as, createLogAs, getFor, signUp, stores, testConfig } from '../support/helpers.js';
import { rowsOf } from '../account/support.js';

// Zones by the tz database's names (issue 32): ICU canonicalises Asia/Kolkata to Asia/Calcutta,
// Europe/Kyiv to Europe/Kiev and America/Argentina/Buenos_Aires to America/Buenos_Aires; a log
// keeps and shows the first of each, whichever it was given, and rows kept before are renamed.

const RENAMED = [
  ['Asia/Calcutta', 'Asia/Kolkata'],
  ['America/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
  ['Europe/Kiev', 'Europe/Kyiv'],
] as const;

describe('canonical zone names', () => {
  it.each(RENAMED)('reads %s and its IANA name as %s', (old, iana) => {
    expect(canonicalTimeZone(old)).toBe(iana);
    expect(canonicalTimeZone(iana)).toBe(iana);
  });

  it('still resolves links and refuses what is no zone', () => {
    expect(canonicalTimeZone('US/Mountain')).toBe('America/Denver');
    expect(canonicalTimeZone('asia/kolkata')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('+05:30')).toBeUndefined();
    expect(canonicalTimeZone('Mars/Olympus')).toBeUndefined();
  });

  it('gives no old name for any zone Intl knows', () => {
    const names = Intl.supportedValuesOf('timeZone').map((name) => canonicalTimeZone(name));
    expect(names.filter((name) => name === undefined || IANA_RENAMES.has(name))).toEqual([]);
    // each renamed name is one Intl would give itself
    for (const old of IANA_RENAMES.keys()) {
      expect(new Intl.DateTimeFormat('en', { timeZone: old }).resolvedOptions().timeZone).toBe(old);
    }
  });
});

describe.each(stores)('zone names on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());
  const get = getFor(() => app);
  const storedZone = async (id: string) =>
    (await app.db.select().from(logs).where(eq(logs.id, id)))[0]?.timeZone;

  it('knows every canonical name in the database', async () => {
    const names = [...new Set(Intl.supportedValuesOf('timeZone').map(canonicalTimeZone))];
    const unknown = await rowsOf<{ name: string }>(
      app,
      sql`SELECT z AS name FROM unnest(${`{${names.join(',')}}`}::text[]) z
        WHERE NOT EXISTS (SELECT 1 FROM pg_timezone_names t WHERE t.name = z)`,
    );
    expect(unknown).toEqual([]);
  });

  it.each(RENAMED)('stores and answers a log written in %s as %s', async (old, iana) => {
    const ada = await signUp(app, 'zone-write');
    const created = await createLogAs(app, ada, { timeZone: old });
    expect(created.timeZone).toBe(iana);
    expect(await storedZone(created.id)).toBe(iana);
    const updated = await app.inject({
      method: 'PUT',
      url: `/api/logs/${created.id}`,
      headers: as(ada),
      payload: aLog({ timeZone: old, observedAt: '2024-03-01T06:00:00+05:30' }),
    });
    expect(updated.json()).toMatchObject({ timeZone: iana });
    expect(await storedZone(created.id)).toBe(iana);

    const outing = await app.inject({
      method: 'POST',
      url: '/api/outings',
      headers: as(ada),
      payload: { startedAt: '2024-03-01T06:00:00+05:30', timeZone: old },
    });
    expect(outing.statusCode, outing.body).toBe(201);
    expect(outing.json().timeZone).toBe(iana);
    const [row] = await app.db.select().from(outings).where(eq(outings.id, outing.json().id));
    expect(row?.timeZone).toBe(iana);
  });

  it('imports each file format with IANA names', async () => {
    const ada = await signUp(app, 'zone-import');
    const sightbook = [
      EXPORT_CSV_COLUMNS.join(','),
      EXPORT_CSV_COLUMNS.map(
        (column) =>
          ({
            observed_at: '2024-02-01T04:30:00.000Z',
            time_zone: 'Asia/Calcutta',
            species_common: 'Indian Roller',
            count: '1',
          })[column] ?? '',
      ).join(','),
    ].join('\n');
    const iNaturalist =
      'id,observed_on_string,observed_on,time_observed_at,time_zone,common_name\n' +
      '9001,2024-02-02 07:10,2024-02-02,,America/Buenos_Aires,Rufous Hornero\n';
    const eBird =
      'Submission ID,Common Name,Scientific Name,Count,Date,Time,Latitude,Longitude\n' +
      'S1,White Stork,Ciconia ciconia,2,2024-04-03,07:30 AM,50.45,30.52\n';
    for (const file of [sightbook, iNaturalist, eBird]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/import',
        headers: { ...as(ada), 'content-type': 'text/csv' },
        payload: file,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const zones = Object.fromEntries(
      (await app.db.select().from(logs).where(eq(logs.userId, ada.id))).map((log) => [
        log.speciesCommon,
        log.timeZone,
      ]),
    );
    expect(zones).toEqual({
      'Indian Roller': 'Asia/Kolkata',
      'Rufous Hornero': 'America/Argentina/Buenos_Aires',
      'White Stork': 'Europe/Kyiv',
    });
  });

  it.each(RENAMED)('takes %s and %s alike as the zone of stats and lists', async (old, iana) => {
    const ada = await signUp(app, 'zone-query');
    // 23:30 UTC on 1 March is 2 March in Kolkata and Kyiv, still 1 March in Buenos Aires
    await createLogAs(app, ada, { observedAt: '2024-03-01T23:30:00Z', timeZone: iana });
    for (const path of [
      '/api/stats/time-series?bucket=day&from=2024-03-01&to=2024-03-02',
      '/api/stats/summary?from=2024-03-02&to=2024-03-02',
      '/api/lists?kind=year&year=2024',
      '/api/export.csv?from=2024-03-02&to=2024-03-02',
    ]) {
      const tz = (name: string) => get(ada, `${path}&tz=${encodeURIComponent(name)}`);
      const [byOld, byIana] = [await tz(old), await tz(iana)];
      expect(byOld.statusCode, `${path} ${byOld.body}`).toBe(200);
      expect(byOld.body, path).toBe(byIana.body);
    }
  });

  it('answers rows kept under old names by their IANA names, and renames them', async () => {
    const ada = await signUp(app, 'zone-old-rows');
    const log = await createLogAs(app, ada, {
      observedAt: '2024-03-01T06:00:00+05:30',
      timeZone: 'Asia/Kolkata',
      latitude: 22.57,
      longitude: 88.36,
    });
    const outing = await app.inject({
      method: 'POST',
      url: '/api/outings',
      headers: as(ada),
      payload: { startedAt: '2024-03-01T06:00:00+02:00', timeZone: 'Europe/Kyiv' },
    });
    // as the app stored them before issue 32
    await app.db.update(logs).set({ timeZone: 'Asia/Calcutta' }).where(eq(logs.id, log.id));
    await app.db
      .update(outings)
      .set({ timeZone: 'Europe/Kiev' })
      .where(eq(outings.id, outing.json().id));

    expect((await get(ada, `/api/logs/${log.id}`)).json().timeZone).toBe('Asia/Kolkata');
    expect((await get(ada, '/api/logs')).json().items[0].timeZone).toBe('Asia/Kolkata');
    expect((await get(ada, `/api/outings/${outing.json().id}`)).json().timeZone).toBe(
      'Europe/Kyiv',
    );
    const geo = (await get(ada, '/api/logs/geo')).json();
    expect(geo.features[0].properties.timeZone).toBe('Asia/Kolkata');
    const lists = (await get(ada, '/api/lists?kind=life')).json();
    expect(lists.items[0].firstTimeZone).toBe('Asia/Kolkata');
    const [header, row] = parse((await get(ada, '/api/export.csv')).body, { bom: true }) as [
      string[],
      string[],
    ];
    expect(row[header.indexOf('time_zone')]).toBe('Asia/Kolkata');

    expect(await renameStoredZones(app.db)).toBeGreaterThanOrEqual(2);
    expect(await storedZone(log.id)).toBe('Asia/Kolkata');
    const [kept] = await app.db.select().from(outings).where(eq(outings.id, outing.json().id));
    expect(kept?.timeZone).toBe('Europe/Kyiv');
    expect(await renameStoredZones(app.db)).toBe(0);
  });
});

describe.each(stores)('the renaming at start on $store', ({ databaseUrl }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sightbook-zones-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  // an embedded database on disk, to start again on
  const config = () =>
    testConfig(databaseUrl ? { databaseUrl } : { dataDir, embeddedDatabase: join(dataDir, 'db') });

  it('renames the zones of rows kept before, in the background of the next start', async () => {
    const first = await buildApp(config());
    const ada = await signUp(first, 'zone-start');
    const ids: string[] = [];
    for (const zone of ['Asia/Kolkata', 'Europe/Kyiv', 'Europe/Berlin']) {
      ids.push((await createLogAs(first, ada, { timeZone: zone })).id);
    }
    await first.db.execute(sql`UPDATE logs SET time_zone = CASE time_zone
      WHEN 'Asia/Kolkata' THEN 'Asia/Calcutta' WHEN 'Europe/Kyiv' THEN 'Europe/Kiev'
      ELSE time_zone END WHERE user_id = ${ada.id}`);
    await first.close();

    const again = await buildApp(config());
    await again.ready();
    const zones = async () =>
      (await again.db.select().from(logs).where(inArray(logs.id, ids)))
        .map((log) => log.timeZone)
        .sort();
    await expect
      .poll(zones, { timeout: 10_000 })
      .toEqual(['Asia/Kolkata', 'Europe/Berlin', 'Europe/Kyiv']);
    await again.close();
  });
});
