import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { seedOtherNames } from '../../src/server/features/taxonomy/other-names.js';
import { upsertTaxa } from '../../src/server/features/taxonomy/taxon-writes.js';
import type { Taxon } from '../../src/common/taxonomy.js';
import { seedTaxon } from '../support/seed-taxa.js';
import { getFor, signUp, stores, testConfig, type TestUser } from '../support/helpers.js';

// Names of mammals and reptiles in other languages (issue 33): the shipped file
// (datasets/names/vertebrates.json.br) added to the seed's taxa of the same name and class.

describe.each(stores)('names of other groups on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let ada: TestUser;
  let written = 0;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    ada = await signUp(app, 'other-names');
    await upsertTaxa(app.db, [
      seedTaxon('gbif:5219243', 'Vulpes vulpes', 'Red Fox', 'Mammalia'),
      seedTaxon('gbif:5219616', 'Erinaceus europaeus', 'West European hedgehog', 'Mammalia'),
      // the same name in another class is another taxon: it gets none of these names
      seedTaxon('gbif:1', 'Vulpes vulpes', 'a namesake', 'Insecta'),
    ]);
    written = await seedOtherNames(app.db);
  });
  afterAll(() => app.close());
  const get = getFor(() => app);
  const search = async (q: string, language: string) =>
    (
      await get(ada, `/api/taxa?q=${encodeURIComponent(q)}`, { 'accept-language': language })
    ).json() as Taxon[];

  it('finds a mammal by its name in German, French, Spanish and Dutch', async () => {
    expect(written).toBeGreaterThan(20);
    for (const [q, language] of [
      ['Rotfuchs', 'de'],
      ['renard commun', 'fr-FR'],
      ['zorro rojo', 'es'],
      ['rode vos', 'nl'],
    ] as const) {
      const found = await search(q, language);
      expect(found.map((taxon) => taxon.id)).toEqual(['gbif:5219243']);
      expect(found[0]!.commonName?.toLowerCase()).toBe(q.toLowerCase());
    }
    expect((await search('hérisson', 'fr'))[0]).toMatchObject({
      id: 'gbif:5219616',
      commonName: 'Hérisson commun',
    });
    // English names stay the seed's
    expect((await search('Vulpes vulpes', 'en')).map((t) => t.commonName)).toContain('Red Fox');
  });

  it('loads a version once', async () => {
    expect(await seedOtherNames(app.db)).toBe(0);
  });
});
