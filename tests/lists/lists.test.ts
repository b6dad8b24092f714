import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { inArray } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { logs } from '../../src/server/db/schema.js';
import { upsertTaxa, type TaxonInput } from '../../src/server/features/taxonomy/taxon-writes.js';
import { nameKey } from '../../src/common/taxonomy.js';
import type { LogWriteInput } from '../../src/common/logs/schemas.js';
import {
  createLogAs,
  getFor,
  signUp,
  stores,
  testConfig,
  type TestUser,
} from '../support/helpers.js';

// The life, year and place lists (issue 20; docs/decisions/011-lists.md), on hand-built logs.

const taxon = (
  id: string,
  scientificName: string,
  names: Array<[language: string, name: string]>,
): TaxonInput => ({
  id,
  scientificName,
  rank: 'species',
  kingdom: 'Animalia',
  phylum: 'Chordata',
  class: null,
  order: null,
  family: null,
  genus: scientificName.split(' ')[0] ?? null,
  source: 'gbif',
  sourceId: id.replace('gbif:', ''),
  acceptedId: null,
  scientificKey: nameKey(scientificName),
  names: names.map(([language, name]) => ({
    language,
    name,
    preferred: true,
    nameKey: nameKey(name),
  })),
});

const BARN_OWL = 'gbif:2497921';
const RED_FOX = 'gbif:5219243'; // seeded without names: the list shows the user's spelling
// A row's key is its species unit (issue 32): the binomial, else the common name
const OWL_UNIT = 'sci:tyto alba';
const FOX_UNIT = 'sci:vulpes vulpes';

