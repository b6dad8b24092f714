import { fileURLToPath } from 'node:url';
import exifr from 'exifr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import {
  aLog,
  as,
  phonePhoto,
  signUp,
  stores,
  testConfig,
  uploadPhotoAs,
  type TestUser,
} from '../support/helpers.js';
import {
  createPrivacyLog,
  expectNothingGivenAway,
  inCell,
  nestLog,
  NEST,
  NEST_CELL,
  surfacesOf,
} from './support.js';

const webRoot = fileURLToPath(new URL('../fixtures/web/', import.meta.url));

// Issue 35: an outing's place follows its strictest public log (an open robin beside the nest
// would show the nest), and who sees an obscured place exactly: trusted viewers and reviewers.

describe.each(stores)('location privacy of outings and viewers on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let admin: TestUser;
  const { get } = surfacesOf(() => app);

  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl, webRoot }));
    admin = await signUp(app, 'admin');
    const rule = await app.inject({
      method: 'POST',
      url: '/api/admin/sensitive-taxa',
      headers: as(admin),
      payload: { scientificName: 'Haliaeetus leucocephalus', level: 'obscured' },
    });
    expect(rule.statusCode).toBe(201);
  });
  afterAll(() => app.close());

  async function outingAt(user: TestUser, overrides: Record<string, unknown> = {}) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/outings',
      headers: as(user),
      payload: {
        startedAt: '2026-05-01T06:00',
        ...NEST,
        placeName: "Eagle nest, Smith's farm",
        locationId: 'L123456',
        county: 'Tompkins',
        isPublic: true,
        ...overrides,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; locationShown: unknown; locationPrivacy: string };
  }

  it('obscures a public outing, and every log on it, when one of its logs is sensitive', async () => {
    const ada = await signUp(app, 'outing');
    const outing = await outingAt(ada);
    expect(outing.locationShown).toEqual({ level: 'open', reason: null });
    const robin = await createPrivacyLog(app, ada, {
      speciesCommon: 'American Robin',
      speciesScientific: 'Turdus migratorius',
      outingId: outing.id,
    });
    expect(robin.locationShown).toEqual({ level: 'open', reason: null });
    const eagle = await createPrivacyLog(app, ada, { outingId: outing.id });
    expect(eagle.locationShown).toEqual({ level: 'obscured', reason: 'sensitive' });

    const own = (await get(`/api/outings/${outing.id}`, ada)).json();
    expect(own.locationShown).toEqual({ level: 'obscured', reason: 'sensitive' });
    expect(own.logs.map((log: { locationShown: unknown }) => log.locationShown)).toEqual([
      { level: 'obscured', reason: 'outing' },
      { level: 'obscured', reason: 'sensitive' },
    ]);

    const shared = await get(`/api/outings/shared/${outing.id}`);
    expect(shared.statusCode).toBe(200);
    const body = shared.json();
    expect(body.locationCell).toEqual(NEST_CELL);
    expect(inCell(body, NEST_CELL)).toBe(true);
    for (const log of body.logs) expect(inCell(log, NEST_CELL)).toBe(true);
    const robinPage = await get(`/api/logs/shared/${robin.id}`);
    expect(robinPage.json().locationShown).toEqual({ level: 'obscured', reason: 'outing' });
    const page = await get(`/shared/outings/${outing.id}`);
    const { files } = await surfacesOf(() => app).publicArchive(ada);
    expectNothingGivenAway([
      shared.body,
      page.body,
      robinPage.body,
      (await get(`/shared/${robin.id}`)).body,
      ...Object.values(files),
    ]);
    // the eagle made private by its owner: the outing goes private with it
    await app.inject({
      method: 'PUT',
      url: `/api/logs/${eagle.id}`,
      headers: as(ada),
      payload: aLog({ ...nestLog({ outingId: outing.id }), locationPrivacy: 'private' }),
    });
    const hidden = (await get(`/api/outings/shared/${outing.id}`)).json();
    expect(hidden).toMatchObject({ latitude: null, placeName: null, locationCell: null });
    expect(hidden.locationShown).toEqual({ level: 'private', reason: 'logs' });
  }, 60_000); // two dozen requests and an archive: slow on a loaded box

  it("an outing's own level and embargo, and a private log that no one sees changes nothing", async () => {
    const ada = await signUp(app, 'outing-own');
    const outing = await outingAt(ada, { locationPrivacy: 'private' });
    expect(outing.locationPrivacy).toBe('private');
    const shared = (await get(`/api/outings/shared/${outing.id}`)).json();
    expect(shared).toMatchObject({ latitude: null, longitude: null, placeName: null });
    const later = await outingAt(ada, { locationEmbargoUntil: '2999-01-01' });
    expect(later.locationShown).toEqual({ level: 'private', reason: 'embargo' });
    // a sensitive log kept private (not public) shows nothing, so the outing stays open
    const open = await outingAt(ada);
    await createPrivacyLog(app, ada, { outingId: open.id, isPublic: false });
    expect((await get(`/api/outings/shared/${open.id}`)).json()).toMatchObject({
      latitude: 42.44,
      locationShown: { level: 'open', reason: null },
    });
  });

  it('trusted viewers and reviewers see the exact point of obscured logs, never of private ones', async () => {
    const ada = await signUp(app, 'owner');
    const cy = await signUp(app, 'recorder');
    const bea = await signUp(app, 'stranger');
    const rev = await signUp(app, 'reviewer');
    const obscured = await createPrivacyLog(app, ada);
    const hidden = await createPrivacyLog(app, ada, { locationPrivacy: 'private' });
    const sees = async (viewer: TestUser | undefined, id: string) =>
      (await get(`/api/logs/shared/${id}`, viewer)).json();

    const trust = await app.inject({
      method: 'POST',
      url: '/api/account/trusted-viewers',
      headers: as(ada),
      payload: { email: cy.email.toUpperCase() },
    });
    expect(trust.statusCode, trust.body).toBe(201);
    expect(trust.json()).toMatchObject({ id: cy.id, email: cy.email, name: 'recorder' });
    expect(await sees(cy, obscured.id)).toMatchObject({
      ...NEST,
      placeName: "Eagle nest, Smith's farm",
      locationExact: true,
      locationCell: null,
    });
    expect(await sees(cy, hidden.id)).toMatchObject({ latitude: null, locationExact: false });
    for (const other of [bea, undefined, ada]) {
      const seen = await sees(other, obscured.id);
      expect(inCell(seen, NEST_CELL)).toBe(true);
      expect(seen.locationExact).toBe(false);
    }
    // trusting is the owner's: cy trusts nobody, and ada's list names cy
    expect((await get('/api/account/trusted-viewers', ada)).json().items).toHaveLength(1);
    expect((await get('/api/account/trusted-viewers', cy)).json().items).toEqual([]);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/account/trusted-viewers',
      headers: as(ada),
      payload: { email: 'nobody@example.org' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No account on this server has this email');

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/account/trusted-viewers/${cy.id}`,
      headers: as(ada),
    });
    expect(removed.statusCode).toBe(204);
    expect((await sees(cy, obscured.id)).locationExact).toBe(false);

    // a reviewer, named by an admin, sees everyone's obscured points
    const named = await app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${rev.id}`,
      headers: as(admin),
      payload: { reviewer: true },
    });
    expect(named.json()).toMatchObject({ reviewer: true });
    expect((await get('/api/account', rev)).json()).toMatchObject({ reviewer: true });
    expect(await sees(rev, obscured.id)).toMatchObject({ ...NEST, locationExact: true });
    expect(await sees(rev, hidden.id)).toMatchObject({ latitude: null, locationExact: false });
    const notAdmin = await app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${rev.id}`,
      headers: as(bea),
      payload: { reviewer: true },
    });
    expect(notAdmin.statusCode).toBe(403);
  });

  it("new logs, outings and imports take the account's default; photos carry no position", async () => {
    const ada = await signUp(app, 'defaults');
    const set = await app.inject({
      method: 'PUT',
      url: '/api/account',
      headers: as(ada),
      payload: { locationPrivacy: 'obscured' },
    });
    expect(set.json()).toMatchObject({ locationPrivacy: 'obscured', obscuredPlace: 'region' });
    const photo = await uploadPhotoAs(app, ada, await phonePhoto());
    const log = await createPrivacyLog(app, ada, {
      speciesCommon: 'Song Sparrow',
      speciesScientific: 'Melospiza melodia',
      uploadedPhotoUrls: [photo],
    });
    expect(log.locationPrivacy).toBe('obscured');
    expect((await outingAt(ada)).locationPrivacy).toBe('obscured');
    const imported = await app.inject({
      method: 'POST',
      url: '/api/import',
      headers: { ...as(ada), 'content-type': 'text/csv' },
      payload:
        'Submission ID,Common Name,Scientific Name,Taxonomic Order,Count,State/Province,County,' +
        'Location ID,Location,Latitude,Longitude,Date,Time\n' +
        'S1,Song Sparrow,Melospiza melodia,1,2,US-NY,Tompkins,L123456,Smith farm,42.443617,' +
        '-76.501943,2026-05-01,06:30 AM\n',
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const list = (await get('/api/logs?pageSize=100', ada)).json();
    expect(list.items.map((one: { locationPrivacy: string }) => one.locationPrivacy)).toEqual([
      'obscured',
      'obscured',
    ]);
    // a choice in the payload wins over the default
    const open = await createPrivacyLog(app, ada, {
      speciesCommon: 'Song Sparrow',
      speciesScientific: 'Melospiza melodia',
      locationPrivacy: 'open',
    });
    expect(open.locationPrivacy).toBe('open');
    // the photo others get has no position in it
    const served = await get(photo);
    expect(served.statusCode).toBe(200);
    expect(await exifr.gps(served.rawPayload).catch(() => undefined)).toBeUndefined();
  });
});
