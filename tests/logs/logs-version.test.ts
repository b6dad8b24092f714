import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { StatsSummary } from '../../src/common/stats.js';
import { logs, users } from '../../src/server/db/schema.js';
import {
  aLog,
  createLogAs,
  signUp,
  stores,
  testConfig,
  type TestUser,
} from '../support/helpers.js';

// Statistics and the form's pickers are computed once per version of the user's logs
// (src/server/features/logs/logs-version.ts):
// every kind of write must show in the next answer, and only in its owner's.
describe.each(stores)('cached results on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let ada: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    [ada, bob] = [await signUp(app, 'ada'), await signUp(app, 'bob')];
  });
  afterAll(() => app.close());

  const summary = async (user: TestUser) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/stats/summary?tz=Europe/Berlin',
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StatsSummary;
  };
  const topSpecies = async (user: TestUser) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/stats/top-species',
      headers: { cookie: user.cookie },
    });
    return res.json() as Array<{ species: string; totalCount: number; logCount: number }>;
  };
  const versions = async () => {
    const rows = await app.db
      .select({ id: users.id, version: users.logsVersion })
      .from(users)
      .where(inArray(users.id, [ada.id, bob.id]));
    return Object.fromEntries(rows.map((row) => [row.id, row.version]));
  };

  it('follow creates, edits, deletes and writes that bypass the API', async () => {
    expect(await summary(ada)).toEqual({
      totalSightings: 0,
      uniqueSpecies: 0,
      totalLogs: 0,
      uncountedLogs: 0,
    });
    const robin = await createLogAs(app, ada, { speciesCommon: 'Robin', count: 2 });
    expect(await summary(ada)).toEqual({
      totalSightings: 2,
      uniqueSpecies: 1,
      totalLogs: 1,
      uncountedLogs: 0,
    });
    expect(await summary(ada)).toEqual({
      totalSightings: 2,
      uniqueSpecies: 1,
      totalLogs: 1,
      uncountedLogs: 0,
    });

    const edited = await app.inject({
      method: 'PUT',
      url: `/api/logs/${robin.id}`,
      headers: { cookie: ada.cookie },
      payload: aLog({ speciesCommon: 'Wren', count: 7 }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await summary(ada)).toEqual({
      totalSightings: 7,
      uniqueSpecies: 1,
      totalLogs: 1,
      uncountedLogs: 0,
    });
    expect(await topSpecies(ada)).toEqual([{ species: 'Wren', totalCount: 7, logCount: 1 }]);

    // an import, a restore or a manual fix writes the table directly: the trigger still sees it
    await app.db.insert(logs).values([
      { userId: ada.id, speciesCommon: 'Heron', count: 1, observedAt: new Date() },
      { userId: ada.id, speciesCommon: 'Heron', count: 2, observedAt: new Date() },
    ]);
    expect(await summary(ada)).toEqual({
      totalSightings: 10,
      uniqueSpecies: 2,
      totalLogs: 3,
      uncountedLogs: 0,
    });
    await app.db.update(logs).set({ count: 5 }).where(eq(logs.speciesCommon, 'Wren'));
    expect(await topSpecies(ada)).toEqual([
      { species: 'Wren', totalCount: 5, logCount: 1 },
      { species: 'Heron', totalCount: 3, logCount: 2 },
    ]);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/logs/${robin.id}`,
      headers: { cookie: ada.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await summary(ada)).toEqual({
      totalSightings: 3,
      uniqueSpecies: 1,
      totalLogs: 2,
      uncountedLogs: 0,
    });
  });

  it("bump the writer's version once per statement, and nobody else's", async () => {
    expect(await summary(bob)).toEqual({
      totalSightings: 0,
      uniqueSpecies: 0,
      totalLogs: 0,
      uncountedLogs: 0,
    });
    const before = await versions();
    await app.db.insert(logs).values(
      Array.from({ length: 50 }, () => ({
        userId: bob.id,
        speciesCommon: 'Starling',
        count: 1,
        observedAt: new Date(),
      })),
    );
    const after = await versions();
    expect(after[bob.id]).toBe(before[bob.id]! + 1);
    expect(after[ada.id]).toBe(before[ada.id]);
    expect(await summary(bob)).toEqual({
      totalSightings: 50,
      uniqueSpecies: 1,
      totalLogs: 50,
      uncountedLogs: 0,
    });
  });

  it("follow writes in the list's total and the form's species and places", async () => {
    const dora = await signUp(app, 'dora');
    const get = async (path: string) => {
      const res = await app.inject({ method: 'GET', url: path, headers: { cookie: dora.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const wren = await createLogAs(app, dora, {
      speciesCommon: 'Wren',
      speciesScientific: 'Troglodytes troglodytes',
      placeName: 'Kew',
    });
    expect(await get('/api/species')).toEqual([
      { common: 'Wren', scientific: 'Troglodytes troglodytes' },
    ]);
    expect(await get('/api/locations')).toEqual(['Kew']);
    expect((await get('/api/logs')).total).toBe(1);
    await get('/api/species'); // a second read, from the cache

    await createLogAs(app, dora, {
      speciesCommon: 'Heron',
      speciesScientific: null,
      placeName: 'Bow',
    });
    expect(await get('/api/species')).toEqual([
      { common: 'Heron', scientific: null },
      { common: 'Wren', scientific: 'Troglodytes troglodytes' },
    ]);
    expect(await get('/api/locations')).toEqual(['Bow', 'Kew']);
    expect((await get('/api/logs')).total).toBe(2);

    await app.db.update(logs).set({ placeName: 'Richmond' }).where(eq(logs.id, wren.id));
    expect(await get('/api/locations')).toEqual(['Bow', 'Richmond']);
    await app.db.delete(logs).where(eq(logs.id, wren.id));
    expect(await get('/api/species')).toEqual([{ common: 'Heron', scientific: null }]);
    expect((await get('/api/logs')).total).toBe(1);
  });

  it("keep each user's count of logs, the list's total, through any statement", async () => {
    const [eve, fay] = [await signUp(app, 'eve'), await signUp(app, 'fay')];
    const counts = async () => {
      const rows = await app.db
        .select({ id: users.id, kept: users.logsCount })
        .from(users)
        .where(inArray(users.id, [eve.id, fay.id]));
      const totals = await Promise.all(
        [eve, fay].map(async (user) => {
          const res = await app.inject({ url: '/api/logs', headers: { cookie: user.cookie } });
          return res.json().total as number;
        }),
      );
      const counted = await Promise.all(
        [eve, fay].map((user) => app.db.$count(logs, eq(logs.userId, user.id))),
      );
      const kept = [eve, fay].map((user) => rows.find((row) => row.id === user.id)!.kept);
      expect(kept, 'kept by the trigger').toEqual(counted);
      expect(totals, "the list's totals").toEqual(counted);
      return counted;
    };
    const aLogOf = (user: TestUser) => ({
      userId: user.id,
      speciesCommon: 'Coot',
      count: 1,
      observedAt: new Date(),
    });
    expect(await counts()).toEqual([0, 0]);
    const [first] = await app.db
      .insert(logs)
      .values([aLogOf(eve), aLogOf(eve), aLogOf(fay)])
      .returning();
    expect(await counts()).toEqual([2, 1]);
    await app.db.update(logs).set({ userId: fay.id }).where(eq(logs.id, first!.id)); // moves it
    expect(await counts()).toEqual([1, 2]);
    await app.db
      .update(logs)
      .set({ count: 3 })
      .where(inArray(logs.userId, [eve.id, fay.id]));
    expect(await counts()).toEqual([1, 2]);
    await createLogAs(app, eve);
    expect(await counts()).toEqual([2, 2]);
    await app.db.delete(logs).where(inArray(logs.userId, [eve.id, fay.id]));
    expect(await counts()).toEqual([0, 0]);
  });

  it('keep one answer per query', async () => {
    const carl = await signUp(app, 'carl');
    await createLogAs(app, carl, { observedAt: '2026-05-01T06:30', count: 4 });
    const url = (query: string) => ({
      method: 'GET' as const,
      url: `/api/stats/summary?${query}`,
      headers: { cookie: carl.cookie },
    });
    const may = await app.inject(url('from=2026-05-01&to=2026-05-31'));
    const june = await app.inject(url('from=2026-06-01&to=2026-06-30'));
    expect(may.json()).toEqual({
      totalSightings: 4,
      uniqueSpecies: 1,
      totalLogs: 1,
      uncountedLogs: 0,
    });
    expect(june.json()).toEqual({
      totalSightings: 0,
      uniqueSpecies: 0,
      totalLogs: 0,
      uncountedLogs: 0,
    });
    // 06:30 on 1 May in Berlin is 04:30Z, but in Los Angeles it is 30 April
    const inLosAngeles = await app.inject(
      url('from=2026-05-01&to=2026-05-31&tz=America/Los_Angeles'),
    );
    expect(inLosAngeles.json()).toMatchObject({ totalLogs: 0, uncountedLogs: 0 });
  });
});
