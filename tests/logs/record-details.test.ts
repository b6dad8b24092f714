import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { logs, outings } from '../../src/server/db/schema.js';
import { aLog, as, createLogAs, signUp, stores, testConfig } from '../support/helpers.js';

// Issue 32: what a record brings from its source (place hierarchy, breeding code, captive,
// media, its page) goes through the API; an update that leaves a field out keeps it.

const details = {
  county: 'Boulder',
  stateProvince: 'US-CO',
  countryCode: 'us',
  locationId: 'L123456',
  breedingCode: 'fy',
  captive: true,
  mediaUrls: ['https://macaulaylibrary.org/asset/613192950'],
  sourceUrl: 'https://ebird.org/checklist/S42100001',
};

describe.each(stores)('record details of logs and outings on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  const put = (cookie: { cookie: string }, url: string, payload: object) =>
    app.inject({ method: 'PUT', url, headers: cookie, payload });

  it('keeps them on a log, an update without them keeps them, null clears them', async () => {
    const ada = await signUp(app, 'details');
    const made = await createLogAs(app, ada, details);
    const kept = {
      county: 'Boulder',
      stateProvince: 'US-CO',
      countryCode: 'US',
      locationId: 'L123456',
      breedingCode: 'FY',
      captive: true,
      mediaUrls: ['https://macaulaylibrary.org/asset/613192950'],
      sourceUrl: 'https://ebird.org/checklist/S42100001',
    };
    expect(made).toMatchObject(kept);
    const [row] = await app.db.select().from(logs).where(eq(logs.id, made.id));
    expect(row).toMatchObject(kept);

    const edited = await put(as(ada), `/api/logs/${made.id}`, aLog({ notes: 'edited' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ ...kept, notes: 'edited' });

    const cleared = await put(
      as(ada),
      `/api/logs/${made.id}`,
      aLog({ county: '', countryCode: null, breedingCode: null, captive: false, mediaUrls: [] }),
    );
    expect(cleared.json()).toMatchObject({
      county: null,
      countryCode: null,
      breedingCode: null,
      captive: false,
      mediaUrls: [],
      locationId: 'L123456',
    });

    const plain = await createLogAs(app, ada);
    expect(plain).toMatchObject({
      county: null,
      stateProvince: null,
      countryCode: null,
      locationId: null,
      breedingCode: null,
      captive: false,
      mediaUrls: [],
      sourceUrl: null,
    });
  });

  it.each([
    [{ breedingCode: 'ZZ' }, ['breedingCode'], 'Unknown breeding code'],
    [
      { countryCode: 'USA' },
      ['countryCode'],
      'Country code must be two letters (ISO 3166-1 alpha-2)',
    ],
    [
      { mediaUrls: ['http://example.org/a.jpg'] },
      ['mediaUrls', 0],
      'A media link must be an https link',
    ],
    [
      { mediaUrls: Array.from({ length: 51 }, (_, n) => `https://example.org/${n}.jpg`) },
      ['mediaUrls'],
      'At most 50 media links',
    ],
    [
      { sourceUrl: 'ftp://example.org/x' },
      ['sourceUrl'],
      'Source link must be an http or https link',
    ],
    [{ captive: 'yes' }, ['captive'], 'captive must be true or false'],
    [{ locationId: 'L'.repeat(81) }, ['locationId'], 'Location ID must be at most 80 characters'],
  ])('refuses %j', async (payload, path, message) => {
    const bob = await signUp(app, 'refused');
    const res = await app.inject({
      method: 'POST',
      url: '/api/logs',
      headers: as(bob),
      payload: { ...aLog(), ...payload },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path, message }]);
  });

  it('shows a shared log without its place hierarchy', async () => {
    const cy = await signUp(app, 'shared');
    const made = await createLogAs(app, cy, details);
    const res = await app.inject({ method: 'GET', url: `/api/logs/shared/${made.id}` });
    expect(res.statusCode).toBe(200);
    const shared = res.json();
    for (const hidden of ['county', 'stateProvince', 'countryCode', 'locationId']) {
      expect(shared).not.toHaveProperty(hidden);
    }
    expect(shared).toMatchObject({ breedingCode: 'FY', sourceUrl: details.sourceUrl });
  });

  it('keeps the place hierarchy and source link of an outing', async () => {
    const dee = await signUp(app, 'outing');
    const outing = {
      startedAt: '2024-07-06T06:15',
      timeZone: 'Europe/Berlin',
      county: 'Berlin',
      stateProvince: 'DE-BE',
      countryCode: 'de',
      locationId: 'L2087612',
      sourceUrl: 'https://ebird.org/checklist/S171000001',
    };
    const made = await app.inject({
      method: 'POST',
      url: '/api/outings',
      headers: as(dee),
      payload: outing,
    });
    expect(made.statusCode).toBe(201);
    const kept = { ...outing, startedAt: '2024-07-06T06:15:00.000Z', countryCode: 'DE' };
    expect(made.json()).toMatchObject(kept);
    const id = made.json().id as string;
    const edited = await put(as(dee), `/api/outings/${id}`, {
      startedAt: outing.startedAt,
      timeZone: outing.timeZone,
      notes: 'edited',
    });
    expect(edited.json()).toMatchObject({ ...kept, notes: 'edited' });
    const [row] = await app.db.select().from(outings).where(eq(outings.id, id));
    expect(row).toMatchObject({ locationId: 'L2087612', countryCode: 'DE' });
  });
});
