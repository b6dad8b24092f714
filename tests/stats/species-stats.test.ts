import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { logs } from '../../src/server/db/schema.js';
import { upsertTaxa } from '../../src/server/features/taxonomy/taxon-writes.js';
import { nameKey } from '../../src/common/taxonomy.js';
import {
  createLogAs,
  getFor,
  signUp,
  stores,
  testConfig,
  type TestUser,
} from '../support/helpers.js';

// Issue 34: the life list's growth and the species per month and year, on a hand-built data set
// with hand-computed answers; a species counts as the lists count it (issue 32).

const taxon = (id: string, scientificName: string, rank: string, common: string) => ({
  id,
  scientificName,
  rank,
  kingdom: 'Animalia',
  phylum: 'Chordata',
  class: 'Aves',
  order: 'Strigiformes',
  family: 'Tytonidae',
  genus: 'Tyto',
  source: 'test',
  sourceId: id,
  acceptedId: null,
  scientificKey: nameKey(scientificName),
  names: [{ language: 'en', name: common, preferred: true, nameKey: nameKey(common) }],
});

describe.each(stores)('species stats on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let birder: TestUser;
  const get = getFor(() => app);
  const json = async (user: TestUser, url: string) => {
    const res = await get(user, url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    await upsertTaxa(app.db, [
      taxon('test:stats-tyto-alba', 'Tyto alba', 'species', 'Barn Owl'),
      taxon('test:stats-tyto-alba-guttata', 'Tyto alba guttata', 'subspecies', 'Dark Barn Owl'),
    ]);
    birder = await signUp(app, 'lister');
    const log = (
      speciesCommon: string,
      observedAt: string,
      more: { count?: number | null; captive?: boolean; speciesScientific?: string } = {},
    ) =>
      createLogAs(app, birder, {
        speciesCommon,
        observedAt,
        ...more,
        ...(more.count === null && { countKind: 'present' as const }),
      });
    // 2025: a robin twice (two dates), a macaw at the zoo only, a rook as an X
    await log('Robin', '2025-11-03T08:00Z');
    await log('robin', '2025-11-20T08:00Z');
    await log('Scarlet Macaw', '2025-11-05T10:00Z', {
      speciesScientific: 'Ara macao',
      captive: true,
    });
    await log('Rook', '2025-12-31T23:30Z', { count: null }); // 1 January 00:30 in Berlin
    // 2026: a flamingo at the zoo, then in the wild; a dark barn owl (a subspecies), then its
    // species; a duck sp., which counts as no species
    await log('American Flamingo', '2026-01-02T10:00Z', {
      speciesScientific: 'Phoenicopterus ruber',
      captive: true,
    });
    const subspecies = await log('Dark Barn Owl', '2026-01-10T20:00Z');
    const species = await log('Barn Owl', '2026-02-14T20:00Z');
    await log('American Flamingo', '2026-02-20T10:00Z', {
      speciesScientific: 'Phoenicopterus ruber',
    });
    await log('duck sp.', '2026-02-21T10:00Z');
    await log('Robin', '2026-02-22T10:00Z', { count: 50_000 });
    await app.db
      .update(logs)
      .set({ taxonId: 'test:stats-tyto-alba-guttata' })
      .where(eq(logs.id, subspecies.id));
    await app.db
      .update(logs)
      .set({ taxonId: 'test:stats-tyto-alba' })
      .where(eq(logs.id, species.id));
    // someone else's species never count
    const stranger = await signUp(app, 'stranger');
    await createLogAs(app, stranger, { speciesCommon: 'Wren', observedAt: '2025-10-01T08:00Z' });
  });
  afterAll(() => app.close());

  describe('list growth', () => {
    it('adds each species on its first wild log, once', async () => {
      expect(await json(birder, '/api/stats/list-growth')).toEqual([
        { day: '2025-11-03', newSpecies: 1, totalSpecies: 1 }, // the robin; the macaw was captive
        { day: '2025-12-31', newSpecies: 1, totalSpecies: 2 }, // an X counts its species
        { day: '2026-01-10', newSpecies: 1, totalSpecies: 3 }, // the subspecies: a barn owl
        { day: '2026-02-20', newSpecies: 1, totalSpecies: 4 }, // the first wild flamingo
      ]);
      // the list ends with the species the summary counts
      expect(await json(birder, '/api/stats/summary')).toMatchObject({ uniqueSpecies: 4 });
    });

    it('reads days in tz, and grows the list of the range', async () => {
      const berlin = await json(birder, '/api/stats/list-growth?tz=Europe/Berlin');
      expect(berlin[1]).toEqual({ day: '2026-01-01', newSpecies: 1, totalSpecies: 2 });
      expect(await json(birder, '/api/stats/list-growth?from=2026-01-01')).toEqual([
        { day: '2026-01-10', newSpecies: 1, totalSpecies: 1 },
        { day: '2026-02-20', newSpecies: 1, totalSpecies: 2 },
        { day: '2026-02-22', newSpecies: 1, totalSpecies: 3 }, // the robin again, new to this range
      ]);
      expect(await json(birder, '/api/stats/list-growth?to=2025-11-30')).toEqual([
        { day: '2025-11-03', newSpecies: 1, totalSpecies: 1 },
      ]);
    });

    it('is empty for a new account', async () => {
      const newcomer = await signUp(app, 'newcomer');
      expect(await json(newcomer, '/api/stats/list-growth')).toEqual([]);
      expect(await json(newcomer, '/api/stats/species-by-period')).toEqual({
        months: [],
        years: [],
      });
    });
  });

  describe('species per month and year', () => {
    it('counts distinct species per calendar month and per year', async () => {
      expect(await json(birder, '/api/stats/species-by-period')).toEqual({
        months: [
          { periodStart: '2025-11-01', species: 1 }, // the robin twice; the macaw captive
          { periodStart: '2025-12-01', species: 1 }, // the rook's X
          { periodStart: '2026-01-01', species: 1 }, // the owl; the flamingo captive
          { periodStart: '2026-02-01', species: 3 }, // owl, flamingo, robin; not the duck sp.
        ],
        years: [
          { periodStart: '2025-01-01', species: 2 },
          { periodStart: '2026-01-01', species: 3 }, // the owl of January and February once
        ],
      });
    });

    it('follows tz and the range', async () => {
      // the rook's 31 December 23:30Z is 1 January 2026 in Berlin
      expect(await json(birder, '/api/stats/species-by-period?tz=Europe/Berlin')).toEqual({
        months: [
          { periodStart: '2025-11-01', species: 1 },
          { periodStart: '2026-01-01', species: 2 },
          { periodStart: '2026-02-01', species: 3 },
        ],
        years: [
          { periodStart: '2025-01-01', species: 1 },
          { periodStart: '2026-01-01', species: 4 },
        ],
      });
      // far from UTC on both sides, Auckland in its summer time (+13): the rook's is 1 January
      // there too, and the robin's first log of 3 November 08:00Z is 2 November in Honolulu (-10)
      expect(await json(birder, '/api/stats/species-by-period?tz=Pacific/Auckland')).toEqual(
        await json(birder, '/api/stats/species-by-period?tz=Europe/Berlin'),
      );
      const honolulu = await json(birder, '/api/stats/list-growth?tz=Pacific/Honolulu');
      expect(honolulu[0]).toEqual({ day: '2025-11-02', newSpecies: 1, totalSpecies: 1 });
      expect(await json(birder, '/api/stats/species-by-period?from=2026-02-21')).toEqual({
        months: [{ periodStart: '2026-02-01', species: 1 }],
        years: [{ periodStart: '2026-01-01', species: 1 }],
      });
    });
  });

  it.each(['/api/stats/list-growth', '/api/stats/species-by-period'])(
    'needs a signed-in user and a known zone for %s',
    async (url) => {
      expect((await get(undefined, url)).statusCode).toBe(401);
      const res = await get(birder, `${url}?tz=Mars/Olympus`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Unknown time zone' });
    },
  );
});
