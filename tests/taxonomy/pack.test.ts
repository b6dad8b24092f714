import { createWriteStream, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { buildApp } from '../../src/server/app.js';
import { importChecklist, seedCommonSpecies } from '../../src/server/features/taxonomy/index.js';
import { TaxaPacks } from '../../src/server/features/taxonomy/pack.js';
import { readTaxaPack, searchTaxaPack, type TaxaIndex } from '../../src/common/taxa-pack.js';
import { likelyUnits, readLikelyPack } from '../../src/common/likely-pack.js';
import { buildOccurrenceModel } from '../../src/server/features/occurrences/index.js';
import type { Taxon } from '../../src/common/taxonomy.js';
import {
  createLogAs,
  getFor,
  signUp,
  stores,
  testConfig,
  type TestUser,
} from '../support/helpers.js';
import { tempDir } from '../support/temp-dirs.js';

// GET /api/taxa/pack (issue 20, docs/decisions/012-offline-taxa-pack.md): the backbone as the
// web app keeps it for offline search, and that search ranking as GET /api/taxa does.

const fixtures = join(import.meta.dirname, 'fixtures');
const work = tempDir('pack');

/** A fixture folder zipped as its publisher zips it, its lines kept when `keep` says so. */
async function archive(name: string, keep = (_line: string) => true): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const file of readdirSync(join(fixtures, name))) {
    const text = readFileSync(join(fixtures, name, file), 'utf8');
    zip.addBuffer(Buffer.from(text.split('\n').filter(keep).join('\n')), file);
  }
  zip.end();
  const path = join(work, `${name}.zip`);
  const out = createWriteStream(path);
  zip.outputStream.pipe(out);
  await once(out, 'close');
  return path;
}

const count = async (app: FastifyInstance, table: 'taxa' | 'taxon_names') => {
  const result = await app.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
};

const synonyms = async (app: FastifyInstance) => {
  const result = await app.db.execute(
    sql`SELECT count(*)::int AS n FROM taxa t WHERE EXISTS (SELECT 1 FROM taxa a WHERE a.id = t.accepted_id)`,
  );
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
};

