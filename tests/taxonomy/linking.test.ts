import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { logs, taxa } from '../../src/server/db/schema.js';
import { linkLogsToBackbone } from '../../src/server/features/logs/index.js';
import { seedCommonSpecies } from '../../src/server/features/taxonomy/index.js';
import { upsertTaxa } from '../../src/server/features/taxonomy/taxon-writes.js';
import { fixture } from '../data-exchange/support.js';
import { importFor } from '../data-exchange/import-support.js';
import { aLog, as, signUp, stores, testConfig, type TestUser } from '../support/helpers.js';

// A log is about a taxon of the backbone (issue 20): the one chosen, or the one its names match
// (scientific name first, then a unique common name, case and accents ignored), on write and on
// import; the create reply says whether it is the user's first of its species.

const BARN_OWL = {
  id: 'gbif:2497921',
  scientificName: 'Tyto alba',
  commonName: 'Barn Owl',
  rank: 'species',
  kingdom: 'Animalia',
};

describe.each(stores)('logs linked to taxa on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let ada: TestUser;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    await seedCommonSpecies(app.db);
    ada = await signUp(app, 'linking');
  }, 300_000); // the common-species seed: a minute or more when two files share two cores
  afterAll(() => app.close());
  const { importFile } = importFor(() => app);

  async function create(user: TestUser, overrides: Parameters<typeof aLog>[0]) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/logs',
      headers: as(user),
      payload: aLog({ speciesScientific: null, ...overrides }),
    });
    return { status: res.statusCode, body: res.json() };
  }
  const taxonOfLog = async (id: string) =>
    (await app.db.select({ taxonId: logs.taxonId }).from(logs).where(eq(logs.id, id)))[0]?.taxonId;

  it('links "barn owl" and "Barn Owl" to one taxon; only the first is a lifer', async () => {
    const bea = await signUp(app, 'owls');
    const first = await create(bea, { speciesCommon: 'barn owl' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ speciesCommon: 'barn owl', taxon: BARN_OWL, lifer: true });

    const second = await create(bea, { speciesCommon: 'Barn Owl' });
    expect(second.body).toMatchObject({ speciesCommon: 'Barn Owl', taxon: BARN_OWL, lifer: false });
    // the scientific name typed as the common name is the same species
    const third = await create(bea, { speciesCommon: 'Tyto alba' });
    expect(third.body).toMatchObject({ taxon: BARN_OWL, lifer: false });

    const read = await app.inject({ url: `/api/logs/${first.body.id}`, headers: as(bea) });
    expect(read.json()).toMatchObject({ taxon: BARN_OWL });
    expect(read.json()).not.toHaveProperty('lifer');
  });

  it('marks the first observation of a species, which moves to an older one entered later', async () => {
    const gil = await signUp(app, 'first-seen');
    const now = await create(gil, { speciesCommon: 'Barn owl', observedAt: '2025-06-01T21:00Z' });
    expect(now.body).toMatchObject({ lifer: true, firstOfSpecies: true });
    // An older sighting entered afterwards: not new to the life list, but now its first.
    const older = await create(gil, { speciesCommon: 'barn owl', observedAt: '2019-03-02T20:00Z' });
    expect(older.body).toMatchObject({ lifer: false, firstOfSpecies: true });
    const reread = await app.inject({ url: `/api/logs/${now.body.id}`, headers: as(gil) });
    expect(reread.json().firstOfSpecies).toBe(false);
    const list = await app.inject({ url: '/api/logs', headers: as(gil) });
    expect(
      list
        .json()
        .items.map((log: { observedAt: string; firstOfSpecies: boolean }) => [
          log.observedAt,
          log.firstOfSpecies,
        ]),
    ).toEqual([
      ['2025-06-01T21:00:00.000Z', false],
      ['2019-03-02T20:00:00.000Z', true],
    ]);
  });

  it('matches the scientific name first, ignoring case, accents and spacing', async () => {
    const { body } = await create(ada, {
      speciesCommon: 'Amsel',
      speciesScientific: '  TURDUS   merula ',
    });
    expect(body.speciesCommon).toBe('Amsel'); // the names typed stay as typed
    expect(body.taxon).toMatchObject({ id: 'gbif:2490719', scientificName: 'Turdus merula' });
    const accented = await create(ada, { speciesCommon: 'Red Föx' });
    expect(accented.body.taxon).toMatchObject({ id: 'gbif:5219243', commonName: 'Red Fox' });
  });

  it('leaves a name that names no single taxon as free text, counted by its spelling', async () => {
    const cy = await signUp(app, 'robins');
    const robin = await create(cy, { speciesCommon: 'Robin' });
    expect(robin.body).toMatchObject({ taxon: null, lifer: true });
    expect(await taxonOfLog(robin.body.id)).toBeNull();
    expect((await create(cy, { speciesCommon: ' robin ' })).body.lifer).toBe(false);
    const unknown = await create(cy, { speciesCommon: 'Hunting Snark' });
    expect(unknown.body).toMatchObject({ taxon: null, lifer: true });
  });

  it('keeps the taxon chosen, and refuses one the backbone lacks', async () => {
    const chosen = await create(ada, {
      speciesCommon: 'Robin',
      taxonId: 'gbif:2490765', // American robin, where "Robin" alone names several
    });
    expect(chosen.status).toBe(201);
    expect(chosen.body.taxon).toMatchObject({ id: 'gbif:2490765', commonName: 'American Robin' });

    const before = await app.db.$count(logs, eq(logs.userId, ada.id));
    const refused = await create(ada, { speciesCommon: 'Robin', taxonId: 'gbif:0' });
    expect(refused).toEqual({ status: 400, body: { message: 'Unknown taxon' } });
    expect(await app.db.$count(logs, eq(logs.userId, ada.id))).toBe(before);

    // An update that renames the log but keeps the chosen taxon keeps the link.
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/logs/${chosen.body.id}`,
      headers: as(ada),
      payload: aLog({
        speciesCommon: 'Robin (garden)',
        speciesScientific: null,
        taxonId: 'gbif:2490765',
      }),
    });
    expect(renamed.json().taxon).toMatchObject({ id: 'gbif:2490765' });
    // One that names none is matched again by its names.
    const relinked = await app.inject({
      method: 'PUT',
      url: `/api/logs/${chosen.body.id}`,
      headers: as(ada),
      payload: aLog({ speciesCommon: 'Barn Owl', speciesScientific: null }),
    });
    expect(relinked.json().taxon).toEqual(BARN_OWL);
  });

  it("says a replayed create's lifer as the first reply did, and never counts others' logs", async () => {
    const dee = await signUp(app, 'replay');
    await create(ada, { speciesCommon: 'Red fox' }); // Ada's fox is not Dee's
    const key = crypto.randomUUID();
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: { ...as(dee), 'idempotency-key': key },
        payload: aLog({ speciesCommon: 'Red fox', speciesScientific: null }),
      });
    const first = await send();
    expect(first.statusCode).toBe(201);
    expect(first.json().lifer).toBe(true);
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
  });

  it('links imported rows: eBird by scientific name, iNaturalist by its taxon id or names', async () => {
    // iNaturalist's taxonomy loaded over the seed: its Anna's Hummingbird becomes a synonym of
    // the seed's, and a row naming iNaturalist's id links to the one taxon.
    const [annas] = await app.db.select().from(taxa).where(eq(taxa.scientificKey, 'calypte anna'));
    expect(annas).toBeDefined();
    await upsertTaxa(app.db, [
      {
        id: 'inaturalist:6317',
        scientificName: 'Calypte anna',
        rank: 'species',
        kingdom: 'Animalia',
        phylum: 'Chordata',
        class: 'Aves',
        order: 'Apodiformes',
        family: 'Trochilidae',
        genus: 'Calypte',
        source: 'inaturalist',
        sourceId: '6317',
        acceptedId: null,
        scientificKey: 'calypte anna',
        names: [
          {
            language: 'en',
            name: "Anna's Hummingbird",
            preferred: true,
            nameKey: "anna's hummingbird",
          },
        ],
      },
    ]);
    const [synonym] = await app.db.select().from(taxa).where(eq(taxa.id, 'inaturalist:6317'));
    expect(synonym?.acceptedId).toBe(annas!.id);

    const eve = await signUp(app, 'imports');
    const ebird = await importFile(eve, fixture('ebird-2024.csv'));
    expect(ebird.statusCode).toBe(201);
    const inat = await importFile(eve, fixture('inaturalist.csv'), { query: 'onInvalid=skip' });
    expect(inat.statusCode).toBe(201);
    const linked = await app.db.execute(sql`
      SELECT l.species_scientific AS scientific, t.scientific_name AS taxon
      FROM logs l LEFT JOIN taxa t ON t.id = l.taxon_id WHERE l.user_id = ${eve.id}`);
    const rows = (
      linked as unknown as { rows: Array<{ scientific: string; taxon: string | null }> }
    ).rows;
    for (const scientific of ['Apus apus', 'Turdus merula', 'Calypte anna']) {
      expect(rows.filter((row) => row.scientific === scientific)).not.toEqual([]);
      expect(
        rows.filter((row) => row.scientific === scientific && row.taxon !== scientific),
      ).toEqual([]);
    }
    const annasLogs = await app.db.execute(
      sql`SELECT DISTINCT taxon_id FROM logs WHERE user_id = ${eve.id} AND species_scientific = 'Calypte anna'`,
    );
    expect((annasLogs as unknown as { rows: unknown[] }).rows).toEqual([{ taxon_id: annas!.id }]);
  });

  it('links earlier free-text logs once the backbone names them, and follows replaced taxa', async () => {
    const fay = await signUp(app, 'backfill');
    const snark = await create(fay, {
      speciesCommon: 'Hunting Snark',
      speciesScientific: 'Snarkus carrolli',
    });
    expect(snark.body.taxon).toBeNull();
    await upsertTaxa(app.db, [
      {
        id: 'test:snark',
        scientificName: 'Snarkus carrolli',
        rank: 'species',
        kingdom: 'Animalia',
        phylum: null,
        class: null,
        order: null,
        family: null,
        genus: 'Snarkus',
        source: 'test',
        sourceId: 'snark',
        acceptedId: null,
        scientificKey: 'snarkus carrolli',
        names: [],
      },
    ]);
    const first = await linkLogsToBackbone(app.db, { userId: fay.id });
    expect(first.linked).toBe(1);
    expect(await taxonOfLog(snark.body.id)).toBe('test:snark');

    // The taxon is merged into another: the log follows it.
    await upsertTaxa(app.db, [
      {
        id: 'test:boojum',
        scientificName: 'Snarkus boojum',
        rank: 'species',
        kingdom: 'Animalia',
        phylum: null,
        class: null,
        order: null,
        family: null,
        genus: 'Snarkus',
        source: 'test',
        sourceId: 'boojum',
        acceptedId: null,
        scientificKey: 'snarkus boojum',
        names: [],
      },
    ]);
    await app.db.update(taxa).set({ acceptedId: 'test:boojum' }).where(eq(taxa.id, 'test:snark'));
    expect((await linkLogsToBackbone(app.db, { userId: fay.id })).followed).toBe(1);
    expect(await taxonOfLog(snark.body.id)).toBe('test:boojum');
  });
});
