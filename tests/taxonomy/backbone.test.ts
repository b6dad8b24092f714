import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { seedBackbone } from '../../src/server/features/taxonomy/index.js';
import { getFor, signUp, stores, testConfig, type TestUser } from '../support/helpers.js';

// The species backbone a new instance starts with (issue 20): the common-species package,
// loaded once, searched by GET /api/taxa.
describe.each(stores)('the species backbone on $store', ({ store, databaseUrl }) => {
  let app: FastifyInstance;
  let ada: TestUser;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    await seedBackbone(app.db);
    ada = await signUp(app, 'taxa');
  }, 180_000);
  afterAll(() => app.close());
  const get = getFor(() => app);
  const search = async (q: string, headers: Record<string, string> = {}) => {
    const res = await get(ada, `/api/taxa?q=${q.replace(/[ %'#]/g, encodeURIComponent)}`, headers);
    expect(res.statusCode).toBe(200);
    return res.json() as Array<{ id: string; scientificName: string; commonName: string | null }>;
  };

  it("holds the package's species with their English names and GBIF ids", async () => {
    const count = await app.db.execute(sql`SELECT count(*)::int AS n FROM taxa`);
    const [{ n }] = (count as unknown as { rows: Array<{ n: number }> }).rows as [{ n: number }];
    expect(n).toBeGreaterThan(79_000); // 80,149 rows, a few hundred listed twice
    expect(n).toBeLessThanOrEqual(80_149);
    for (const [q, id, scientificName, commonName] of [
      ['Turdus merula', 'gbif:2490719', 'Turdus merula', 'Common blackbird'],
      ['Vulpes vulpes', 'gbif:5219243', 'Vulpes vulpes', 'Red fox'],
      ['Tyto alba', 'gbif:2497921', 'Tyto alba', 'Barn owl'],
    ]) {
      // first among the package's taxa: on a shared PostgreSQL, other files load checklists
      const first = (await search(q!)).find((taxon) => taxon.id.startsWith('gbif:'));
      expect(first).toEqual({
        id,
        scientificName,
        commonName: first?.commonName,
        rank: 'species',
        kingdom: 'Animalia',
      });
      // checklists.test.ts loads the GBIF sample, which renames the blackbird in English: on a
      // shared PostgreSQL it may have run first
      const renamed = store === 'postgres' && id === 'gbif:2490719' ? ['Eurasian Blackbird'] : [];
      expect([commonName, ...renamed]).toContain(first?.commonName);
    }
  });

  it('loads once: a second start writes nothing', async () => {
    expect(await seedBackbone(app.db)).toBe(0);
  });

  it('keeps one taxon for a species the package lists twice', async () => {
    const robins = await search('Turdus migratorius');
    const fromPackage = robins.filter((taxon) => taxon.id.startsWith('gbif:'));
    expect(fromPackage.filter((taxon) => taxon.scientificName === 'Turdus migratorius')).toEqual([
      expect.objectContaining({ id: 'gbif:2490765', commonName: 'American robin' }),
    ]);
  });

  it('ranks the whole name, then its start, a word start, anywhere', async () => {
    const owls = await search('barn owl');
    expect(owls[0]).toMatchObject({ scientificName: 'Tyto alba' });
    const robin = await search('robin&limit=50');
    const tierOf = (name: string) =>
      name.startsWith('robin') ? 1 : /(^|[\s-])robin/.test(name) ? 2 : 3;
    // each taxon counts by its best name, common or scientific
    const tiers = robin.map((taxon) =>
      Math.min(
        tierOf(taxon.commonName?.toLowerCase() ?? ''),
        tierOf(taxon.scientificName.toLowerCase()),
      ),
    );
    expect(tiers).toEqual([...tiers].sort());
    const names = robin.map((taxon) => taxon.commonName?.toLowerCase());
    expect(names).toContain('european robin');
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
