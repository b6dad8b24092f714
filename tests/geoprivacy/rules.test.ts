import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { upsertTaxa } from '../../src/server/features/taxonomy/taxon-writes.js';
import { as, createLogAs, signUp, stores, testConfig, type TestUser } from '../support/helpers.js';
import { seedTaxon } from '../support/seed-taxa.js';
import { NEST } from './support.js';

// Issue 35: the admin's list of sensitive taxa: a CSV import that says what it took and what
// not, idempotent; rules by name, by backbone id and by higher taxon; edits and removals that
// the logs follow at once.

describe.each(stores)('sensitive taxa on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let admin: TestUser;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    admin = await signUp(app, 'admin');
    await upsertTaxa(app.db, [
      { ...seedTaxon('gbif:2497923', 'Bubo virginianus', 'Great Horned Owl'), family: 'Strigidae' },
      {
        ...seedTaxon('gbif:2480528', 'Falco peregrinus', 'Peregrine Falcon'),
        family: 'Falconidae',
      },
    ]);
  });
  afterAll(() => app.close());

  const importCsv = (csv: string, user = admin) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/sensitive-taxa/import',
      headers: as(user),
      payload: { csv },
    });
  const rules = async () =>
    (
      await app.inject({ method: 'GET', url: '/api/admin/sensitive-taxa', headers: as(admin) })
    ).json().items as Array<{ id: string; scientificName: string; level: string; taxon: unknown }>;
  const shownOf = async (user: TestUser, id: string) =>
    (await app.inject({ method: 'GET', url: `/api/logs/${id}`, headers: as(user) })).json()
      .locationShown;

  it('imports a CSV, lists what it refused by line, and changes nothing the second time', async () => {
    const csv =
      '\uFEFFScientific Name;Level;Area Name\n' + // a spreadsheet's: BOM, semicolons, spaces
      'Falco peregrinus;Obscured;\n' +
      'Strigidae;private;\n' +
      'Nothing given;secret;\n' +
      ';obscured;\n' +
      'Aquila chrysaetos;obscured;\n';
    const first = await importCsv(csv);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      added: 3,
      updated: 0,
      unchanged: 0,
      refused: [
        { line: 4, message: 'Level must be obscured or private' },
        { line: 5, message: 'Give a scientific name or a taxon id' },
      ],
    });
    expect((await importCsv(csv)).json()).toMatchObject({ added: 0, updated: 0, unchanged: 3 });
    const listed = await rules();
    expect(listed.map((rule) => [rule.scientificName, rule.level])).toEqual([
      ['Aquila chrysaetos', 'obscured'],
      ['Falco peregrinus', 'obscured'],
      ['Strigidae', 'private'],
    ]);
    // the backbone's taxon of a name it holds
    expect(listed[1]!.taxon).toMatchObject({
      id: 'gbif:2480528',
      commonName: 'Peregrine Falcon',
      rank: 'species',
    });
    // the same name with another level changes its rule
    expect(
      (await importCsv('scientific_name,level\nAquila chrysaetos,private\n')).json(),
    ).toMatchObject({ added: 0, updated: 1, unchanged: 0 });

    for (const bad of ['no,header\nx,y\n', 'scientific_name\nFalco\n']) {
      const refused = await importCsv(bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(
        'The file needs a header row with scientific_name (or taxon_id) and level columns',
      );
    }
    const user = await signUp(app, 'not-admin');
    expect((await importCsv(csv, user)).statusCode).toBe(403);
  });

  it('covers a family through the backbone, a subspecies through its name, and follows edits', async () => {
    const ada = await signUp(app, 'rules');
    // Strigidae (private, above): the owl is linked to the backbone, whose family it is
    const owl = await createLogAs(app, ada, {
      speciesCommon: 'Great Horned Owl',
      speciesScientific: null,
      ...NEST,
    });
    expect(owl.taxon).toMatchObject({ id: 'gbif:2497923' });
    expect(owl.locationShown).toEqual({ level: 'private', reason: 'sensitive' });
    // a subspecies of a species rule, by its name alone
    const tundrius = await createLogAs(app, ada, {
      speciesCommon: 'Peregrine Falcon (Tundra)',
      speciesScientific: 'Falco peregrinus tundrius',
      ...NEST,
    });
    expect(tundrius.locationShown).toEqual({ level: 'obscured', reason: 'sensitive' });
    // not a prefix of another word: Falco peregrinusx is not covered
    const other = await createLogAs(app, ada, {
      speciesCommon: 'Not a falcon',
      speciesScientific: 'Falco peregrinusx',
      ...NEST,
    });
    expect(other.locationShown).toEqual({ level: 'open', reason: null });

    const falcon = (await rules()).find((rule) => rule.scientificName === 'Falco peregrinus')!;
    const changed = await app.inject({
      method: 'PATCH',
      url: `/api/admin/sensitive-taxa/${falcon.id}`,
      headers: as(admin),
      payload: { level: 'private' },
    });
    expect(changed.json()).toMatchObject({ level: 'private' });
    expect(await shownOf(ada, tundrius.id)).toEqual({ level: 'private', reason: 'sensitive' });
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/admin/sensitive-taxa/${falcon.id}`,
      headers: as(admin),
    });
    expect(removed.statusCode).toBe(204);
    expect(await shownOf(ada, tundrius.id)).toEqual({ level: 'open', reason: null });
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/admin/sensitive-taxa/${falcon.id}`,
      headers: as(admin),
    });
    expect(again.statusCode).toBe(404);
  });

  it('takes a backbone id, and refuses an area that is not a polygon', async () => {
    const byId = await app.inject({
      method: 'POST',
      url: '/api/admin/sensitive-taxa',
      headers: as(admin),
      payload: { taxonId: 'gbif:2497923', level: 'obscured' },
    });
    expect(byId.statusCode, byId.body).toBe(201);
    expect(byId.json()).toMatchObject({ scientificName: 'Bubo virginianus', area: null });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/admin/sensitive-taxa',
      headers: as(admin),
      payload: { taxonId: 'gbif:0', level: 'obscured' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown taxon');
    const line = await app.inject({
      method: 'POST',
      url: '/api/admin/sensitive-taxa',
      headers: as(admin),
      payload: {
        scientificName: 'Bubo scandiacus',
        level: 'obscured',
        area: {
          type: 'LineString',
          coordinates: [
            [0, 0],
            [1, 1],
          ],
        },
      },
    });
    expect(line.statusCode).toBe(400);
    const open = await app.inject({
      method: 'POST',
      url: '/api/admin/sensitive-taxa',
      headers: as(admin),
      payload: { scientificName: 'Bubo scandiacus', level: 'open' },
    });
    expect(open.statusCode).toBe(400);
    expect(open.json().message).toMatch(/Level must be obscured or private/);
  });
});
