import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { logs, outings } from '../../src/server/db/schema.js';
import type { OutingWriteInput } from '../../src/common/outings/schemas.js';
import {
  as,
  createLogAs,
  getFor,
  signUp,
  stores,
  testConfig,
  type TestUser,
} from '../support/helpers.js';

// Outings (issue 22): checklists with their effort, and the logs made on them.

const aMorningWalk = (overrides: Partial<OutingWriteInput> = {}): OutingWriteInput => ({
  startedAt: '2026-05-02T06:10:00+01:00',
  timeZone: 'Europe/London',
  durationMinutes: 95,
  distanceKm: 3.4,
  protocol: 'traveling',
  partySize: 2,
  complete: true,
  placeName: 'Wicken Fen',
  latitude: 52.3106,
  longitude: 0.2923,
  coordinateUncertainty: 250,
  notes: 'Cold start, sun later',
  ...overrides,
});

describe.each(stores)('outings on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let ada: TestUser;
  let bob: TestUser;
  const get = getFor(() => app);
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    ada = await signUp(app, 'ada');
    bob = await signUp(app, 'bob');
  });
  afterAll(() => app.close());

  const send = (
    user: TestUser,
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => app.inject({ method, url, headers: { ...as(user), ...headers }, payload: payload as never });
  const startOuting = async (user: TestUser, overrides: Partial<OutingWriteInput> = {}) => {
    const res = await send(user, 'POST', '/api/outings', aMorningWalk(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string } & Record<string, unknown>;
  };

  it('records an outing with its effort, lists it and changes it', async () => {
    const user = await signUp(app, 'crud');
    const made = await startOuting(user);
    expect(made).toEqual({
      id: expect.any(String),
      startedAt: '2026-05-02T05:10:00.000Z',
      timeZone: 'Europe/London',
      durationMinutes: 95,
      distanceKm: 3.4,
      protocol: 'traveling',
      partySize: 2,
      complete: true,
      placeName: 'Wicken Fen',
      latitude: 52.3106,
      longitude: 0.2923,
      coordinateUncertainty: 250,
      notes: 'Cold start, sun later',
      isPublic: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      county: null,
      stateProvince: null,
      countryCode: null,
      locationId: null,
      sourceUrl: null,
      // issue 35: open by default, as it shows
      locationPrivacy: 'open',
      locationEmbargoUntil: null,
      locationShown: { level: 'open', reason: null },
      species: 0,
      individuals: 0,
      logs: [],
    });
    const older = await startOuting(user, {
      startedAt: '2026-04-30T17:00:00Z',
      protocol: 'stationary',
    });

    const list = await get(user, '/api/outings');
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(2);
    expect(list.json().items.map((o: { id: string }) => o.id)).toEqual([made.id, older.id]);
    expect(list.json().items[0]).not.toHaveProperty('logs');

    const changed = await send(user, 'PUT', `/api/outings/${made.id}`, {
      ...aMorningWalk(),
      durationMinutes: 120,
      complete: false,
      isPublic: true,
      latitude: null,
      longitude: null,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      durationMinutes: 120,
      complete: false,
      isPublic: true,
      latitude: null,
      coordinateUncertainty: null, // no point, no uncertainty
    });
    expect((await get(user, `/api/outings/${made.id}`)).json().durationMinutes).toBe(120);
  });

  it('pages the list, newest first', async () => {
    const user = await signUp(app, 'pages');
    for (const day of ['01', '02', '03'])
      await startOuting(user, { startedAt: `2026-06-${day}T07:00Z` });
    const second = await get(user, '/api/outings?page=2&pageSize=2');
    expect(second.json().total).toBe(3);
    expect(second.json().items.map((o: { startedAt: string }) => o.startedAt)).toEqual([
      '2026-06-01T07:00:00.000Z',
    ]);
  });

  it('lists only the outings of ids, leaving out those of another user', async () => {
    const user = await signUp(app, 'ids');
    const [first, , third] = [
      await startOuting(user, { startedAt: '2026-06-01T07:00Z', placeName: 'First' }),
      await startOuting(user, { startedAt: '2026-06-02T07:00Z' }),
      await startOuting(user, { startedAt: '2026-06-03T07:00Z', placeName: 'Third' }),
    ];
    await createLogAs(app, user, { speciesCommon: 'Wren', outingId: third!.id });
    const others = await startOuting(bob);
    const res = await get(user, `/api/outings?ids=${first!.id},${others.id},${third!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(2);
    expect(
      res.json().items.map((o: { placeName: string; species: number }) => [o.placeName, o.species]),
    ).toEqual([
      ['Third', 1],
      ['First', 0],
    ]);
    const bad = await get(user, `/api/outings?ids=${first!.id},nope`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('ids must be outing ids, separated by commas');
  });

  it.each([
    [{ protocol: 'pelagic' }, 'Protocol must be incidental, stationary, traveling or area'],
    [{ partySize: 0 }, 'Party size must be at least 1'],
    [{ durationMinutes: 12.5 }, 'Duration must be a whole number of minutes'],
    [{ distanceKm: -1 }, 'Distance must be at least 0 km'],
    [{ latitude: 52, longitude: null }, 'Latitude and longitude must be given together'],
    [{ startedAt: '' }, 'Start time is required'],
    [
      { startedAt: '9999-12-31T23:30:00-01:00' },
      'Date and time must be between the years 1 and 9999',
    ],
    [{ timeZone: 'Mars/Olympus' }, 'Unknown time zone'],
  ])('refuses %j: %s', async (overrides, message) => {
    const res = await send(ada, 'POST', '/api/outings', aMorningWalk(overrides as never));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('makes one outing of a create sent twice with one Idempotency-Key', async () => {
    const user = await signUp(app, 'twice');
    const key = randomUUID();
    const first = await send(user, 'POST', '/api/outings', aMorningWalk(), {
      'idempotency-key': key,
    });
    const again = await send(user, 'POST', '/api/outings', aMorningWalk(), {
      'idempotency-key': key,
    });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().id).toBe(first.json().id);
    const rows = await app.db.select().from(outings).where(eq(outings.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it("keeps each user's outings their own: another's is 404 everywhere", async () => {
    const mine = await startOuting(ada);
    for (const res of [
      await get(bob, `/api/outings/${mine.id}`),
      await send(bob, 'PUT', `/api/outings/${mine.id}`, aMorningWalk()),
      await send(bob, 'DELETE', `/api/outings/${mine.id}?withLogs=true`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Outing not found' });
    }
    expect(
      (await get(bob, '/api/outings')).json().items.map((o: { id: string }) => o.id),
    ).not.toContain(mine.id);
    // bob cannot put a log of his on ada's outing, nor move one there
    const joining = await send(bob, 'POST', '/api/logs', {
      speciesCommon: 'Cuckoo',
      count: 1,
      observedAt: '2026-05-02T07:00Z',
      outingId: mine.id,
    });
    expect(joining.statusCode).toBe(404);
    expect(joining.json()).toEqual({ message: 'Outing not found' });
    const bobsLog = await createLogAs(app, bob);
    const moving = await send(bob, 'PUT', `/api/logs/${bobsLog.id}`, {
      speciesCommon: 'Cuckoo',
      count: 1,
      observedAt: '2026-05-02T07:00Z',
      outingId: mine.id,
    });
    expect(moving.statusCode).toBe(404);
    expect((await get(ada, `/api/outings/${mine.id}`)).json().logs).toEqual([]);
    expect((await get(ada, '/api/outings/not-a-uuid')).statusCode).toBe(404);
  });

  it('counts the species and individuals of the logs that join it, and lets them leave', async () => {
    const user = await signUp(app, 'tally');
    const outing = await startOuting(user);
    const wren1 = await createLogAs(app, user, {
      speciesCommon: 'Wren',
      speciesScientific: null,
      count: 3,
      observedAt: '2026-05-02T06:20:00+01:00',
      outingId: outing.id,
    });
    expect(wren1.outingId).toBe(outing.id);
    // a change that says nothing of outings (an older app's edit form) keeps the log on it
    const edited = await send(user, 'PUT', `/api/logs/${wren1.id}`, {
      speciesCommon: 'Wren',
      count: 3,
      observedAt: '2026-05-02T06:20:00+01:00',
      notes: 'Loud',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ outingId: outing.id, notes: 'Loud' });
    await createLogAs(app, user, {
      speciesCommon: ' wren ', // the same species as the lists count it
      speciesScientific: null,
      count: 2,
      observedAt: '2026-05-02T06:40:00+01:00',
      outingId: outing.id,
    });
    const bittern = await createLogAs(app, user, {
      speciesCommon: 'Bittern',
      speciesScientific: null,
      count: 1,
      observedAt: '2026-05-02T06:30:00+01:00',
      outingId: outing.id,
    });
    await createLogAs(app, user, { speciesCommon: 'Not on it' });

    const details = (await get(user, `/api/outings/${outing.id}`)).json();
    expect(details).toMatchObject({ species: 2, individuals: 6 });
    expect(details.logs.map((log: { speciesCommon: string }) => log.speciesCommon)).toEqual([
      'Wren',
      'Bittern',
      'wren', // oldest observed first: the order they were tallied
    ]);
    expect((await get(user, '/api/outings')).json().items[0]).toMatchObject({
      species: 2,
      individuals: 6,
    });

    // the bittern leaves the outing
    const left = await send(user, 'PUT', `/api/logs/${bittern.id}`, {
      speciesCommon: 'Bittern',
      count: 1,
      observedAt: '2026-05-02T06:30:00+01:00',
      outingId: null,
    });
    expect(left.statusCode).toBe(200);
    expect(left.json().outingId).toBeNull();
    expect((await get(user, `/api/outings/${outing.id}`)).json()).toMatchObject({
      species: 1,
      individuals: 5,
    });
  });

  it('deletes an outing keeping its logs detached, or with them', async () => {
    const user = await signUp(app, 'delete');
    const kept = await startOuting(user);
    const keptLog = await createLogAs(app, user, { outingId: kept.id });
    const gone = await startOuting(user);
    const goneLog = await createLogAs(app, user, { outingId: gone.id });

    const unsaid = await send(user, 'DELETE', `/api/outings/${kept.id}`);
    expect(unsaid.statusCode).toBe(400);
    expect(unsaid.json().message).toBe('withLogs must be true or false');

    expect((await send(user, 'DELETE', `/api/outings/${kept.id}?withLogs=false`)).statusCode).toBe(
      204,
    );
    const detached = await get(user, `/api/logs/${keptLog.id}`);
    expect(detached.statusCode).toBe(200);
    expect(detached.json().outingId).toBeNull();

    expect((await send(user, 'DELETE', `/api/outings/${gone.id}?withLogs=true`)).statusCode).toBe(
      204,
    );
    expect((await get(user, `/api/logs/${goneLog.id}`)).statusCode).toBe(404);
    expect(await app.db.select().from(logs).where(eq(logs.id, goneLog.id))).toEqual([]);
    expect((await get(user, `/api/outings/${gone.id}`)).statusCode).toBe(404);
    expect((await send(user, 'DELETE', `/api/outings/${gone.id}?withLogs=true`)).statusCode).toBe(
      404,
    );
  });
});
