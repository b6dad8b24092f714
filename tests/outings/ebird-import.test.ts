import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { logs, outings } from '../../src/server/db/schema.js';
import type { OutingDetails, OutingSummary } from '../../src/common/outings/schemas.js';
import { getFor, signUp, stores, testConfig, type TestUser } from '../support/helpers.js';
import { importFor } from '../data-exchange/import-support.js';
import { fixture } from '../data-exchange/support.js';

// Importing "My eBird Data" groups its rows into outings, one per checklist (Submission ID),
// with the checklist's protocol and effort (issue 22); importing it again adds nothing.

const EBIRD_2024 = fixture('ebird-2024.csv').toString('utf8');
const EBIRD_HEADER = EBIRD_2024.slice(0, EBIRD_2024.indexOf('\n'));
const link = (checklist: string) => `https://ebird.org/checklist/${checklist}`;

describe.each(stores)('eBird checklists into outings on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  const get = getFor(() => app);
  const { importFile } = importFor(() => app);

  /** The user's outings by the checklist they link, with their logs. */
  async function outingsOf(user: TestUser): Promise<Map<string, OutingDetails>> {
    const list = await get(user, '/api/outings?pageSize=100');
    expect(list.statusCode).toBe(200);
    const byChecklist = new Map<string, OutingDetails>();
    for (const summary of list.json().items as OutingSummary[]) {
      const details = (await get(user, `/api/outings/${summary.id}`)).json() as OutingDetails;
      const checklist = /checklist\/(S\d+)/.exec(details.sourceUrl ?? '')?.[1];
      byChecklist.set(checklist ?? details.id, details);
    }
    return byChecklist;
  }
  const countOf = async (table: typeof logs | typeof outings, user: TestUser) =>
    app.db.$count(table, eq(table.userId, user.id));

  it('makes one outing per Submission ID, with its protocol, effort and comments', async () => {
    const ada = await signUp(app, 'checklists');
    const res = await importFile(ada, fixture('ebird-2024.csv'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ rows: 8, imported: 8, outings: 6, warnings: [] });
    const submissionIds = new Set(
      EBIRD_2024.split('\n')
        .slice(1)
        .map((line) => /^(S\d+),/.exec(line)?.[1])
        .filter(Boolean),
    );
    const found = await outingsOf(ada);
    expect([...found.keys()].sort()).toEqual([...submissionIds].sort());

    // A traveling count in Berlin, 06:15 CEST; its comments are on its second row only.
    const walk = found.get('S171000001')!;
    expect(walk).toMatchObject({
      startedAt: '2024-07-06T04:15:00.000Z',
      timeZone: 'Europe/Berlin',
      durationMinutes: 70,
      distanceKm: 3.1,
      protocol: 'traveling',
      partySize: 1,
      complete: true,
      placeName: 'Tempelhofer Feld',
      latitude: 52.4736,
      longitude: 13.4012,
      coordinateUncertainty: null,
      notes: 'Warm morning; the north gate was open',
      // the place in eBird's hierarchy, and the checklist's page (issue 32)
      county: null,
      stateProvince: 'DE-BE',
      countryCode: 'DE',
      locationId: 'L2087612',
      sourceUrl: link('S171000001'),
      isPublic: false,
      species: 2,
      individuals: 20,
    });
    // one time for both: their order is their species'
    const walkLogs = [...walk.logs].sort((a, b) => a.speciesCommon.localeCompare(b.speciesCommon));
    expect(walkLogs.map((log) => [log.speciesCommon, log.count, log.outingId])).toEqual([
      ['Common Swift', 14, walk.id],
      ['Eurasian Skylark', 6, walk.id],
    ]);
    // The checklist's comments are the outing's; each log keeps its own, and the link.
    expect(walkLogs[1]).toMatchObject({ notes: null, sourceUrl: link('S171000001') });

    expect(found.get('S171000002')).toMatchObject({
      protocol: 'stationary',
      durationMinutes: 15,
      distanceKm: null,
      partySize: 2,
      complete: true,
      placeName: 'Volkspark Friedrichshain, Berlin',
      notes: 'Evening list\nwith a friend',
      locationId: 'L5843210',
      species: 2,
      individuals: 9,
    });
    expect(found.get('S171000003')).toMatchObject({
      protocol: 'incidental', // "eBird - Incidental"
      durationMinutes: null,
      partySize: 1,
      complete: false,
      species: 1,
      individuals: 0, // its one species present, not counted (X)
    });
    expect(found.get('S171000004')).toMatchObject({
      protocol: 'area',
      durationMinutes: 45,
      partySize: 3,
      complete: true,
      timeZone: 'Europe/Berlin', // Brandenburg
      notes: 'Calm water\nArea covered: 12.5 ha',
      stateProvince: 'DE-BB',
    });
    // Historical, without a start time: noon of its day at the place, as its log.
    expect(found.get('S171000005')).toMatchObject({
      protocol: 'incidental',
      startedAt: '2019-04-20T10:00:00.000Z',
      complete: false,
    });
    expect(found.get('S171000005')!.logs[0]).toMatchObject({
      observedAt: '2019-04-20T10:00:00.000Z',
      timeKnown: false,
    });
    // A partner protocol: read by its kind of effort, its name kept.
    expect(found.get('S171000006')).toMatchObject({
      protocol: 'stationary',
      durationMinutes: 60,
      notes: 'eBird protocol: eBird--Nocturnal Flight Call Count',
    });
  });

  it('reads the protocols of a 2017–2019 download', async () => {
    const ada = await signUp(app, 'old-protocols');
    const res = await importFile(ada, fixture('ebird-2018.csv')); // the X and 0 refuse nothing
    expect(res.json()).toMatchObject({ imported: 6, outings: 4 });
    const found = await outingsOf(ada);
    expect(found.get('S42100001')).toMatchObject({
      protocol: 'traveling',
      durationMinutes: 65,
      distanceKm: 2.4,
      partySize: 1,
      complete: true,
      species: 3, // the X and the 0 (evidence only) are species too
      individuals: 4, // and neither adds an individual
      notes: 'Cold and clear after the snow',
      county: 'Boulder',
      stateProvince: 'US-CO',
      countryCode: 'US',
      locationId: null, // no Location ID column before 2020
      sourceUrl: link('S42100001'),
    });
    expect(found.get('S42100002')).toMatchObject({ protocol: 'stationary', partySize: 2 });
    expect(found.get('S42100003')).toMatchObject({
      protocol: 'incidental', // "eBird - Casual Observation"
      complete: false,
      timeZone: null, // Texas without coordinates: as its log
      notes: 'Walking along the lake',
    });
    expect(found.get('S42100004')).toMatchObject({ protocol: 'incidental' }); // Historical
  });

  it('adds no outing and no log when the file is imported again', async () => {
    const ada = await signUp(app, 'again');
    expect((await importFile(ada, fixture('ebird-2024.csv'))).statusCode).toBe(201);
    const before = await app.db
      .select({ id: outings.id, updatedAt: outings.updatedAt })
      .from(outings)
      .where(eq(outings.userId, ada.id));
    const again = await importFile(ada, fixture('ebird-2024.csv'));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ imported: 0, duplicates: 8, outings: 0 });
    const after = await app.db
      .select({ id: outings.id, updatedAt: outings.updatedAt })
      .from(outings)
      .where(eq(outings.userId, ada.id));
    expect(after).toEqual(expect.arrayContaining(before));
    expect(after).toHaveLength(6);
    expect(await countOf(logs, ada)).toBe(8);
  });

  it('puts the new rows of a later download on the outings it made before', async () => {
    const ada = await signUp(app, 'later');
    expect((await importFile(ada, fixture('ebird-2024.csv'))).json().outings).toBe(6);
    // A year on: the same checklists, one of them with a species added, and a new checklist.
    const later =
      EBIRD_2024 +
      'S171000001,Northern Wheatear,Oenanthe oenanthe,29957,1,DE-BE,,L2087612,Tempelhofer Feld,52.4736,13.4012,2024-07-06,06:15 AM,eBird - Traveling Count,70,1,3.1,,1,,Seen late; added afterwards,Warm morning; the north gate was open,\n' +
      'S185000111,Common Kestrel,Falco tinnunculus,10964,1,DE-BE,,L2087612,Tempelhofer Feld,52.4736,13.4012,2025-03-02,04:05 PM,eBird - Traveling Count,30,0,1.2,,1\n';
    const dry = await importFile(ada, later, { query: 'dryRun=true' });
    expect(dry.json()).toMatchObject({ imported: 2, duplicates: 8, outings: 1 });
    const res = await importFile(ada, later);
    expect(res.json()).toMatchObject({ imported: 2, duplicates: 8, outings: 1 });
    const found = await outingsOf(ada);
    expect(found.size).toBe(7);
    expect(found.get('S171000001')).toMatchObject({ species: 3, individuals: 21 });
    expect(found.get('S185000111')).toMatchObject({
      protocol: 'traveling',
      complete: false,
      distanceKm: 1.2,
      species: 1,
    });
  });

  it('creates nothing on a dry run, and counts the outings it would make', async () => {
    const ada = await signUp(app, 'dry');
    const dry = await importFile(ada, fixture('ebird-2024.csv'), { query: 'dryRun=true' });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ imported: 8, outings: 6 });
    expect(await countOf(outings, ada)).toBe(0);
    expect(await countOf(logs, ada)).toBe(0);
    // a refused file makes no outing either
    const refused = await importFile(
      ada,
      EBIRD_2024 +
        'S171000009,Rock Dove,Columba livia,2000,-1,DE-BE,,L1,Somewhere,52.5,13.4,2024-09-01,08:00 AM,eBird - Stationary Count,5,1,,,1\n',
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ imported: 0, outings: 0 });
    expect(await countOf(outings, ada)).toBe(0);
  });

  it("makes each user's outings their own", async () => {
    const ada = await signUp(app, 'own-a');
    const bob = await signUp(app, 'own-b');
    expect((await importFile(ada, fixture('ebird-2024.csv'))).json().outings).toBe(6);
    expect((await importFile(bob, fixture('ebird-2024.csv'))).json().outings).toBe(6);
    const adas = await outingsOf(ada);
    const bobs = await outingsOf(bob);
    expect(adas.get('S171000001')!.id).not.toBe(bobs.get('S171000001')!.id);
    for (const log of bobs.get('S171000001')!.logs) {
      expect(log.outingId).toBe(bobs.get('S171000001')!.id);
    }
  });

  it('leaves out an effort value it cannot read, with a warning, and keeps the outing', async () => {
    const ada = await signUp(app, 'effort');
    const file = `${EBIRD_HEADER}\nS171000021,Common Swift,Apus apus,8405,3,DE-BE,,L2087612,Tempelhofer Feld,52.4736,13.4012,2024-07-06,06:15 AM,eBird - Traveling Count,seventy,1,3.1,,0\n`;
    const res = await importFile(ada, file);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      imported: 1,
      outings: 1,
      warnings: [
        { line: 2, message: 'Duration (Min): Duration must be a number; left out of the outing' },
        {
          line: 2,
          message: 'Number of Observers: Party size must be at least 1; left out of the outing',
        },
      ],
    });
    const [outing] = [...(await outingsOf(ada)).values()];
    expect(outing).toMatchObject({
      durationMinutes: null,
      partySize: null,
      distanceKm: 3.1,
      protocol: 'traveling',
      species: 1,
    });
  });

  it('makes each outing once when the same file is imported twice at the same time', async () => {
    // 1,200 checklists of one species each: the outings are written in several batches
    const lines = [EBIRD_HEADER];
    for (let index = 0; index < 1200; index += 1) {
      lines.push(
        `S${300_000_000 + index},Species ${index % 7},Genus species${index % 7},${1000 + (index % 7)},2,US-CO,Boulder,L1234,Chautauqua Park,39.999,-105.2817,2024-01-06,10:40 AM,eBird - Stationary Count,${10 + (index % 50)},1,,,1`,
      );
    }
    const file = `${lines.join('\n')}\n`;
    const ada = await signUp(app, 'race');
    const replies = await Promise.all([importFile(ada, file), importFile(ada, file)]);
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(201);
    const [a, b] = replies.map((reply) => reply.json());
    expect(a.imported + b.imported).toBe(1200);
    expect(a.outings + b.outings).toBe(1200);
    expect(await countOf(outings, ada)).toBe(1200);
    // every log on its checklist's outing, one log an outing
    const spread = await app.db.execute(sql`
      SELECT count(*)::int AS logs, count(DISTINCT ${logs.outingId})::int AS outings,
        count(*) FILTER (WHERE ${logs.outingId} IS NULL)::int AS loose
      FROM ${logs} WHERE ${logs.userId} = ${ada.id}`);
    expect((spread as unknown as { rows: unknown[] }).rows[0]).toEqual({
      logs: 1200,
      outings: 1200,
      loose: 0,
    });
    const again = await importFile(ada, file);
    expect(again.json()).toMatchObject({ imported: 0, outings: 0 });
  }, 60_000);
});
