import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { logPhotos, logs } from '../../src/server/db/schema.js';
import { logListSchema, logSchema } from '../../src/common/logs/schemas.js';
import {
  aLog,
  as,
  createLogAs,
  signUp,
  stores,
  testConfig,
  type TestUser,
} from '../support/helpers.js';
import { listAsFor } from './support.js';

describe.each(stores)('logs API on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  const listAs = listAsFor(() => app);

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
      // Reads, creates and edits are all JSON the database writes (log-json.ts), held to the schema.
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
});
