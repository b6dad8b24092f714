import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { logs, taxa } from '../../src/server/db/schema.js';
import { linkLogsToBackbone } from '../../src/server/features/logs/index.js';
import { seedBirds } from '../../src/server/features/taxonomy/index.js';
import { readBirds, type BirdsFile } from '../../src/server/features/taxonomy/birds.js';
import { TaxaPacks } from '../../src/server/features/taxonomy/pack.js';
import { upsertTaxa } from '../../src/server/features/taxonomy/taxon-writes.js';
import { readTaxaPack, searchTaxaPack } from '../../src/common/taxa-pack.js';
import { REGIONS, regionOfZone } from '../../src/common/regions.js';
import type { Taxon } from '../../src/common/taxonomy.js';
import { seedTaxon } from '../support/seed-taxa.js';
import { aLog, as, getFor, signUp, stores, testConfig, type TestUser } from '../support/helpers.js';
import { tempDir } from '../support/temp-dirs.js';

// The birds of a new instance (issue 33): eBird's list with names in many languages, former
// names, genera and families, prevailing over the common-species seed's birds. The real file,
// cut to a few genera to load in a second; an older version of it is loaded first.

const GENERA =
  /^(Turdus|Fringilla|Anser|Columba|Dryobates|Buteo|Milvus|Erithacus|Prunella|Petroica) /;
const work = tempDir('birds');
const real = readBirds();

function birdsFile(name: string, birds: BirdsFile): string {
  const file = join(work, `${name}.json.br`);
  writeFileSync(file, brotliCompressSync(JSON.stringify(birds)));
  return file;
}

const cut: BirdsFile = (() => {
  const kept = real.taxa.filter((row) => GENERA.test(row[2]) || row[2] === 'Buteo sp.');
  const codes = new Set(kept.map((row) => row[0]));
  return { ...real, taxa: kept, synonyms: real.synonyms.filter(([, code]) => codes.has(code)) };
})();

/** The list as it was some years ago: Downy Woodpecker in Picoides, Snow Goose in Chen. */
const older: BirdsFile = {
  ...cut,
  version: 'older',
  taxa: cut.taxa.map((row) => {
    const renamed = { dowwoo: 'Picoides pubescens', snogoo: 'Chen caerulescens' }[row[0]];
    return renamed ? [row[0], row[1], renamed, ...row.slice(3)] : row;
  }) as BirdsFile['taxa'],
  synonyms: cut.synonyms.filter(([name]) => !/^(Picoides|Chen) /.test(name)),
};

