import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { LogWriteInput } from '../../src/common/logs/schemas.js';
import { buildApp } from '../../src/server/app.js';
import { drivers, photoClientFor, photoDataDir, s3rverForThisFile } from '../photos/support.js';
import { as, createLogAs, signUp, stores, testConfig, type TestUser } from '../support/helpers.js';
import { rowsOf } from './support.js';

// Issue 31: the log form took a photo's GPS position without its hemisphere (and the zone at
// that wrong point); the account page finds such logs by their uploaded originals and fixes them.

/** JPEGs whose EXIF exiftool wrote (tests/fixtures/photos/README.md). */
const photo = (name: 'berlin' | 'central-park' | 'lima' | 'rio' | 'sydney') =>
  readFileSync(new URL(`../fixtures/photos/${name}.jpg`, import.meta.url));

const s3 = s3rverForThisFile();

describe.each(stores)('photo positions on $store', ({ databaseUrl }) => {
  describe.each(drivers)('with $driver storage', ({ driver }) => {
    let app: FastifyInstance;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = photoDataDir();
      app = await buildApp(
        testConfig({ databaseUrl, dataDir, ...(driver === 's3' ? { s3 } : {}) }),
      );
    });
    afterAll(async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const { upload } = photoClientFor(() => app);

    const check = async (user: TestUser) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/account/photo-positions',
        headers: as(user),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Array<{ logId: string } & Record<string, unknown>>;
    };
    const fix = (user: TestUser, logIds: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/account/photo-positions/fix',
        headers: as(user),
        payload: { logIds },
      });
    const stored = async (id: string) => {
      const [row] = await rowsOf<{
        latitude: number;
        longitude: number;
        timeZone: string | null;
        observedAt: string | Date;
      }>(
        app,
        sql`SELECT latitude, longitude, time_zone AS "timeZone", observed_at AS "observedAt"
            FROM logs WHERE id = ${id}`,
      );
      return { ...row, observedAt: new Date(row!.observedAt).toISOString() };
    };
    /** A log as the form saved a photo's log before issue 31, at the photo's unsigned point. */
    const loggedWithPhoto = async (
      user: TestUser,
      name: Parameters<typeof photo>[0],
      log: Partial<LogWriteInput>,
    ) => createLogAs(app, user, { uploadedPhotoUrls: [await upload(user, photo(name))], ...log });

    it('lists a log at its photo without the hemisphere, fixes it for its owner only', async () => {
      const ada = await signUp(app, 'ada');
      const bob = await signUp(app, 'bob');
      // the old form: 73.9665 W became 73.9665 (Kyrgyzstan), and the camera's 07:42 Bishkek's
      const robin = await loggedWithPhoto(ada, 'central-park', {
        speciesCommon: 'American Robin',
        latitude: 40.7812,
        longitude: 73.9665,
        timeZone: 'Asia/Bishkek',
        observedAt: '2024-05-12T07:42:00+06:00',
      });
      // not listed: a point that is its photo's, one placed right since, one typed elsewhere
      await loggedWithPhoto(ada, 'berlin', { latitude: 52.52, longitude: 13.405 });
      await loggedWithPhoto(ada, 'central-park', { latitude: 40.7812, longitude: -73.9665 });
      await loggedWithPhoto(ada, 'central-park', { latitude: 40.78, longitude: 73.97 });

      expect(await check(ada)).toEqual([
        {
          logId: robin.id,
          speciesCommon: 'American Robin',
          timeKnown: true,
          stored: {
            latitude: 40.7812,
            longitude: 73.9665,
            timeZone: 'Asia/Bishkek',
            observedAt: '2024-05-12T01:42:00.000Z',
          },
          corrected: {
            latitude: 40.7812,
            longitude: -73.9665,
            timeZone: 'America/New_York',
            observedAt: '2024-05-12T11:42:00.000Z', // 07:42 EDT
          },
        },
      ]);

      // another user neither sees it nor changes it
      expect(await check(bob)).toEqual([]);
      const foreign = await fix(bob, [robin.id]);
      expect(foreign.statusCode, foreign.body).toBe(200);
      expect(foreign.json()).toEqual({ fixed: [] });
      expect((await stored(robin.id)).longitude).toBe(73.9665);

      const fixed = await fix(ada, [robin.id]);
      expect(fixed.statusCode, fixed.body).toBe(200);
      expect(fixed.json()).toEqual({ fixed: [robin.id] });
      expect(await stored(robin.id)).toEqual({
        latitude: 40.7812,
        longitude: -73.9665,
        timeZone: 'America/New_York',
        observedAt: '2024-05-12T11:42:00.000Z',
      });
      expect(await check(ada)).toEqual([]);
      expect((await fix(ada, [robin.id])).json()).toEqual({ fixed: [] });
    });

    it("moves a Sydney photo's log out of the sea's zone, to the clock of summer time", async () => {
      const eve = await signUp(app, 'eve');
      // 33.8688 S became 33.8688 N: the Pacific, Etc/GMT-10 (+10 all year)
      const kookaburra = await loggedWithPhoto(eve, 'sydney', {
        latitude: 33.8688,
        longitude: 151.2093,
        timeZone: 'Etc/GMT-10',
        observedAt: '2024-01-10T07:00:00+10:00',
      });
      const [found] = await check(eve);
      expect(found?.corrected).toEqual({
        latitude: -33.8688,
        longitude: 151.2093,
        timeZone: 'Australia/Sydney',
        observedAt: '2024-01-09T20:00:00.000Z', // 07:00 at +11
      });
      expect((await fix(eve, [kookaburra.id])).json()).toEqual({ fixed: [kookaburra.id] });
      expect(await stored(kookaburra.id)).toMatchObject(found!.corrected as object);
    });

    it('knows the wrong zone whichever name the log keeps it by (Asia/Kolkata)', async () => {
      const ida = await signUp(app, 'ida');
      // 12.0464 S 77.0428 W became India: the form sent tz-lookup's Asia/Kolkata, which the log
      // keeps (before issue 32, as Intl's Asia/Calcutta); the camera's 09:15 is Lima's
      const heron = await loggedWithPhoto(ida, 'lima', {
        latitude: 12.0464,
        longitude: 77.0428,
        timeZone: 'Asia/Kolkata',
        observedAt: '2024-07-20T09:15:00+05:30',
      });
      const [found] = await check(ida);
      expect(found).toMatchObject({
        logId: heron.id,
        stored: { timeZone: 'Asia/Kolkata' },
        corrected: {
          latitude: -12.0464,
          longitude: -77.0428,
          timeZone: 'America/Lima',
          observedAt: '2024-07-20T14:15:00.000Z', // 09:15 at -05:00
        },
      });
      // kept under Intl's name before issue 32: found and fixed the same
      await app.db.execute(sql`UPDATE logs SET time_zone = 'Asia/Calcutta' WHERE id = ${heron.id}`);
      expect(await check(ida)).toEqual([found]);
      expect((await fix(ida, [heron.id])).json()).toEqual({ fixed: [heron.id] });
      expect(await stored(heron.id)).toMatchObject({ timeZone: 'America/Lima' });
    });

    it('keeps the instant of a time kept in another zone, and the date of a date-only log', async () => {
      const max = await signUp(app, 'max');
      // the zone offered was declined: the time typed was Berlin's
      const tanager = await loggedWithPhoto(max, 'rio', {
        latitude: 22.9519,
        longitude: 43.2105,
        timeZone: 'Europe/Berlin',
        observedAt: '2024-03-02T16:20:00+01:00',
      });
      // a date alone, at noon in the wrong point's zone
      const sparrow = await loggedWithPhoto(max, 'central-park', {
        latitude: 40.7812,
        longitude: 73.9665,
        timeZone: 'Asia/Bishkek',
        timeKnown: false,
        observedAt: '2024-05-12T12:00:00+06:00',
      });
      const corrected = Object.fromEntries(
        (await check(max)).map(({ logId, corrected }) => [logId, corrected]),
      );
      expect(corrected).toEqual({
        [tanager.id]: {
          latitude: -22.9519,
          longitude: -43.2105,
          timeZone: 'America/Sao_Paulo',
          observedAt: '2024-03-02T15:20:00.000Z',
        },
        [sparrow.id]: {
          latitude: 40.7812,
          longitude: -73.9665,
          timeZone: 'America/New_York',
          observedAt: '2024-05-12T16:00:00.000Z', // noon EDT
        },
      });

      // only the logs named are fixed
      expect((await fix(max, [sparrow.id])).json()).toEqual({ fixed: [sparrow.id] });
      expect((await check(max)).map(({ logId }) => logId)).toEqual([tanager.id]);
      expect(await stored(tanager.id)).toMatchObject({ longitude: 43.2105 });
    });

    it('names what is wrong with a request to fix', async () => {
      const zoe = await signUp(app, 'zoe');
      const none = await fix(zoe, []);
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe('Name at least one log to fix');
      const bad = await fix(zoe, ['not-a-log']);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Each log id must be a log id');
    });
  });
});
