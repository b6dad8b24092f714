import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { logs } from '../../src/server/db/schema.js';
import type { Log } from '../../src/common/logs/schemas.js';
import { signUp, stores, testConfig, type TestUser } from '../support/helpers.js';
import { importFor } from './import-support.js';
import { dataExchangeFor, fixture } from './support.js';

// Issue 32: an eBird download's breeding codes, Macaulay Library media, place hierarchy and
// checklist links are kept, each as a field of its own; what cannot be is kept in the notes and
// named in the report.

const HEADER =
  'Submission ID,Common Name,Scientific Name,Taxonomic Order,Count,State/Province,County,' +
  'Location ID,Location,Latitude,Longitude,Date,Time,Protocol,Duration (Min),All Obs Reported,' +
  'Distance Traveled (km),Area Covered (ha),Number of Observers,Breeding Code,' +
  'Observation Details,Checklist Comments,ML Catalog Numbers';
/** A row of the 2024 layout at Sapsucker Woods, its breeding code and ML numbers given. */
const row = (line: string, species: string, scientific: string, code: string, ml: string) =>
  `S200000${line},${species},${scientific},1,2,US-NY,Tompkins,L99381,Sapsucker Woods,42.4797,` +
  `-76.4527,2024-06-0${line},07:30 AM,eBird - Stationary Count,30,1,,,1,${code},,,${ml}`;

describe.each(stores)('eBird record details on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  const { logsOf } = dataExchangeFor(() => app);
  const { importFile } = importFor(() => app);
  const bySpecies = async (user: TestUser) =>
    new Map((await logsOf(user)).map((log) => [log.speciesCommon, log] as const));
  const rowOf = async (user: TestUser, species: string) => {
    const [found] = await app.db
      .select()
      .from(logs)
      .where(and(eq(logs.userId, user.id), eq(logs.speciesCommon, species)));
    return found;
  };

  it('keeps the breeding code, media, hierarchy, location id and checklist of a download', async () => {
    const ada = await signUp(app, 'ebird-details');
    const res = await importFile(ada, fixture('ebird-2024.csv'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().warnings).toEqual([]);
    const skylark = {
      breedingCode: 'S7', // "S7 Singing Bird Present 7+ days"
      county: null, // eBird leaves Berlin's county empty
      stateProvince: 'DE-BE',
      countryCode: 'DE',
      locationId: 'L2087612',
      captive: false,
      mediaUrls: [],
      sourceUrl: 'https://ebird.org/checklist/S171000001',
    };
    expect(await rowOf(ada, 'Eurasian Skylark')).toMatchObject({ ...skylark, mediaUrls: null });
    const byName = await bySpecies(ada);
    expect(byName.get('Eurasian Skylark')).toMatchObject(skylark);
    const blackbird = {
      breedingCode: null,
      locationId: 'L5843210',
      mediaUrls: ['https://macaulaylibrary.org/asset/612345678'],
      sourceUrl: 'https://ebird.org/checklist/S171000002',
      notes: null,
    };
    expect(await rowOf(ada, 'Eurasian Blackbird')).toMatchObject(blackbird);
    expect(byName.get('Eurasian Blackbird')).toMatchObject(blackbird);
    expect(byName.get('Great Crested Grebe')).toMatchObject({ stateProvince: 'DE-BB' });
  });

  it("reads each cell's forms, and keeps in the notes and names what it cannot keep", async () => {
    const bob = await signUp(app, 'ebird-cells');
    const file = [
      `${HEADER},Exotic`,
      `${row('1', 'Cedar Waxwing', 'Bombycilla cedrorum', 'F Flyover', '613192958 613192959')},`,
      `${row('2', 'American Robin', 'Turdus migratorius', 'FY Feeding Young', '"ML614113822, 614113824"')},`,
      `${row('3', 'Wood Duck', 'Aix sponsa', 'S7 Singing Male Present 7+ days', '')},`,
      `${row('4', 'Eastern Phoebe', 'Sayornis phoebe', 'X9 Something odd', '613808425 pending')},N`,
      `${row('5', 'Tree Swallow', 'Tachycineta bicolor', 'CS Carrying Fecal Sac', '')},`,
    ].join('\n');
    const res = await importFile(bob, file);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ imported: 5, outings: 5 });
    expect(res.json().warnings).toEqual([
      { line: 1, message: 'Columns not imported: Exotic' },
      {
        line: 5,
        message: `Breeding Code: "X9 Something odd" is not one of eBird's codes; kept in the notes`,
      },
      { line: 5, message: 'ML Catalog Numbers: pending is no catalog number; kept in the notes' },
    ]);
    const byName = await bySpecies(bob);
    const ml = (n: number) => `https://macaulaylibrary.org/asset/${n}`;
    const pick = (log: Log | undefined) => ({
      breedingCode: log?.breedingCode,
      mediaUrls: log?.mediaUrls,
      notes: log?.notes,
    });
    expect(pick(byName.get('Cedar Waxwing'))).toEqual({
      breedingCode: 'F',
      mediaUrls: [ml(613192958), ml(613192959)],
      notes: null,
    });
    expect(pick(byName.get('American Robin'))).toEqual({
      breedingCode: 'FY',
      mediaUrls: [ml(614113822), ml(614113824)],
      notes: null,
    });
    expect(pick(byName.get('Wood Duck'))).toMatchObject({ breedingCode: 'S7' });
    expect(pick(byName.get('Tree Swallow'))).toMatchObject({ breedingCode: 'CS' });
    expect(pick(byName.get('Eastern Phoebe'))).toEqual({
      breedingCode: null,
      mediaUrls: [ml(613808425)],
      notes: 'Breeding code: X9 Something odd\nML Catalog Numbers: pending',
    });
    expect(byName.get('American Robin')).toMatchObject({
      county: 'Tompkins',
      stateProvince: 'US-NY',
      countryCode: 'US',
      locationId: 'L99381',
    });
  });
});