describe.each(stores)('the birds on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let ada: TestUser;
  const logged: Record<string, string> = {};
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    ada = await signUp(app, 'birds');
    await upsertTaxa(app.db, [
      seedTaxon('gbif:2495414', 'Columba livia', 'Rock dove'),
      seedTaxon('gbif:2477781', 'Picoides pubescens', 'Downy Woodpecker'),
      seedTaxon('gbif:2477787', 'Dendrocopos pubescens', 'downy woodpecker'),
      seedTaxon('gbif:2490719', 'Turdus merula', 'Common blackbird'),
    ]);
    const create = async (key: string, payload: Parameters<typeof aLog>[0]) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: as(ada),
        payload: aLog({ speciesScientific: null, ...payload }),
      });
      logged[key] = res.json().id;
    };
    await create('dendrocopos', { speciesCommon: 'Downy', taxonId: 'gbif:2477787' });
    expect(await seedBirds(app.db, { file: birdsFile('older', older) })).toBeGreaterThan(400);
    await linkLogsToBackbone(app.db);
    await create('chen', { speciesCommon: 'Snow Goose', speciesScientific: 'Chen caerulescens' });
    await create('buteo', { speciesCommon: 'hawk', speciesScientific: 'Buteo sp.' });
    await create('milvus', { speciesCommon: 'Milvus sp.' });
    await seedBirds(app.db, { file: birdsFile('current', cut) });
    await linkLogsToBackbone(app.db);
  });
  afterAll(() => app.close());
  const get = getFor(() => app);
  const search = async (q: string, language = 'en', zone?: string) =>
    (
      await get(
        ada,
        `/api/taxa?q=${encodeURIComponent(q)}&limit=50${zone ? `&zone=${zone}` : ''}`,
        { 'accept-language': language },
      )
    ).json() as Taxon[];
  const taxon = async (id: string) => (await app.db.select().from(taxa).where(eq(taxa.id, id)))[0];
  const taxonOfLog = async (key: string) =>
    (await app.db.select().from(logs).where(eq(logs.id, logged[key]!)))[0]?.taxonId;

  it('finds Turdus merula by its name in French, German, Dutch and Spanish', async () => {
    for (const [q, language, shown] of [
      ['merle noir', 'fr-FR,fr;q=0.9', 'Merle noir'],
      ['Amsel', 'de', 'Amsel'],
      ['merel', 'nl', 'Merel'],
      ['mirlo', 'es', 'Mirlo'],
    ]) {
      const [first] = await search(q!, language);
      expect(first).toEqual({
        id: 'ebird:eurbla',
        scientificName: 'Turdus merula',
        commonName: shown,
        rank: 'species',
        kingdom: 'Animalia',
        group: 'bird',
      });
    }
    expect((await search('Turdus merula'))[0]?.commonName).toBe('Eurasian Blackbird');
    // browsers say "no" for Norwegian, whose names are filed under "nb"
    expect((await search('svarttrost', 'no-NO'))[0]).toMatchObject({
      id: 'ebird:eurbla',
      commonName: 'Svarttrost',
    });
  });

  it('ranks "robin" by the place, the best known first elsewhere', async () => {
    const first = async (zone?: string) => (await search('robin', 'en', zone))[0]?.id;
    expect(await first('America/New_York')).toBe('ebird:amerob');
    expect(await first('America/Mexico_City')).toBe('ebird:amerob');
    expect(await first('Europe/Paris')).toBe('ebird:eurrob1');
    // Asia holds the European Robin (Türkiye, Siberia) and the Robin Accentor, not the American
    const asia = (await search('robin', 'en', 'Asia/Kathmandu')).map((t) => t.id);
    expect(asia.indexOf('ebird:robacc1')).toBeLessThan(asia.indexOf('ebird:amerob'));
    // the southern hemisphere: Australia's robins (Petroica) before the northern ones
    const sydney = await search('robin', 'en', 'Australia/Sydney');
    expect(sydney[0]?.scientificName).toMatch(/^Petroica /);
    expect(sydney.findIndex((t) => t.id === 'ebird:amerob')).toBeGreaterThan(
      sydney.findLastIndex((t) => t.scientificName.startsWith('Petroica ')),
    );
    // no place: European Robin has names in the most languages
    expect(await first()).toBe('ebird:eurrob1');
    expect(await taxon('ebird:amerob')).toMatchObject({ regions: REGIONS.northAmerica });
    const res = await get(ada, '/api/taxa?q=robin&zone=not%20a%20zone');
    expect(res.statusCode).toBe(400);
  });

  it('finds the current taxon by a former name, and the seed’s duplicates no more', async () => {
    for (const [q, id] of [
      ['Rock Dove', 'ebird:rocpig'],
      ['Picoides pubescens', 'ebird:dowwoo'],
      ['Dendrocopos pubescens', 'ebird:dowwoo'],
      ['Chen caerulescens', 'ebird:snogoo'],
      ['Common blackbird', 'ebird:eurbla'],
    ]) {
      const found = await search(q!);
      expect(found[0]).toMatchObject({ id });
      expect(found.filter((t) => t.id === id)).toHaveLength(1);
      expect(found.filter((t) => t.id.startsWith('gbif:'))).toEqual([]);
    }
    expect((await search('snow goose'))[0]).toMatchObject({
      id: 'ebird:snogoo',
      scientificName: 'Anser caerulescens',
    });
    expect((await search('Fringilla coelebs'))[0]).toMatchObject({
      id: 'ebird:comcha',
      commonName: 'Common Chaffinch',
    });
    expect(await taxon('gbif:2477787')).toMatchObject({ acceptedId: 'ebird:dowwoo' });
    expect(await taxon('gbif:2495414')).toMatchObject({ acceptedId: 'ebird:rocpig' });
    const duplicates = await app.db.execute(sql`
      SELECT scientific_key FROM taxa t
      WHERE NOT EXISTS (SELECT 1 FROM taxa a WHERE a.id = t.accepted_id)
      GROUP BY scientific_key, lower(kingdom) HAVING count(*) > 1`);
    expect((duplicates as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('keeps eBird’s categories, higher ranks and families', async () => {
    expect(await taxon('ebird:buteo')).toMatchObject({ scientificName: 'Buteo sp.', rank: 'spuh' });
    expect(await taxon('ebird:redkit2')).toMatchObject({
      rank: 'subspecies',
      reportAs: 'ebird:redkit1',
    });
    expect(await taxon('ebird:eurbla')).toMatchObject({
      kingdom: 'Animalia',
      phylum: 'Chordata',
      class: 'Aves',
      order: 'Passeriformes',
      family: 'Turdidae',
      genus: 'Turdus',
    });
    expect(await taxon('ebird:genus/Milvus')).toMatchObject({
      rank: 'genus',
      family: 'Accipitridae',
    });
    const [family] = await search('Accipitridae');
    expect(family).toMatchObject({ id: 'ebird:family/Accipitridae', rank: 'family' });
    expect(family?.commonName).toMatch(/Hawks/);
  });

  it('moves logs to the taxa that replaced theirs, and links a genus', async () => {
    expect(await taxonOfLog('dendrocopos')).toBe('ebird:dowwoo');
    const read = await get(ada, `/api/logs/${logged.chen}`);
    expect(read.json().taxon).toMatchObject({
      id: 'ebird:snogoo',
      scientificName: 'Anser caerulescens', // renamed by the newer list, still linked
      commonName: 'Snow Goose',
    });
    expect(await taxonOfLog('buteo')).toBe('ebird:buteo'); // eBird's spuh
    expect(await taxonOfLog('milvus')).toBe('ebird:genus/Milvus'); // eBird has no "Milvus sp."
  });

  it('loads a version once', async () => {
    expect(await seedBirds(app.db, { file: birdsFile('current', cut) })).toBe(0);
  });

  it('ranks offline as GET /api/taxa, former names too', async () => {
    const queries = [
      'merle',
      'amsel',
      'picoides',
      'pi',
      'rock d',
      'buteo',
      'chen',
      'mi',
      'd',
      'rob',
    ];
    for (const language of ['en', 'fr', 'de']) {
      const pack = await new TaxaPacks(app.db).get(language);
      const index = readTaxaPack(pack.raw.toString('utf8'));
      for (const zone of [undefined, 'Europe/Berlin', 'America/Chicago'])
        for (const q of queries) {
          expect({ q, zone, taxa: searchTaxaPack(index, q, 50, regionOfZone(zone)) }).toEqual({
            q,
            zone,
            taxa: await search(q, language, zone),
          });
        }
      // the species first; its subspecies groups and slashes had Picoides names too
      expect(searchTaxaPack(index, 'picoides pub', 5)[0]?.id).toBe('ebird:dowwoo');
    }
  });
});
