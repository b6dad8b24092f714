import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { logPhotos, logs } from '../../src/server/db/schema.js';
import { logWriteSchema } from '../../src/common/logs/schemas.js';
import { createLog, updateLog } from '../../src/server/features/logs/service.js';
import {
  aLog,
  as,
  createLogAs,
  signUp,
  stores,
  testConfig,
  uploadPhotoAs,
} from '../support/helpers.js';

describe.each(stores)('logs API on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  describe('create, read, update, delete', () => {
    it('creates a log with its photos and reads it back', async () => {
      const ada = await signUp(app, 'create');
      const photo = await uploadPhotoAs(app, ada);
      const res = await app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: as(ada),
        payload: aLog({
          speciesCommon: '  Jubjub Bird ',
          speciesScientific: 'Jubjubus frumiosus', // in no backbone: free text
          placeName: '',
          notes: undefined,
          isPublic: undefined,
          photoLinks: ['https://photos.example/robin.jpg', 'http://photos.example/2.png'],
          uploadedPhotoUrls: [photo],
        }),
      });
      expect(res.statusCode).toBe(201);
      const log = res.json();
      expect(log).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        userId: ada.id,
        speciesCommon: 'Jubjub Bird',
        speciesScientific: 'Jubjubus frumiosus',
        taxon: null,
        count: 2,
        countKind: 'counted',
        observedAt: '2026-05-01T06:30:00.000Z', // no offset: UTC
        timeZone: null,
        timeKnown: true,
        placeName: null,
        latitude: null,
        longitude: null,
        coordinateUncertainty: null,
        description: 'Singing from a hawthorn',
        notes: null,
        isPublic: true, // new logs are public by default
        showExactLocation: false, // shared pages round the point unless the owner allows it
        // issue 35: the account's default level (open), no embargo, shown as it is
        locationPrivacy: 'open',
        locationEmbargoUntil: null,
        locationShown: { level: 'open', reason: null },
        unusual: null,
        review: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        lifer: true, // Ada's first Jubjub Bird
        firstOfSpecies: true, // and, observed first, the one her life list shows
        outingId: null,
        photos: [
          {
            id: expect.any(String),
            url: 'https://photos.example/robin.jpg',
            sourceType: 'external',
            label: null,
          },
          {
            id: expect.any(String),
            url: 'http://photos.example/2.png',
            sourceType: 'external',
            label: null,
          },
          {
            id: expect.any(String),
            url: photo,
            sourceType: 'uploaded',
            label: null,
          },
        ],
        recordings: [], // issue 37
        // what an import brings from the source record (issue 32): nothing here
        county: null,
        stateProvince: null,
        countryCode: null,
        locationId: null,
        breedingCode: null,
        captive: false,
        mediaUrls: [],
        sourceUrl: null,
      });
      expect(log.updatedAt).toBe(log.createdAt);

      const read = await app.inject({
        method: 'GET',
        url: `/api/logs/${log.id}`,
        headers: as(ada),
      });
      expect(read.statusCode).toBe(200);
      const { lifer: _lifer, ...stored } = log; // only a create's reply says it
      expect(read.json()).toEqual(stored);
    });

    it('reads an offset as given and stores the instant in UTC', async () => {
      const ada = await signUp(app, 'offset');
      const log = await createLogAs(app, ada, {
        observedAt: '2026-05-01T23:30:00+02:00',
        latitude: 51.5073,
        longitude: -0.1657,
      });
      expect(log).toMatchObject({
        observedAt: '2026-05-01T21:30:00.000Z',
        latitude: 51.5073,
        longitude: -0.1657,
      });
    });

    it('replaces a log and its photos on update, keeping visibility unless given', async () => {
      const ada = await signUp(app, 'update');
      const log = await createLogAs(app, ada, {
        isPublic: false,
        photoLinks: ['https://photos.example/old.jpg'],
      });
      const fresh = await uploadPhotoAs(app, ada);
      await new Promise((resolve) => setTimeout(resolve, 5)); // updatedAt must move on

      const res = await app.inject({
        method: 'PUT',
        url: `/api/logs/${log.id}`,
        headers: as(ada),
        payload: aLog({
          speciesCommon: 'Blackbird',
          speciesScientific: null,
          count: 5,
          isPublic: undefined,
          photoLinks: ['https://photos.example/new.jpg'],
          uploadedPhotoUrls: [fresh],
        }),
      });
      expect(res.statusCode).toBe(200);
      const updated = res.json();
      expect(updated).toMatchObject({
        id: log.id,
        speciesCommon: 'Blackbird',
        speciesScientific: null,
        count: 5,
        isPublic: false,
        createdAt: log.createdAt,
      });
      expect(updated.photos.map((p: { url: string }) => p.url)).toEqual([
        'https://photos.example/new.jpg',
        fresh,
      ]);
      expect(updated.updatedAt).not.toBe(updated.createdAt);

      const shared = await app.inject({
        method: 'PUT',
        url: `/api/logs/${log.id}`,
        headers: as(ada),
        payload: aLog({ speciesCommon: 'Blackbird', isPublic: true }),
      });
      expect(shared.json()).toMatchObject({ isPublic: true, photos: [] });
      const rows = await app.db.select().from(logPhotos).where(eq(logPhotos.logId, log.id));
      expect(rows).toEqual([]);
    });

    it('keeps the label of a photo an edit keeps', async () => {
      // The write payload has no labels; they come with data written otherwise (a restore).
      const ada = await signUp(app, 'labels');
      const links = ['https://photos.example/kept.jpg', 'https://photos.example/dropped.jpg'];
      const log = await createLogAs(app, ada, { photoLinks: links });
      await app.db
        .update(logPhotos)
        .set({ label: sql`'Label of ' || ${logPhotos.url}` })
        .where(eq(logPhotos.logId, log.id));

      const res = await app.inject({
        method: 'PUT',
        url: `/api/logs/${log.id}`,
        headers: as(ada),
        payload: aLog({ photoLinks: ['https://photos.example/new.jpg', links[0]!] }),
      });
      expect(res.statusCode).toBe(200);
      const labels = (photos: Array<{ url: string; label: string | null }>) =>
        photos.map(({ url, label }) => [url, label]);
      const expected = [
        ['https://photos.example/new.jpg', null],
        [links[0], `Label of ${links[0]}`],
      ];
      expect(labels(res.json().photos)).toEqual(expected);
      const read = await app.inject({
        method: 'GET',
        url: `/api/logs/${log.id}`,
        headers: as(ada),
      });
      expect(labels(read.json().photos)).toEqual(expected);
    });

    it('deletes a log together with its photos', async () => {
      const ada = await signUp(app, 'delete');
      const log = await createLogAs(app, ada, {
        photoLinks: ['https://photos.example/a.jpg'],
        uploadedPhotoUrls: [await uploadPhotoAs(app, ada)],
      });
      expect(await app.db.select().from(logPhotos).where(eq(logPhotos.logId, log.id))).toHaveLength(
        2,
      );

      const res = await app.inject({
        method: 'DELETE',
        url: `/api/logs/${log.id}`,
        headers: as(ada),
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(await app.db.select().from(logPhotos).where(eq(logPhotos.logId, log.id))).toEqual([]);
      const again = await app.inject({
        method: 'GET',
        url: `/api/logs/${log.id}`,
        headers: as(ada),
      });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: 'Log not found' });
      const twice = await app.inject({
        method: 'DELETE',
        url: `/api/logs/${log.id}`,
        headers: as(ada),
      });
      expect(twice.statusCode).toBe(404);
    });

    it('answers 404 for an id that is not a log id', async () => {
      const ada = await signUp(app, 'badid');
      for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000', "1' OR '1'='1"]) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/logs/${encodeURIComponent(id)}`,
          headers: as(ada),
        });
        expect(res.statusCode).toBe(404);
      }
    });
  });

  describe('transactions', () => {
    // A photo link longer than the database allows passes no schema; the service is called
    // directly so the second insert fails after the first succeeded.
    const tooLong = `https://photos.example/${'a'.repeat(3000)}`;

    it('leaves nothing behind when a create fails halfway', async () => {
      const ada = await signUp(app, 'atomic');
      const payload = logWriteSchema.parse(aLog({ speciesCommon: 'Half-written Heron' }));
      await expect(
        createLog(app.db, ada.id, { ...payload, photoLinks: [tooLong] }, randomUUID()),
      ).rejects.toThrow();
      const rows = await app.db.select().from(logs).where(eq(logs.userId, ada.id));
      expect(rows).toEqual([]);
    });

    it('keeps the old log and photos when an update fails halfway', async () => {
      const ada = await signUp(app, 'atomic-update');
      const log = await createLogAs(app, ada, {
        speciesCommon: 'Steady Stork',
        photoLinks: ['https://photos.example/1.jpg'],
      });
      const payload = logWriteSchema.parse(aLog({ speciesCommon: 'Changed Crane' }));
      await expect(
        updateLog(app.db, ada.id, log.id, { ...payload, photoLinks: [tooLong] }),
      ).rejects.toThrow();
      const [row] = await app.db.select().from(logs).where(eq(logs.id, log.id));
      expect(row?.speciesCommon).toBe('Steady Stork');
      const photos = await app.db
        .select()
        .from(logPhotos)
        .where(inArray(logPhotos.logId, [log.id]));
      expect(photos.map((p) => p.url)).toEqual(['https://photos.example/1.jpg']);
    });
  });
});
