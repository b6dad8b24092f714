import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { logs } from '../../src/server/db/schema.js';
import { aLog, as, createLogAs, getFor, signUp, stores, testConfig } from '../support/helpers.js';

// A log keeps the zone of its place, whether its time of day is known, and how exact its point
// is (issue 24): the instant stays UTC, the rest is what shows the time as it was there.
describe.each(stores)('place, time and accuracy on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());
  const get = getFor(() => app);

  it('keeps the zone, the date-only flag and the uncertainty, and reads them back', async () => {
    const ada = await signUp(app, 'place-time');
    const created = await createLogAs(app, ada, {
      observedAt: '2024-01-06T10:40:00-07:00',
      timeZone: 'America/Denver',
      latitude: 39.74,
      longitude: -104.99,
      coordinateUncertainty: 25,
    });
    expect(created).toMatchObject({
      observedAt: '2024-01-06T17:40:00.000Z',
      timeZone: 'America/Denver',
      timeKnown: true,
      coordinateUncertainty: 25,
    });
    const read = await get(ada, `/api/logs/${created.id}`);
    expect(read.json()).toMatchObject({ timeZone: 'America/Denver', coordinateUncertainty: 25 });

    const dateOnly = await createLogAs(app, ada, {
      observedAt: '2024-07-06T12:00:00+02:00',
      timeZone: 'Europe/Berlin',
      timeKnown: false,
    });
    const [row] = await app.db.select().from(logs).where(eq(logs.id, dateOnly.id));
    expect(row).toMatchObject({ timeZone: 'Europe/Berlin', timeKnown: false });
    expect(row!.observedAt.toISOString()).toBe('2024-07-06T10:00:00.000Z');
  });

  it('stores a zone link under its canonical name and no uncertainty without a point', async () => {
    const ada = await signUp(app, 'place-time-link');
    const res = await app.inject({
      method: 'POST',
      url: '/api/logs',
      headers: as(ada),
      payload: aLog({ timeZone: 'US/Mountain', coordinateUncertainty: 40 }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      timeZone: 'America/Denver',
      latitude: null,
      coordinateUncertainty: null,
    });
  });

  it('keeps the fields on an update and clears them when sent empty', async () => {
    const ada = await signUp(app, 'place-time-update');
    const created = await createLogAs(app, ada, { timeZone: 'Europe/Paris' });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/logs/${created.id}`,
      headers: as(ada),
      payload: aLog({ timeZone: '', latitude: 1, longitude: 2, coordinateUncertainty: 5000 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      timeZone: null,
      timeKnown: true,
      coordinateUncertainty: 5000,
    });
  });
});