describe.each(stores)('species lists on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  const get = getFor(() => app);
  let lister: TestUser;
  const ids: Record<string, string> = {};

  /** Creates the log, then links it to `taxonId` (or unlinks it) in the database. */
  async function logAs(
    user: TestUser,
    name: string,
    log: Partial<LogWriteInput>,
    taxonId: string | null = null,
  ) {
    const { id } = await createLogAs(app, user, {
      speciesScientific: null,
      placeName: null,
      ...log,
    });
    await app.db
      .update(logs)
      .set({ taxonId })
      .where(inArray(logs.id, [id]));
    ids[name] = id;
    return id;
  }

  const json = async (user: TestUser, url: string, headers: Record<string, string> = {}) => {
    const res = await get(user, url, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      items: Array<Record<string, unknown> & { key: string; commonName: string }>;
      total: number;
    };
  };
  const names = async (user: TestUser, url: string) =>
    (await json(user, url)).items.map((item) => item.commonName);

  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    await upsertTaxa(app.db, [
      taxon(BARN_OWL, 'Tyto alba', [
        ['en', 'Barn Owl'],
        ['de', 'Schleiereule'],
      ]),
      taxon(RED_FOX, 'Vulpes vulpes', []),
    ]);
    lister = await signUp(app, 'lister');
    // one taxon, three spellings: one row
    await logAs(
      lister,
      'owl1',
      {
        speciesCommon: 'barn owl',
        observedAt: '2025-03-02T20:00Z',
        count: 1,
        placeName: 'Hyde Park',
      },
      BARN_OWL,
    );
    await logAs(
      lister,
      'owl2',
      { speciesCommon: 'Barn Owl', observedAt: '2025-06-01T21:00Z', count: 2 },
      BARN_OWL,
    );
    await logAs(
      lister,
      'owl3',
      { speciesCommon: 'Tyto alba', observedAt: '2025-08-15T22:00Z', count: 3 },
      BARN_OWL,
    );
    // free text without a scientific name: the trimmed name, case aside
    await logAs(lister, 'robin1', {
      speciesCommon: 'Robin',
      observedAt: '2025-02-01T09:00Z',
      count: 4,
      placeName: ' hyde park ',
    });
    await logAs(lister, 'robin2', {
      speciesCommon: 'robin ',
      observedAt: '2025-04-01T09:00Z',
      count: 1,
    });
    await logAs(lister, 'robin3', {
      speciesCommon: 'robin',
      observedAt: '2025-05-01T09:00Z',
      count: 1,
      placeName: 'Hyde Park Corner',
    });
    // linked to a taxon without names: the user's spelling, the taxon's scientific name
    await logAs(
      lister,
      'fox',
      { speciesCommon: 'Red fox', observedAt: '2025-01-20T23:00Z', count: 1 },
      RED_FOX,
    );
    // someone else's logs never show
    const stranger = await signUp(app, 'stranger');
    await logAs(
      stranger,
      'strangerOwl',
      { speciesCommon: 'Barn Owl', observedAt: '2020-01-01T12:00Z', placeName: 'Hyde Park' },
      BARN_OWL,
    );
    await logAs(stranger, 'strangerWren', {
      speciesCommon: 'Wren',
      observedAt: '2025-01-01T12:00Z',
      placeName: 'Hyde Park',
    });
  });
  afterAll(() => app.close());

  describe('life list', () => {
    it('merges spellings linked to one taxon into one row named by the taxon', async () => {
      const list = await json(lister, '/api/lists?kind=life');
      expect(list.total).toBe(3);
      const owl = list.items.find((item) => item.key === OWL_UNIT);
      expect(owl).toEqual({
        key: OWL_UNIT,
        countsAsSpecies: true,
        taxonId: BARN_OWL,
        commonName: 'Barn Owl',
        scientificName: 'Tyto alba',
        firstObservedAt: '2025-03-02T20:00:00.000Z',
        firstLogId: ids.owl1,
        firstTimeZone: null,
        firstTimeKnown: true,
        lastObservedAt: '2025-08-15T22:00:00.000Z',
        logs: 3,
        individuals: 6,
      });
    });

    it('groups free-text names case-insensitively, in their most used spelling', async () => {
      const { items } = await json(lister, '/api/lists');
      expect(items.find((item) => item.key === 'name:robin')).toEqual({
        key: 'name:robin',
        countsAsSpecies: true,
        taxonId: null,
        commonName: 'robin', // 'robin' twice (one with a trailing space), 'Robin' once
        scientificName: null,
        firstObservedAt: '2025-02-01T09:00:00.000Z',
        firstLogId: ids.robin1,
        firstTimeZone: null,
        firstTimeKnown: true,
        lastObservedAt: '2025-05-01T09:00:00.000Z',
        logs: 3,
        individuals: 6,
      });
      expect(items.find((item) => item.key === FOX_UNIT)).toMatchObject({
        commonName: 'Red fox',
        scientificName: 'Vulpes vulpes',
      });
    });

    it('sorts by first seen (default), name or count', async () => {
      expect(await names(lister, '/api/lists')).toEqual(['Red fox', 'robin', 'Barn Owl']);
      expect(await names(lister, '/api/lists?sort=first')).toEqual([
        'Red fox',
        'robin',
        'Barn Owl',
      ]);
      expect(await names(lister, '/api/lists?sort=name')).toEqual(['Barn Owl', 'Red fox', 'robin']);
      // 6 individuals in 3 logs each: by name
      expect(await names(lister, '/api/lists?sort=count')).toEqual([
        'Barn Owl',
        'robin',
        'Red fox',
      ]);
    });

    it("names taxa in the reader's language when the backbone has it", async () => {
      const { items } = await json(lister, '/api/lists', { 'accept-language': 'de-CH,de;q=0.9' });
      expect(items.map((item) => item.commonName)).toEqual(['Red fox', 'robin', 'Schleiereule']);
      const french = await json(lister, '/api/lists', { 'accept-language': 'fr' });
      expect(french.items.at(-1)?.commonName).toBe('Barn Owl');
    });

    it('is empty for a new account', async () => {
      const newcomer = await signUp(app, 'newcomer');
      expect(await json(newcomer, '/api/lists')).toEqual({ items: [], total: 0, otherTaxa: 0 });
    });
  });

  describe('year list', () => {
    let traveller: TestUser;
    beforeAll(async () => {
      traveller = await signUp(app, 'traveller');
      // 31 Dec 2024, 23:30 in Los Angeles is already 2025 in UTC: a 2024 sighting
      await logAs(traveller, 'la', {
        speciesCommon: 'Anna’s Hummingbird',
        observedAt: '2025-01-01T07:30Z',
        timeZone: 'America/Los_Angeles',
      });
      // 1 Jan 2025, 00:30 in Berlin is still 2024 in UTC: a 2025 sighting
      await logAs(traveller, 'berlin', {
        speciesCommon: 'Hooded Crow',
        observedAt: '2024-12-31T23:30Z',
        timeZone: 'Europe/Berlin',
      });
      // no zone of its own: the calendar of the request's tz (UTC by default)
      await logAs(traveller, 'unzoned', {
        speciesCommon: 'Magpie',
        observedAt: '2024-12-31T23:30Z',
      });
      // date-only without a zone: stored at noon UTC of its day, whatever tz says
      await logAs(traveller, 'dateOnly', {
        speciesCommon: 'Jay',
        observedAt: '2024-12-31T12:00Z',
        timeKnown: false,
      });
    });

    it("counts a log in the year of its own place's calendar", async () => {
      expect(await names(traveller, '/api/lists?kind=year&year=2024')).toEqual([
        'Jay',
        'Magpie',
        'Anna’s Hummingbird',
      ]);
      expect(await names(traveller, '/api/lists?kind=year&year=2025')).toEqual(['Hooded Crow']);
      const hummingbird = (await json(traveller, '/api/lists?kind=year&year=2024')).items[2];
      expect(hummingbird).toMatchObject({
        firstObservedAt: '2025-01-01T07:30:00.000Z',
        firstLogId: ids.la,
        firstTimeZone: 'America/Los_Angeles',
      });
    });

    it('reads logs without a zone in tz, date-only ones on their own date', async () => {
      expect(await names(traveller, '/api/lists?kind=year&year=2024&tz=Europe/Berlin')).toEqual([
        'Jay',
        'Anna’s Hummingbird',
      ]);
      expect(await names(traveller, '/api/lists?kind=year&year=2025&tz=Europe/Berlin')).toEqual([
        'Hooded Crow', // seen at the same instant as the magpie: by name
        'Magpie',
      ]);
      expect(await json(traveller, '/api/lists?kind=year&year=2023')).toEqual({
        items: [],
        total: 0,
        otherTaxa: 0,
      });
    });

    it('keeps logs of the year only, with their own counts', async () => {
      const year = await json(lister, '/api/lists?kind=year&year=2025');
      expect(year.total).toBe(3);
      expect(await json(lister, '/api/lists?kind=year&year=2024')).toEqual({
        items: [],
        total: 0,
        otherTaxa: 0,
      });
    });
  });

  describe('place list', () => {
    it('holds the logs whose place name is the place, case and outer spaces aside', async () => {
      const list = await json(lister, '/api/lists?kind=place&place=HYDE%20PARK%20');
      expect(list.items).toMatchObject([
        { commonName: 'Robin', firstLogId: ids.robin1, logs: 1, individuals: 4 },
        { commonName: 'Barn Owl', logs: 1, individuals: 1 },
      ]);
      // spelled 'barn owl' there, but it is the taxon's row
      expect(list.items[1]).toMatchObject({ key: OWL_UNIT, scientificName: 'Tyto alba' });
    });

    it('is empty for a place without logs', async () => {
      expect(await json(lister, '/api/lists?kind=place&place=Kew')).toEqual({
        items: [],
        total: 0,
        otherTaxa: 0,
      });
    });
  });

  describe('CSV download', () => {
    it('answers the list as an RFC 4180 file, named by its kind', async () => {
      const res = await get(lister, '/api/lists.csv?kind=life&sort=name');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="life-list.csv"');
      expect(res.body.includes('\r\n')).toBe(true);
      expect(parse(res.body, { bom: true })).toEqual([
        [
          'common_name',
          'scientific_name',
          'taxon_id',
          'first_observed_at',
          'last_observed_at',
          'logs',
          'individuals',
          'first_log_id',
        ],
        [
          'Barn Owl',
          'Tyto alba',
          BARN_OWL,
          '2025-03-02T20:00:00.000Z',
          '2025-08-15T22:00:00.000Z',
          '3',
          '6',
          ids.owl1,
        ],
        [
          'Red fox',
          'Vulpes vulpes',
          RED_FOX,
          '2025-01-20T23:00:00.000Z',
          '2025-01-20T23:00:00.000Z',
          '1',
          '1',
          ids.fox,
        ],
        [
          'robin',
          '',
          '',
          '2025-02-01T09:00:00.000Z',
          '2025-05-01T09:00:00.000Z',
          '3',
          '6',
          ids.robin1,
        ],
      ]);
      const year = await get(lister, '/api/lists.csv?kind=year&year=2025');
      expect(year.headers['content-disposition']).toBe('attachment; filename="year-list-2025.csv"');
    });

    it('keeps a spreadsheet from running a name as a formula', async () => {
      const prankster = await signUp(app, 'prankster');
      await logAs(prankster, 'formula', {
        speciesCommon: '=HYPERLINK("http://evil.example","Owl")',
        speciesScientific: '+cmd, "x"',
      });
      const res = await get(prankster, '/api/lists.csv');
      const [, row] = parse(res.body, { bom: true }) as string[][];
      expect(row?.slice(0, 2)).toEqual([
        '\'=HYPERLINK("http://evil.example","Owl")',
        '\'+cmd, "x"',
      ]);
    });

    it('has its header alone for an empty list', async () => {
      const newcomer = await signUp(app, 'newcomer');
      const res = await get(newcomer, '/api/lists.csv?kind=place&place=Nowhere');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="place-list.csv"');
      expect(parse(res.body, { bom: true })).toHaveLength(1);
    });
  });

  describe('refusals', () => {
    it.each([
      ['/api/lists?kind=year', 'year', 'A year list needs a year'],
      ['/api/lists.csv?kind=year&year=', 'year', 'A year list needs a year'],
      ['/api/lists?kind=year&year=twenty', 'year', 'Year must be a year (YYYY)'],
      ['/api/lists?kind=year&year=2024.5', 'year', 'Year must be a year (YYYY)'],
      ['/api/lists?kind=year&year=99', 'year', 'Year must be a year (YYYY)'],
      ['/api/lists?kind=place', 'place', 'A place list needs a place'],
      ['/api/lists?kind=place&place=%20%20', 'place', 'A place list needs a place'],
      ['/api/lists.csv?kind=place', 'place', 'A place list needs a place'],
      ['/api/lists?kind=county', 'kind', 'Kind must be life, year or place'],
      ['/api/lists?sort=date', 'sort', 'Sort must be first, name or count'],
      ['/api/lists?kind=year&year=2024&tz=Mars/Olympus', 'tz', 'Unknown time zone'],
    ])('refuses %s', async (url, path, message) => {
      const res = await get(lister, url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, issues: [{ path: [path], message }] });
    });

    it.each(['/api/lists', '/api/lists.csv', '/api/lists?kind=year'])(
      'needs a signed-in user for %s',
      async (url) => {
        const res = await get(undefined, url);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Unauthorized' });
      },
    );
  });
});
