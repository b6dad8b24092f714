import { readdirSync, readFileSync, writeFileSync, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import yazl from 'yazl';
import { buildApp } from '../../src/server/app.js';
import { logs, taxa, taxonNames } from '../../src/server/db/schema.js';
import { importChecklist } from '../../src/server/features/taxonomy/index.js';
import {
  createLogAs,
  getFor,
  signUp,
  stores,
  testConfig,
  type TestUser,
} from '../support/helpers.js';
import { tempDir } from '../support/temp-dirs.js';

// `npm run taxa:import -- FILE` (issue 20): checklists shaped like the real downloads, zipped
// here from tests/taxonomy/fixtures/<name>/ as their publishers zip them.
const fixtures = join(import.meta.dirname, 'fixtures');
const work = tempDir('checklists');

async function archive(name: string): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const file of readdirSync(join(fixtures, name))) {
    zip.addBuffer(readFileSync(join(fixtures, name, file)), file);
  }
  zip.end();
  const path = join(work, `${name}.zip`);
  const out = createWriteStream(path);
  zip.outputStream.pipe(out);
  await once(out, 'close');
  return path;
}

describe.each(stores)('checklist import on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let ada: TestUser;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    ada = await signUp(app, 'checklists');
  });
  afterAll(() => app.close());
  const get = getFor(() => app);
  const taxon = async (id: string) => (await app.db.select().from(taxa).where(eq(taxa.id, id)))[0];
  const namesOf = async (id: string) =>
    (await app.db.select().from(taxonNames).where(eq(taxonNames.taxonId, id)))
      .map((row) => `${row.language}:${row.name}${row.preferred ? '*' : ''}`)
      .sort();

  it('loads the GBIF backbone: canonical names, synonyms, names in several languages', async () => {
    const file = await archive('gbif-backbone');
    expect(await importChecklist(app.db, file)).toEqual({ source: 'gbif', taxa: 4, names: 6 });
    expect(await taxon('gbif:2490719')).toMatchObject({
      scientificName: 'Turdus merula', // without "Linnaeus, 1758"
      rank: 'species',
      kingdom: 'Animalia',
      family: 'Turdidae',
      acceptedId: null,
    });
    expect(await taxon('gbif:7190978')).toMatchObject({
      scientificName: 'Merula merula',
      acceptedId: 'gbif:2490719',
    });
    expect(await taxon('gbif:9876543')).toMatchObject({ rank: 'subspecies' });
    expect(await namesOf('gbif:2490719')).toEqual([
      'de:Amsel*',
      'de:Schwarzdrossel',
      'en:Eurasian Blackbird*',
      'fr:Merle noir*',
    ]);
    // a name of a taxon the archive does not hold is left out
    expect(await taxon('gbif:1111111')).toBeUndefined();
  });

  it('answers in the reader’s language, English otherwise', async () => {
    // on a shared PostgreSQL other files load ebird:eurbla, also Turdus merula
    const search = async (language: string) =>
      (
        (
          await get(ada, '/api/taxa?q=Turdus%20merula', { 'accept-language': language })
        ).json() as Array<{ id: string }>
      ).find((taxon) => taxon.id === 'gbif:2490719');
    expect(await search('de-CH,de;q=0.9,en;q=0.8')).toMatchObject({ commonName: 'Amsel' });
    expect(await search('fr')).toMatchObject({ commonName: 'Merle noir' });
    expect(await search('ja')).toMatchObject({ commonName: 'Eurasian Blackbird' });
    // and finds the taxon by a name in that language
    const [found] = (await get(ada, '/api/taxa?q=amsel', { 'accept-language': 'de' })).json();
    expect(found).toMatchObject({ id: 'gbif:2490719' });
  });

  it('loads iNaturalist’s export: ids from URLs, one names file a language, quoted cells', async () => {
    const file = await archive('inaturalist');
    expect(await importChecklist(app.db, file)).toEqual({
      source: 'inaturalist',
      taxa: 3,
      names: 6,
    });
    expect(await taxon('inaturalist:12716')).toMatchObject({ scientificName: 'Turdus merula' });
    expect(await namesOf('inaturalist:12716')).toEqual([
      'en:Blackbird, Common',
      'en:Eurasian Blackbird*',
      'es:Mirlo Común*',
    ]);
  });

  it('loads the eBird/Clements CSV with its categories', async () => {
    const file = join(fixtures, 'ebird-taxonomy.csv');
    expect(await importChecklist(app.db, file)).toEqual({ source: 'ebird', taxa: 7, names: 7 });
    expect(await taxon('ebird:brnowl')).toMatchObject({
      scientificName: 'Tyto alba',
      rank: 'species',
      class: 'Aves',
      family: 'Tytonidae',
    });
    // an issf counts as the species of its REPORT_AS (migration 0016)
    expect(await taxon('ebird:brnowl1')).toMatchObject({
      rank: 'subspecies',
      reportAs: 'ebird:brnowl',
    });
    expect(await taxon('ebird:owl1')).toMatchObject({ rank: 'spuh' });
  });

  it('is idempotent, and a taxon a later version merges keeps its logs', async () => {
    await importChecklist(app.db, await archive('col-v1'));
    const owl = await createLogAs(app, ada, { speciesCommon: 'American Barn Owl' });
    await app.db.update(logs).set({ taxonId: 'col:B8L7X' }).where(eq(logs.id, owl.id));
    const count = async () =>
      (await app.db.execute(
        sql`SELECT count(*)::int AS n FROM taxa WHERE source = 'col'`,
      )) as unknown as {
        rows: Array<{ n: number }>;
      };
    const before = (await count()).rows[0]!.n;
    await importChecklist(app.db, await archive('col-v1'));
    expect((await count()).rows[0]!.n).toBe(before);
    expect(await namesOf('col:4QHKG')).toEqual(['de:Schleiereule*', 'en:Western Barn Owl*']);

    const v2 = await archive('col-v2');
    expect(await importChecklist(app.db, v2)).toMatchObject({ source: 'col', taxa: 3 });
    // merged into col:4QHKG, Tyto alba, itself the synonym of eBird's Tyto alba loaded above:
    // the taxon at the end of the chain
    expect(await taxon('col:B8L7X')).toMatchObject({ acceptedId: 'ebird:brnowl' });
    const [log] = await app.db.select().from(logs).where(eq(logs.id, owl.id));
    expect(log?.taxonId).toBe('col:B8L7X');
    // names follow the new version: the English name changed, French was not in it and stays
    expect(await namesOf('col:4QHKG')).toEqual(['de:Schleiereule*', 'en:Barn Owl*']);
    expect(await namesOf('col:6MB3T')).toEqual([
      'de:Rotkehlchen*',
      'en:European Robin*',
      'fr:Rouge-gorge familier*',
    ]);
  });

  it('refuses a file that is not a checklist, saying why', async () => {
    const notCsv = join(work, 'observations.csv');
    writeFileSync(notCsv, 'id,observed_on,scientific_name\n1,2024-01-01,Tyto alba\n');
    await expect(importChecklist(app.db, notCsv)).rejects.toThrow(
      'This CSV is not the eBird/Clements taxonomy',
    );
    const notZip = join(work, 'broken.zip');
    writeFileSync(notZip, 'not a zip');
    await expect(importChecklist(app.db, notZip)).rejects.toThrow(
      'Cannot read broken.zip as a zip',
    );
  });
});
