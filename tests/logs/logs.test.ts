import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { logPhotos, logs } from '../../src/server/db/schema.js';
import {
  logListSchema,
  logSchema,
  logWriteSchema,
  type LogList,
} from '../../src/common/logs/schemas.js';
import { createLog, updateLog } from '../../src/server/features/logs/service.js';
import {
  aLog,
  createLogAs,
  signUp,
  stores,
  testConfig,
  uploadPhotoAs,
  type TestUser,
} from '../support/helpers.js';

describe.each(stores)('logs API on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  const as = (user: TestUser) => ({ cookie: user.cookie });
  /** The user's page of the list for a query string (`?q=…`), answered with 200. */
  const listAs = async (user: TestUser, query: string): Promise<LogList> => {
    const res = await app.inject({ method: 'GET', url: `/api/logs${query}`, headers: as(user) });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  describe('create, read, update, delete', () => {
    it('creates a log with its photos and reads it back', async () => {
      const ada = await signUp(app, 'create');
      const photo = await uploadPhotoAs(app, ada);
      const res = await app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: as(ada),
        payload: aLog({
          speciesCommon: '  European Robin ',
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
        speciesCommon: 'European Robin',
        speciesScientific: 'Erithacus rubecula',
        count: 2,
        observedAt: '2026-05-01T06:30:00.000Z', // no offset: UTC
        placeName: null,
        latitude: null,
        longitude: null,
        description: 'Singing from a hawthorn',
        notes: null,
        isPublic: true, // new logs are public by default
        showExactLocation: false, // shared pages round the point unless the owner allows it
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
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
      });
      expect(log.updatedAt).toBe(log.createdAt);

      const read = await app.inject({
        method: 'GET',
        url: `/api/logs/${log.id}`,
        headers: as(ada),
      });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(log);
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

  describe('validation (SPEC §5)', () => {
    let ada: TestUser;
    beforeAll(async () => {
      ada = await signUp(app, 'validation');
    });

    const long = (n: number) => 'x'.repeat(n);
    it.each([
      ['Species name is required', ['speciesCommon'], { speciesCommon: undefined }],
      ['Species name is required', ['speciesCommon'], { speciesCommon: '' }],
      ['Species name is required', ['speciesCommon'], { speciesCommon: '   ' }],
      [
        'Species name must be at most 200 characters',
        ['speciesCommon'],
        { speciesCommon: long(201) },
      ],
      [
        'Scientific name must be at most 200 characters',
        ['speciesScientific'],
        { speciesScientific: long(201) },
      ],
      ['Count must be at least 1', ['count'], { count: 0 }],
      ['Count must be at least 1', ['count'], { count: -3 }],
      ['Count must be a whole number', ['count'], { count: 1.5 }],
      ['Count must be a number', ['count'], { count: '2' }],
      ['Count must be a number', ['count'], { count: undefined }],
      ['Date and time are required', ['observedAt'], { observedAt: undefined }],
      ['Date and time are required', ['observedAt'], { observedAt: '' }],
      ['Date and time must be valid', ['observedAt'], { observedAt: 'yesterday' }],
      ['Date and time must be valid', ['observedAt'], { observedAt: '2026-02-30T10:00' }],
      ['Place name must be at most 500 characters', ['placeName'], { placeName: long(501) }],
      ['Description must be at most 2000 characters', ['description'], { description: long(2001) }],
      ['Notes must be at most 5000 characters', ['notes'], { notes: long(5001) }],
      ['isPublic must be true or false', ['isPublic'], { isPublic: 'yes' }],
      ['Must be a valid URL', ['photoLinks', 0], { photoLinks: ['not a url'] }],
      [
        'Must be a valid URL',
        ['photoLinks', 1],
        { photoLinks: ['https://ok.example/a.jpg', 'javascript:alert(1)'] },
      ],
      ['Must be a valid URL', ['photoLinks', 0], { photoLinks: ['ftp://files.example/a.jpg'] }],
      [
        'Must be an uploaded photo',
        ['uploadedPhotoUrls', 0],
        { uploadedPhotoUrls: ['/objects/uploads/../../etc/passwd'] },
      ],
      ['Latitude must be between -90 and 90', ['latitude'], { latitude: 91, longitude: 0 }],
      ['Latitude and longitude must be given together', ['longitude'], { latitude: 10 }],
    ])('rejects with %s (case %#)', async (message, path, overrides) => {
      const payload = { ...aLog(), ...overrides } as Record<string, unknown>;
      const res = await app.inject({ method: 'POST', url: '/api/logs', headers: as(ada), payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, issues: [{ path, message }] });
    });

    it('accepts the longest names in characters of three and four bytes', async () => {
      // The list's index holds the common name and both names in lower case (migration 0008):
      // they must fit an index row. A four-byte character counts two towards the limits.
      const longest = await createLogAs(app, ada, {
        speciesCommon: '鳥'.repeat(200),
        speciesScientific: 'Ｒ'.repeat(200),
        placeName: '鳥'.repeat(500),
      });
      const emoji = await createLogAs(app, ada, {
        speciesCommon: '🐦'.repeat(100), // 200 characters as the browser counts them
        speciesScientific: '🐦'.repeat(100),
      });
      const search = async (q: string) =>
        (await listAs(ada, `?q=${encodeURIComponent(q)}`)).items.map((log) => log.id);
      expect(await search('ＲＲ')).toEqual([longest.id]);
      expect(await search('🐦')).toEqual([emoji.id]);
    });

    it('accepts every field at its longest', async () => {
      const log = await createLogAs(app, ada, {
        speciesCommon: long(200),
        speciesScientific: long(200),
        placeName: long(500),
        description: long(2000),
        notes: long(5000),
      });
      expect(log).toMatchObject({ speciesCommon: long(200), notes: long(5000) });
    });

    it('names the first problem and lists them all', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: as(ada),
        payload: { count: 0, observedAt: '2026-05-01T06:30' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Species name is required',
        issues: [
          { path: ['speciesCommon'], message: 'Species name is required' },
          { path: ['count'], message: 'Count must be at least 1' },
        ],
      });
    });

    it('refuses a body that is not JSON', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: { ...as(ada), 'content-type': 'application/json' },
        payload: '{"speciesCommon":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The request body is not valid JSON' });
    });
  });

  describe('filters and paging', () => {
    let ada: TestUser;
    // 23 sightings, one a day from 2026-03-01, newest last; known species, counts and places.
    const species = ['Robin', 'Blackbird', 'Song Thrush', 'Wren', '50% Tern'];
    const places = ['Hyde Park', 'Regent’s Park', 'Kew Gardens'];
    beforeAll(async () => {
      ada = await signUp(app, 'filters');
      for (let day = 1; day <= 23; day++) {
        await createLogAs(app, ada, {
          speciesCommon: species[day % species.length],
          speciesScientific: day % 5 === 1 ? 'Turdus merula' : null,
          count: day,
          observedAt: `2026-03-${String(day).padStart(2, '0')}T12:00`,
          placeName: places[day % places.length],
        });
      }
    });

    const list = (query: string) =>
      app.inject({ method: 'GET', url: `/api/logs${query}`, headers: as(ada) });
    const counts = async (query: string) => {
      const { total, items } = await listAs(ada, query);
      return { total, counts: items.map((log) => log.count) };
    };

    it('pages 20 at a time, newest first', async () => {
      const first = await counts('');
      expect(first.total).toBe(23);
      expect(first.counts).toEqual([
        23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4,
      ]);
      expect(await counts('?page=2')).toEqual({ total: 23, counts: [3, 2, 1] });
      expect(await counts('?page=3')).toEqual({ total: 23, counts: [] });
      expect(await counts('?page=6')).toEqual({ total: 23, counts: [] }); // past the written offsets
      expect(await counts('?q=r&page=2')).toEqual({ total: 23, counts: [3, 2, 1] });
      expect(await counts('?page=5&pageSize=5')).toEqual({ total: 23, counts: [3, 2, 1] });
      expect((await counts('?pageSize=100')).counts).toHaveLength(23);
    });

    it('searches common and scientific names, case-insensitively, with % taken literally', async () => {
      expect(await counts('?q=ROBIN')).toEqual({ total: 4, counts: [20, 15, 10, 5] });
      expect(await counts('?q=merula')).toEqual({ total: 5, counts: [21, 16, 11, 6, 1] });
      expect(await counts('?q=50%25')).toEqual({ total: 4, counts: [19, 14, 9, 4] });
      expect(await counts('?q=%25')).toEqual({ total: 4, counts: [19, 14, 9, 4] });
      expect(await counts('?q=_')).toEqual({ total: 0, counts: [] });
    });

    it('searches accented and Greek letters case-insensitively, page by page', async () => {
      const cy = await signUp(app, 'search-letters');
      for (const [count, speciesCommon] of [
        'Écureuil roux',
        'Robin',
        'ÉCUREUIL',
        'Ωμέγα',
      ].entries()) {
        await createLogAs(app, cy, {
          speciesCommon,
          count: count + 1,
          observedAt: '2026-03-01T12:00',
        });
      }
      const search = async (query: string) => {
        const { total, items } = await listAs(cy, query);
        return { total, species: items.map((log) => log.speciesCommon) };
      };
      expect(await search('?q=%C3%A9cureuil')).toEqual({
        total: 2,
        species: ['ÉCUREUIL', 'Écureuil roux'],
      });
      expect(await search('?q=%C3%A9cureuil&pageSize=1&page=2')).toEqual({
        total: 2,
        species: ['Écureuil roux'],
      });
      expect(await search('?q=%CF%89%CE%BC')).toEqual({ total: 1, species: ['Ωμέγα'] });
    });

    it('searches the names a log has now, spaces around them aside', async () => {
      // the search reads the names' lower-case copies the database keeps (migration 0008)
      const dan = await signUp(app, 'search-edits');
      const made = await createLogAs(app, dan, {
        speciesCommon: 'Wren',
        speciesScientific: 'Troglodytes troglodytes',
      });
      const found = async (q: string) => (await listAs(dan, `?q=${encodeURIComponent(q)}`)).total;
      expect([await found('WREN'), await found('troglo')]).toEqual([1, 1]);
      const edit = await app.inject({
        method: 'PUT',
        url: `/api/logs/${made.id}`,
        headers: as(dan),
        payload: aLog({ speciesCommon: 'Kingfisher', speciesScientific: 'Alcedo atthis' }),
      });
      expect(edit.statusCode).toBe(200);
      expect([await found('wren'), await found('troglo')]).toEqual([0, 0]);
      expect([await found('kingFISHER'), await found('ATTHIS')]).toEqual([1, 1]);
      // a manual fix writes the table directly, with spaces the form would have trimmed
      await app.db
        .update(logs)
        .set({ speciesCommon: '  Barn Owl ', speciesScientific: ' Tyto alba  ' })
        .where(eq(logs.id, made.id));
      expect([await found('barn owl'), await found('TYTO ALBA'), await found('owl')]).toEqual([
        1, 1, 1,
      ]);
      expect([await found('kingfisher'), await found('atthis')]).toEqual([0, 0]);
    });

    it('filters by whole days, inclusive at both ends', async () => {
      expect(await counts('?from=2026-03-20')).toEqual({ total: 4, counts: [23, 22, 21, 20] });
      expect(await counts('?to=2026-03-02')).toEqual({ total: 2, counts: [2, 1] });
      expect(await counts('?from=2026-03-10&to=2026-03-12')).toEqual({
        total: 3,
        counts: [12, 11, 10],
      });
      expect(await counts('?from=2026-03-12&to=2026-03-10')).toEqual({ total: 0, counts: [] });
    });

    it('filters by count and place, and combines filters', async () => {
      expect(await counts('?minCount=21')).toEqual({ total: 3, counts: [23, 22, 21] });
      expect(await counts('?maxCount=2')).toEqual({ total: 2, counts: [2, 1] });
      expect(await counts('?place=kew')).toEqual({
        total: 8,
        counts: [23, 20, 17, 14, 11, 8, 5, 2],
      });
      expect(await counts('?place=park&minCount=10&maxCount=15&q=r')).toEqual({
        total: 4,
        counts: [15, 13, 12, 10],
      });
    });

    it('lists and reads every log exactly as the server writes it', async () => {
      // Reads and creates are JSON the database writes; an edit's reply is the server's (toLog).
      const bea = await signUp(app, 'log-json');
      const tricky = 'Quote " backslash \\ tab \t newline \n emoji 🐦 and </script>';
      const edited = {
        speciesScientific: null,
        placeName: '',
        description: undefined,
        notes: tricky,
        latitude: 51.123456789012,
        longitude: -0.1,
        showExactLocation: true,
        isPublic: false,
        photoLinks: ['https://photos.example/a.jpg', 'https://photos.example/b.jpg'],
      };
      const made = [
        await createLogAs(app, bea, edited),
        await createLogAs(app, bea, { count: 1, latitude: -89.9999999, longitude: 179.5 }),
        // the same instant as the first: the later create lists first
        await createLogAs(app, bea, { speciesCommon: 'Wren', photoLinks: [] }),
      ].map((log) => logSchema.parse(log));
      const [first] = made;
      await app.db
        .update(logPhotos)
        .set({ label: 'Male, «left»' })
        .where(eq(logPhotos.id, first!.photos[0]!.id));
      const edit = await app.inject({
        method: 'PUT',
        url: `/api/logs/${first!.id}`,
        headers: as(bea),
        payload: aLog(edited),
      });
      expect(edit.statusCode).toBe(200);
      made[0] = logSchema.parse(edit.json());
      expect(made[0].photos.map((photo) => photo.label)).toEqual(['Male, «left»', null]);
      const newestFirst = [...made].reverse();

      const res = await app.inject({ method: 'GET', url: '/api/logs', headers: as(bea) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(logListSchema.strict().parse(res.json())).toEqual({ items: newestFirst, total: 3 });
      for (const log of newestFirst) {
        const read = await app.inject({
          method: 'GET',
          url: `/api/logs/${log.id}`,
          headers: as(bea),
        });
        expect(read.statusCode).toBe(200);
        expect(read.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(logSchema.strict().parse(read.json())).toEqual(log);
      }
      expect(newestFirst.map((log) => log.latitude)).toEqual([null, -89.9999999, 51.123456789012]);
      expect(newestFirst[2]!.notes).toBe(tricky);
    });

    it('gzips a long page for a client that takes gzip', async () => {
      const cy = await signUp(app, 'list-gzip');
      for (let i = 0; i < 12; i++) await createLogAs(app, cy, { notes: `${i} `.repeat(900) });
      const res = await app.inject({
        method: 'GET',
        url: '/api/logs',
        headers: { ...as(cy), 'accept-encoding': 'gzip' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      const body = JSON.parse(gunzipSync(res.rawPayload).toString('utf8'));
      expect(body.total).toBe(12);
      expect(body.items).toHaveLength(12);
    });

    it('ignores empty filters', async () => {
      expect((await counts('?q=&from=&to=&minCount=&maxCount=&place=')).total).toBe(23);
    });

    it.each([
      ['?pageSize=0', 'Page size must be at least 1'],
      ['?pageSize=101', 'Page size must be at most 100'],
      ['?page=0', 'Page must be at least 1'],
      ['?page=two', 'Page must be a number'],
      ['?minCount=abc', 'Min count must be a number'],
      ['?maxCount=0', 'Max count must be at least 1'],
      ['?from=2026-13-01', 'From date must be a date (YYYY-MM-DD)'],
      ['?to=01/03/2026', 'To date must be a date (YYYY-MM-DD)'],
      ['?q=a&q=b', 'Invalid input: expected string, received array'],
    ])('answers 400 for %s', async (query, message) => {
      const res = await list(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });
  });

  describe('species and locations', () => {
    it("lists the user's own species once each and places once each, sorted", async () => {
      const ada = await signUp(app, 'catalog');
      await createLogAs(app, ada, {
        speciesCommon: 'robin',
        speciesScientific: null,
        placeName: 'kew',
      });
      await createLogAs(app, ada, {
        speciesCommon: 'Robin',
        speciesScientific: 'Erithacus rubecula',
        placeName: 'Kew',
      });
      await createLogAs(app, ada, {
        speciesCommon: 'Blackbird',
        speciesScientific: null,
        placeName: 'Hyde Park',
      });
      await createLogAs(app, ada, {
        speciesCommon: 'Wren',
        speciesScientific: 'Troglodytes troglodytes',
        placeName: null,
      });
      // two spellings with a scientific name: the one seen last wins
      for (const [speciesCommon, observedAt] of [
        ['Song Thrush', '2026-03-01T08:00'],
        ['song thrush', '2026-01-01T08:00'],
        ['SONG THRUSH', '2026-02-01T08:00'],
      ] as const) {
        await createLogAs(app, ada, {
          speciesCommon,
          speciesScientific: 'Turdus philomelos',
          observedAt,
          placeName: null,
        });
      }

      const species = await app.inject({ method: 'GET', url: '/api/species', headers: as(ada) });
      expect(species.statusCode).toBe(200);
      expect(species.json()).toEqual([
        { common: 'Blackbird', scientific: null },
        { common: 'Robin', scientific: 'Erithacus rubecula' },
        { common: 'Song Thrush', scientific: 'Turdus philomelos' },
        { common: 'Wren', scientific: 'Troglodytes troglodytes' },
      ]);
      const locations = await app.inject({
        method: 'GET',
        url: '/api/locations',
        headers: as(ada),
      });
      expect(locations.json()).toEqual(['Hyde Park', 'kew', 'Kew']);
    });
  });

  describe('ownership', () => {
    let ada: TestUser;
    let bob: TestUser;
    let secret: { id: string };
    let open: { id: string };
    beforeAll(async () => {
      ada = await signUp(app, 'ada');
      bob = await signUp(app, 'bob');
      secret = await createLogAs(app, ada, {
        speciesCommon: 'Secret Owl',
        placeName: 'Ada’s garden',
        isPublic: false,
        photoLinks: ['https://photos.example/owl.jpg'],
      });
      open = await createLogAs(app, ada, { speciesCommon: 'Open Owl', isPublic: true });
    });

    it('gives another user 404 for a log on every owner route, and changes nothing', async () => {
      for (const target of [secret, open]) {
        const url = `/api/logs/${target.id}`;
        const get = await app.inject({ method: 'GET', url, headers: as(bob) });
        const put = await app.inject({
          method: 'PUT',
          url,
          headers: as(bob),
          payload: aLog({ speciesCommon: 'Hacked' }),
        });
        const del = await app.inject({ method: 'DELETE', url, headers: as(bob) });
        for (const res of [get, put, del]) {
          expect(res.statusCode).toBe(404);
          expect(res.json()).toEqual({ message: 'Log not found' });
        }
      }
      const [row] = await app.db.select().from(logs).where(eq(logs.id, secret.id));
      expect(row?.speciesCommon).toBe('Secret Owl');
      expect(
        await app.db.select().from(logPhotos).where(eq(logPhotos.logId, secret.id)),
      ).toHaveLength(1);
    });

    it("never shows one user's logs, species or places to another", async () => {
      await createLogAs(app, bob, { speciesCommon: 'Bob Bird', placeName: 'Bob’s field' });
      for (const url of ['/api/logs', '/api/logs?q=owl', '/api/species', '/api/locations']) {
        const res = await app.inject({ method: 'GET', url, headers: as(bob) });
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain('Owl');
        expect(res.body).not.toContain('Ada’s garden');
        expect(res.body).not.toContain(ada.id);
      }
      const mine = await app.inject({ method: 'GET', url: '/api/logs', headers: as(bob) });
      expect(mine.json().total).toBe(1);
    });

    it('asks for a session on every logs route, before looking at the input', async () => {
      const routes = [
        ['GET', '/api/logs'],
        ['GET', '/api/logs?pageSize=9999'],
        ['POST', '/api/logs'],
        ['GET', `/api/logs/${open.id}`],
        ['PUT', `/api/logs/${open.id}`],
        ['DELETE', `/api/logs/${open.id}`],
        ['GET', '/api/species'],
        ['GET', '/api/locations'],
      ] as const;
      for (const [method, url] of routes) {
        const res = await app.inject({
          method,
          url,
          payload: method === 'POST' || method === 'PUT' ? {} : undefined,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: 'Unauthorized' });
      }
    });
  });

  describe('shared logs', () => {
    it('shows a public log to anyone, without its owner id, and hides private ones', async () => {
      const ada = await signUp(app, 'share');
      const open = await createLogAs(app, ada, {
        isPublic: true,
        photoLinks: ['https://photos.example/x.jpg'],
      });
      const secret = await createLogAs(app, ada, { isPublic: false });

      const res = await app.inject({ method: 'GET', url: `/api/logs/shared/${open.id}` });
      expect(res.statusCode).toBe(200);
      const { userId: _owner, ...expected } = open;
      expect(res.json()).toEqual(expected);
      expect(res.body).not.toContain(ada.id);

      for (const id of [secret.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
        const hidden = await app.inject({ method: 'GET', url: `/api/logs/shared/${id}` });
        expect(hidden.statusCode).toBe(404);
        expect(hidden.json()).toEqual({ message: 'Log not found' });
      }
      // Even its owner gets 404 here: the page shows only what the public would see.
      const own = await app.inject({
        method: 'GET',
        url: `/api/logs/shared/${secret.id}`,
        headers: as(ada),
      });
      expect(own.statusCode).toBe(404);
    });
  });

  describe('create with an Idempotency-Key', () => {
    const create = (user: TestUser, key: string, overrides = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: { ...as(user), 'idempotency-key': key },
        payload: aLog({ photoLinks: ['https://photos.example/k.jpg'], ...overrides }),
      });
    const countOf = async (user: TestUser) =>
      (await app.db.select().from(logs).where(eq(logs.userId, user.id))).length;

    it('makes one log however often the same create is sent', async () => {
      const ada = await signUp(app, 'replay');
      const key = randomUUID();
      const first = await create(ada, key);
      expect(first.statusCode, first.body).toBe(201);
      const again = await create(ada, key);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(first.json()); // photos included
      const together = await Promise.all([create(ada, key), create(ada, key)]);
      expect(together.map((res) => res.statusCode)).toEqual([200, 200]);
      expect(await countOf(ada)).toBe(1);

      expect((await create(ada, randomUUID())).statusCode).toBe(201); // another key, another log
      expect(await countOf(ada)).toBe(2);
    });

    it("keeps each user's keys apart, and refuses a key that is not a UUID", async () => {
      const [ada, bob] = [await signUp(app, 'key-a'), await signUp(app, 'key-b')];
      const key = randomUUID();
      const mine = await create(ada, key, { speciesCommon: 'Private Pipit', isPublic: false });
      const theirs = await create(bob, key);
      expect(theirs.statusCode).toBe(201);
      expect(theirs.json().id).not.toBe(mine.json().id);
      expect(theirs.body).not.toContain('Private Pipit');

      const bad = await create(ada, 'not-a-uuid');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message: 'Idempotency-Key must be a UUID' });
      expect(await countOf(ada)).toBe(1);
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

  it('answers unknown API paths with 404 JSON', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});
