import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { seedBackbone } from '../../src/server/features/taxonomy/index.js';
import { getFor, signUp, stores, testConfig, type TestUser } from '../support/helpers.js';

// The species backbone a new instance starts with (issue 20): the common-species package and
// the birds (issue 33), loaded once, searched by GET /api/taxa.
describe.each(stores)('the species backbone on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let ada: TestUser;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    await seedBackbone(app.db);
    ada = await signUp(app, 'taxa');
  }, 300_000);
  afterAll(() => app.close());
  const get = getFor(() => app);
  const search = async (q: string, headers: Record<string, string> = {}) => {
    const res = await get(ada, `/api/taxa?q=${q.replace(/[ %'#]/g, encodeURIComponent)}`, headers);
    expect(res.statusCode).toBe(200);
    return res.json() as Array<{ id: string; scientificName: string; commonName: string | null }>;
  };

  const count = async (where: ReturnType<typeof sql>) => {
    const result = await app.db.execute(sql`SELECT count(*)::int AS n FROM taxa t WHERE ${where}`);
    return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
  };

  it("holds the package's species and eBird's birds, with their English names", async () => {
    const fromPackage = await count(sql`source = 'common-species' AND id LIKE 'gbif:%'`);
    expect(fromPackage).toBeGreaterThan(79_000); // 80,149 rows, a few hundred listed twice
    expect(fromPackage).toBeLessThanOrEqual(80_149);
    expect(await count(sql`source = 'ebird' AND rank = 'species' AND accepted_id IS NULL`)).toBe(
      11_167, // eBird/Clements v2025
    );
    for (const [q, id, scientificName, commonName, group] of [
      ['Turdus merula', 'ebird:eurbla', 'Turdus merula', 'Eurasian Blackbird', 'bird'],
      ['Vulpes vulpes', 'gbif:5219243', 'Vulpes vulpes', 'Red Fox', 'mammal'],
      ['Tyto alba', 'ebird:webowl1', 'Tyto alba', 'Western Barn Owl', 'bird'],
    ]) {
      // on a shared PostgreSQL, other files load checklists (the first GBIF-based taxon then)
      const first = (await search(q!)).find((taxon) => !taxon.id.startsWith('inaturalist:'));
      expect(first).toEqual({
        id,
        scientificName,
        commonName,
        rank: 'species',
        kingdom: 'Animalia',
        group,
      });
    }
  });

  it('holds the genus, family, order, class, phylum and kingdom of every species', async () => {
    // a name is one taxon in a kingdom: the genus Parachela is the order's taxon
    for (const rank of ['genus', 'family', 'order', 'class', 'phylum', 'kingdom'] as const) {
      const column = sql.raw(`s."${rank}"`);
      const missing = await count(sql`t.rank IN ('species', 'subspecies') AND t.accepted_id IS NULL
        AND EXISTS (SELECT 1 FROM taxa s WHERE s.id = t.id AND ${column} IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM taxa h WHERE h.rank NOT IN ('species', 'subspecies')
            AND h.scientific_key = lower(${column}) AND lower(h.kingdom) = lower(s.kingdom)))`);
      expect({ rank, missing }).toEqual({ rank, missing: 0 });
    }
    for (const [q, id, rank] of [
      ['Fraxinus', 'seed:Plantae/genus/Fraxinus', 'genus'],
      ['Fagaceae', 'seed:Plantae/family/Fagaceae', 'family'],
      ['Aves', 'seed:Animalia/class/Aves', 'class'],
      ['Fungi', 'seed:Fungi/kingdom/Fungi', 'kingdom'],
      ['Turdus', 'ebird:genus/Turdus', 'genus'], // eBird's genus, not the seed's
    ] as const) {
      expect((await search(q))[0]).toMatchObject({ id, scientificName: q, rank });
    }
  });

  it('loads once: a second start writes nothing', async () => {
    expect(await seedBackbone(app.db)).toBe(0);
  });

  it('keeps one taxon a scientific name in a kingdom', async () => {
    const robins = await search('Turdus migratorius');
    expect(robins.filter((taxon) => taxon.scientificName === 'Turdus migratorius')).toEqual([
      expect.objectContaining({ id: 'ebird:amerob', commonName: 'American Robin' }),
    ]);
    // the package's Downy Woodpecker in two genera (issue 33)
    for (const q of ['Dendrocopos pubescens', 'Picoides pubescens', 'downy woodpecker']) {
      expect((await search(q))[0]).toMatchObject({ id: 'ebird:dowwoo' });
    }
    // the package lists a ray twice, in two families
    const rays = await search('Platyrhina sinensis');
    expect(rays.filter((taxon) => taxon.scientificName === 'Platyrhina sinensis')).toHaveLength(1);
    const duplicates = sql`EXISTS (SELECT 1 FROM taxa d
      WHERE d.scientific_key = t.scientific_key AND d.id <> t.id AND d.accepted_id IS NULL
        AND lower(d.kingdom) = lower(t.kingdom))`;
    expect(await count(sql`t.accepted_id IS NULL AND ${duplicates}`)).toBe(0);
  });

  /** The keys of the names a search finds a taxon by, in English. */
  const taxonRow = async (id: string) => {
    const result = await app.db.execute(sql`SELECT notability FROM taxa WHERE id = ${id}`);
    return (result as unknown as { rows: Array<{ notability: number }> }).rows[0];
  };
  const namesOf = async (id: string) => {
    const result = await app.db.execute(sql`
      SELECT t.scientific_key AS key FROM taxa t WHERE t.id = ${id} OR t.accepted_id = ${id}
      UNION ALL
      SELECT n.name_key FROM taxon_names n JOIN taxa t ON t.id = n.taxon_id
      WHERE (t.id = ${id} OR t.accepted_id = ${id}) AND n.language = 'en'`);
    return (result as unknown as { rows: Array<{ key: string }> }).rows.map((row) => row.key);
  };

  it('ranks the whole name, then starts of names and words, the best known first', async () => {
    const owls = await search('barn owl');
    expect(owls[0]).toMatchObject({ scientificName: 'Tyto alba' });
    const robin = await search('robin&limit=50');
    const tierOf = (name: string) =>
      name === 'robin' ? 0 : name.startsWith('robin') ? 1 : /(^|[\s-])robin/.test(name) ? 2 : 3;
    // each taxon counts by its best name, common or scientific, its own or a synonym's
    const tiers = await Promise.all(
      robin.map(async (taxon) => Math.min(...(await namesOf(taxon.id)).map(tierOf))),
    );
    const band = tiers.map((tier) => (tier === 0 ? 0 : tier < 3 ? 1 : 2));
    expect(band).toEqual([...band].sort());
    // within a band, taxa with names in more languages first
    const known = await Promise.all(
      robin.map(async (taxon) => (await taxonRow(taxon.id))!.notability),
    );
    for (const which of [1, 2]) {
      const inBand = known.filter((_, i) => band[i] === which);
      expect(inBand).toEqual([...inBand].sort((a, b) => b - a));
    }
    const names = robin.map((taxon) => taxon.commonName?.toLowerCase());
    expect(names[0]).toBe('european robin');
    expect(names).toContain('american robin');
  });

  it('ignores case and accents both ways', async () => {
    const [plain] = await search("MULLER'S HAANIELLA");
    expect(plain?.commonName).toBe("Müller's Haaniella");
    const [accented] = await search('Türdus mérula');
    expect(accented?.scientificName).toBe('Turdus merula');
  });

  it('takes a limit up to 50 and refuses more', async () => {
    expect(await search('a')).toHaveLength(20);
    const res = await get(ada, '/api/taxa?q=owl&limit=50');
    expect(res.json()).toHaveLength(50);
    const tooMany = await get(ada, '/api/taxa?q=owl&limit=51');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Limit must be at most 50');
    expect((await get(ada, '/api/taxa?q=')).statusCode).toBe(400);
  });

  it('treats LIKE wildcards as text', async () => {
    expect(await search('%%')).toEqual([]);
    expect(await search('___')).toEqual([]);
  });

  it('answers 401 when signed out', async () => {
    expect((await get(undefined, '/api/taxa?q=owl')).statusCode).toBe(401);
  });
});