describe.each(stores)('the offline species pack on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let ada: TestUser;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    await seedCommonSpecies(app.db);
    // names in German, French and Spanish, a synonym, and ids that are not numbers; the GBIF
    // sample's English names stay out, leaving the package's to backbone.test.ts on a shared
    // PostgreSQL
    const english = /\ten\t/;
    await importChecklist(app.db, await archive('gbif-backbone', (line) => !english.test(line)));
    await importChecklist(app.db, await archive('inaturalist'));
    await importChecklist(app.db, join(fixtures, 'ebird-taxonomy.csv'));
    ada = await signUp(app, 'pack');
    // a small occurrence model: robins and barn owls by Cayuga Lake in May (issue 36)
    for (const [speciesCommon, speciesScientific] of [
      ['American Robin', 'Turdus migratorius'],
      ['Barn Owl', 'Tyto alba'],
      ['Red Fox', 'Vulpes vulpes'],
    ]) {
      await createLogAs(app, ada, {
        speciesCommon,
        speciesScientific,
        latitude: 42.44,
        longitude: -76.5,
        timeZone: 'America/New_York',
        observedAt: '2026-05-12T07:00',
      });
    }
    await buildOccurrenceModel(app.db, app.streamRows);
  }, 240_000);
  afterAll(() => app.close());
  const get = getFor(() => app);

  const packOf = async (query = '', headers: Record<string, string> = {}) => {
    const res = await get(ada, `/api/taxa/pack${query}`, {
      'accept-encoding': 'gzip, deflate, br',
      ...headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    return { res, index: readTaxaPack(gunzipSync(res.rawPayload).toString('utf8')) };
  };
  const taxon = (index: TaxaIndex, id: string) => index.taxa.find((t) => t.id === id);

  it('answers 401 when signed out', async () => {
    expect((await get(undefined, '/api/taxa/pack')).statusCode).toBe(401);
  });

  it('holds every taxon a log links to, gzipped under 1.5 MB', async () => {
    const { res, index } = await packOf();
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.rawPayload.length).toBeLessThan(1_500_000);
    expect(index.header).toMatchObject({ language: 'en', complete: true });
    expect(index.taxa).toHaveLength((await count(app, 'taxa')) - (await synonyms(app)));
    // eBird's taxa prevail over the seed's birds (issue 33): the seed's barn owl is a synonym
    expect(taxon(index, 'ebird:brnowl')).toEqual({
      id: 'ebird:brnowl',
      scientificName: 'Tyto alba',
      commonName: 'Barn Owl',
      rank: 'species',
      kingdom: 'Animalia',
      group: 'bird',
    });
    expect(taxon(index, 'gbif:2497921')).toBeUndefined();
    expect(taxon(index, 'ebird:brnowl1')).toEqual({
      id: 'ebird:brnowl1',
      scientificName: 'Tyto alba [alba Group]',
      commonName: 'Barn Owl (Eurasian)',
      rank: 'subspecies',
      kingdom: 'Animalia',
      group: 'bird',
    });
    // iNaturalist's honey bee is the seed's synonym: one taxon
    expect(index.taxa.filter((t) => t.scientificName === 'Apis mellifera')).toEqual([
      expect.objectContaining({ id: expect.stringMatching(/^gbif:/) }),
    ]);
  });

  it('sends the same text unzipped to a client that does not take gzip', async () => {
    const zipped = await packOf();
    const plain = await get(ada, '/api/taxa/pack', { 'accept-encoding': 'identity' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(gunzipSync(zipped.res.rawPayload))).toBe(true);
    expect(plain.headers.etag).not.toBe(zipped.res.headers.etag);
  });

  // four packs of the whole backbone, each built on first asking: seconds apiece on a busy box
  it(
    "names taxa in the asked language, else the reader's, else English",
    { timeout: 120_000 },
    async () => {
      const french = await packOf('?lang=fr-CA');
      expect(french.index.header.language).toBe('fr');
      // the names of the GBIF taxon eBird's replaced are the eBird taxon's
      expect(taxon(french.index, 'ebird:eurbla')?.commonName).toBe('Merle noir');
      expect(taxon(french.index, 'ebird:brnowl')?.commonName).toBe('Barn Owl');
      const german = await packOf('', { 'accept-language': 'de-CH,de;q=0.9,en;q=0.8' });
      expect(taxon(german.index, 'ebird:eurbla')?.commonName).toBe('Amsel');
      expect(taxon(german.index, 'gbif:5219243')?.commonName).toBe('Rotfuchs');
      // the other German name is searched, though not shown
      expect(searchTaxaPack(german.index, 'schwarzdrossel', 5).map((t) => t.id)).toEqual([
        'ebird:eurbla',
      ]);
      // a language the backbone has no names in gets the English pack
      const welsh = await packOf('?lang=cy');
      const english = await packOf();
      expect(welsh.index.header.language).toBe('en');
      expect(welsh.res.headers.etag).toBe(english.res.headers.etag);
      const bad = await get(ada, '/api/taxa/pack?lang=12');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Language must be a language tag such as fr or pt-BR');
    },
  );

  it('answers 304 to its ETag until the backbone changes', async () => {
    const { res } = await packOf('?lang=es');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/); // strong
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const again = await get(ada, '/api/taxa/pack?lang=es', {
      'accept-encoding': 'gzip',
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // a checklist loaded again unchanged builds the same bytes: still 304
    await importChecklist(app.db, join(fixtures, 'ebird-taxonomy.csv'));
    const same = await get(ada, '/api/taxa/pack?lang=es', {
      'accept-encoding': 'gzip',
      'if-none-match': etag,
    });
    expect(same.statusCode).toBe(304);
    // a new species is a new pack
    const csv = join(work, 'snowy-owl.csv');
    writeFileSync(
      csv,
      readFileSync(join(fixtures, 'ebird-taxonomy.csv'), 'utf8').split('\n')[0] +
        '\n8097,species,snoowl1,avibase-2F37AE4E,Snowy Owl,Bubo scandiacus,Strigiformes,Strigidae (Owls),Owls,\n',
    );
    await importChecklist(app.db, csv);
    const changed = await packOf('?lang=es', { 'if-none-match': etag });
    expect(changed.res.headers.etag).not.toBe(etag);
    expect(taxon(changed.index, 'ebird:snoowl1')?.commonName).toBe('Snowy Owl');
  }, 120_000); // two checklist loads and three pack builds: 10 s on a quiet box

  it('cuts a backbone over its cap, taxa with a common name first', async () => {
    const pack = await new TaxaPacks(app.db, 1000).get('en');
    const index = readTaxaPack(gunzipSync(pack.gzip).toString('utf8'));
    expect(index.header).toMatchObject({ taxa: 1000, complete: false });
    expect(index.taxa.every((t) => t.commonName !== null)).toBe(true);
    // the synonym Merula merula has no name: it is left out
    expect(taxon(index, 'gbif:7190978')).toBeUndefined();
  });

  // The offline search must not answer differently from the server's.
  const queries = [
    'robin',
    'owl',
    'tyto',
    'vulpes',
    'ow',
    'barn owl',
    'Bärn',
    'BARN OWL',
    'turdus m',
    'blackbird',
    'merle',
    'amsel',
    'mirlo',
    'fox',
    'a',
    'tu',
    'eur', // "Barn Owl (Eurasian)": a word after "("
    "müller's",
    'sp.',
    '-',
    'zzzz',
    '%%',
  ];
  it.each(['en', 'fr', 'de', 'es'])(
    'ranks as GET /api/taxa in %s, query by query',
    async (language) => {
      const { index } = await packOf(`?lang=${language}`);
      for (const q of queries) {
        const res = await get(ada, `/api/taxa?q=${encodeURIComponent(q)}&limit=50`, {
          'accept-language': language,
        });
        expect(res.statusCode).toBe(200);
        const server = res.json() as Taxon[];
        expect({ q, taxa: searchTaxaPack(index, q, 50) }).toEqual({ q, taxa: server });
      }
    },
    60_000,
  );

  // issue 36: with a place and a date, the worker's pack and the server rank alike
  it('ranks as GET /api/taxa with a place and a date', async () => {
    const { index } = await packOf();
    const likely = await get(ada, '/api/occurrences/pack?lat=42.44&lon=-76.5', {
      'accept-encoding': 'gzip',
    });
    const region = readLikelyPack(gunzipSync(likely.rawPayload).toString('utf8'));
    let marked = 0;
    for (const [latitude, longitude, date] of [
      [42.5, -76.6, '2026-05-10'],
      [42.5, -76.6, '2026-09-10'],
      [43.6, -76.5, '2026-05-10'], // beyond 100 km
    ] as const) {
      const units = likelyUnits(region, latitude, longitude, date);
      for (const q of ['robin', 'owl', 'tu', 'turdus', 'fox', 'a', 'eur']) {
        const res = await get(
          ada,
          `/api/taxa?q=${encodeURIComponent(q)}&limit=50&lat=${latitude}&lon=${longitude}&date=${date}`,
        );
        expect(res.statusCode).toBe(200);
        const server = res.json() as Taxon[];
        expect({ q, date, taxa: searchTaxaPack(index, q, 50, 0, units) }).toEqual({
          q,
          date,
          taxa: server,
        });
        marked += server.filter((t) => 'likely' in t).length;
      }
    }
    expect(marked).toBeGreaterThan(3);
    const robins = await get(ada, '/api/taxa?q=robin&lat=42.5&lon=-76.6&date=2026-05-10');
    expect((robins.json() as Array<Taxon & { likely?: boolean }>)[0]).toMatchObject({
      scientificName: 'Turdus migratorius',
      likely: true,
    });
  }, 60_000);
});
