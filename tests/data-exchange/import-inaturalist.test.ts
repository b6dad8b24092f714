import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import type { Log } from '../../src/common/logs/schemas.js';
import { signUp, stores, testConfig, type TestUser } from '../support/helpers.js';
import { importFor } from './import-support.js';
import { dataExchangeFor, fixture } from './support.js';

// iNaturalist's export as its observers' files hold it (issue 32): fixtures/inaturalist-argentina.csv
// has the columns of a 2022 export (NaturalistaUY's observations-278073.csv) and rows shaped like
// its own and the issue's: offsets of two digits, account zones that are not the place's.

describe.each(stores)('iNaturalist import on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  const { logsOf } = dataExchangeFor(() => app);
  const { importFile } = importFor(() => app);
  let argentina: Map<string, Log>;
  const time = (log: Log | undefined) => ({
    observedAt: log?.observedAt,
    timeZone: log?.timeZone,
    timeKnown: log?.timeKnown,
  });

  beforeAll(async () => {
    const ada: TestUser = await signUp(app, 'inat-argentina');
    const res = await importFile(ada, fixture('inaturalist-argentina.csv'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ format: 'inaturalist', rows: 8, imported: 8, rejected: [] });
    argentina = new Map((await logsOf(ada)).map((log) => [log.speciesCommon, log] as const));
  });

  it('reads times written with an offset of two digits as the instant they name', () => {
    // '2018/01/11 2:34 PM -03', no time_observed_at
    expect(time(argentina.get('Rufous Hornero'))).toMatchObject({
      observedAt: '2018-01-11T17:34:00.000Z',
      timeKnown: true,
    });
    // 'Sat Aug 21 2021 16:30:00 GMT-0300 (GMT-3)'
    expect(time(argentina.get('Scarlet-headed Blackbird'))).toMatchObject({
      observedAt: '2021-08-21T19:30:00.000Z',
      timeKnown: true,
    });
  });

  it("takes the zone at the coordinates, the account's time_zone only without them", () => {
    expect(time(argentina.get('Rufous Hornero')).timeZone).toBe('America/Argentina/Buenos_Aires');
    // time_zone 'Paris', '2018/01/12 7:05 AM -03' at Iguazú (Misiones keeps Córdoba's time)
    expect(time(argentina.get('Toco Toucan'))).toEqual({
      observedAt: '2018-01-12T10:05:00.000Z',
      timeZone: 'America/Argentina/Cordoba',
      timeKnown: true,
    });
    // time_zone 'Samoa' (Apia): the instant was right, the zone was not
    expect(time(argentina.get('Monk Parakeet'))).toEqual({
      observedAt: '2020-02-15T21:48:00.000Z',
      timeZone: 'America/Argentina/Cordoba',
      timeKnown: true,
    });
    // time_zone 'Brasilia', a day alone: noon in Mendoza
    expect(time(argentina.get('Chiguanco Thrush'))).toEqual({
      observedAt: '2020-03-01T15:00:00.000Z',
      timeZone: 'America/Argentina/Mendoza',
      timeKnown: false,
    });
    // no coordinates: time_zone 'Buenos Aires' it is
    expect(time(argentina.get('Great Kiskadee'))).toEqual({
      observedAt: '2021-05-03T12:10:00.000Z',
      timeZone: 'America/Argentina/Buenos_Aires',
      timeKnown: true,
    });
  });

  it("keeps the observer's clock at the place, or the instant an offset names", () => {
    // '2019-11-02 16:20:11' (a camera's clock), time_observed_at 15:20:11 UTC (that clock read in
    // Paris): 16:20:11 in Tierra del Fuego is 19:20:11 UTC
    expect(time(argentina.get('Upland Goose'))).toEqual({
      observedAt: '2019-11-02T19:20:11.000Z',
      timeZone: 'America/Argentina/Ushuaia',
      timeKnown: true,
    });
    // '2019/11/03 8:15 AM -03', time_zone 'Paris', time_observed_at 11:15 UTC: that instant
    expect(time(argentina.get('Southern Right Whale'))).toEqual({
      observedAt: '2019-11-03T11:15:00.000Z',
      timeZone: 'America/Argentina/Catamarca',
      timeKnown: true,
    });
  });

  it('keeps a description over 2,000 characters, the rest in the notes, and says so', async () => {
    const ada = await signUp(app, 'inat-long');
    // a field note grown long: words of every length, a line break, and no space near the cut
    const note = (length: number, seed: string) => {
      let text = '';
      for (let n = 1; text.length < length; n += 1) {
        text += `${seed} ${n}: ${'dos adultos alimentando pichones'.slice(0, 5 + (n % 27))}${n % 9 ? ' ' : '\n'}`;
      }
      return text.slice(0, length).trim();
    };
    const long = note(2345, 'Nido');
    const longest = note(9876, 'Visita');
    const exact = note(2000, 'Censo');
    const row = (id: string, name: string, description: string) =>
      `${id},2023/10/14 9:12 AM -03,2023-10-14,Buenos Aires,https://www.inaturalist.org/observations/${id},"${description}",${name}`;
    const csv = [
      'id,observed_on_string,observed_on,time_zone,url,description,common_name',
      row('187000001', 'Rufous Hornero', long),
      row('187000002', 'Great Kiskadee', longest),
      row('187000003', 'Picazuro Pigeon', exact),
    ].join('\n');
    const res = await importFile(ada, csv);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      imported: 3,
      rejected: [],
      warnings: [
        { line: 2, message: 'description: 2,345 characters, the rest moved to notes' },
        {
          line: 3 + long.split('\n').length - 1, // the first row's cell is over several lines
          message: expect.stringMatching(
            /^description: 9,876 characters, the rest moved to notes; the last 2,8\d\d did not fit there and were left out$/,
          ),
        },
      ],
    });
    const logs = new Map((await logsOf(ada)).map((log) => [log.speciesCommon, log] as const));
    const link = (id: string) => `https://www.inaturalist.org/observations/${id}`;

    const hornero = logs.get('Rufous Hornero')!;
    expect(hornero.description!.length).toBeLessThanOrEqual(2000);
    expect(hornero.description).toMatch(/\S …$/); // cut after a word
    const kept = hornero.description!.slice(0, -2);
    expect(hornero.notes).toMatch(/^… \S/);
    const moved = hornero.notes!.slice(2);
    expect(`${kept} ${moved}`.replace(/\s+/g, ' ')).toBe(long.replace(/\s+/g, ' '));
    // the observation's page is its source link, no longer a line of the notes (issue 32)
    expect(hornero.sourceUrl).toBe(link('187000001'));

    const kiskadee = logs.get('Great Kiskadee')!;
    expect(kiskadee.notes!.length).toBeLessThanOrEqual(5000);
    expect(kiskadee.notes!.length).toBeGreaterThan(4950);
    expect(kiskadee.notes).toMatch(/\S …$/);

    expect(logs.get('Picazuro Pigeon')).toMatchObject({
      description: exact,
      notes: null,
      sourceUrl: link('187000003'),
    });
  });

  it("keeps the observation's page, captive_cultivated and its place names", async () => {
    expect(argentina.get('Rufous Hornero')).toMatchObject({
      sourceUrl: 'https://www.inaturalist.org/observations/85400101',
      captive: false,
      county: null,
      stateProvince: 'Ciudad Autónoma de Buenos Aires',
      countryCode: 'AR', // place_country_name 'Argentina'
      locationId: null,
      notes: null,
    });
    // An export of a few chosen columns: a garden's captive bird; a country iNaturalist names
    // that no code is known for; a row whose country only its point tells.
    const bob = await signUp(app, 'inat-captive');
    const csv = [
      'id,observed_on,url,captive_cultivated,latitude,longitude,place_county_name,place_state_name,place_country_name,common_name',
      '91000001,2023-04-02,https://www.inaturalist.org/observations/91000001,true,51.5358,-0.1534,,England,United Kingdom,Scarlet Macaw',
      '91000002,2023-04-03,https://www.inaturalist.org/observations/91000002,false,,,,,Atlantis,Blue Tang',
      '91000003,2023-04-04,not a link,,48.8584,2.2945,,,,Rock Pigeon',
    ].join('\n');
    const res = await importFile(bob, csv);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().warnings).toEqual([
      {
        line: 3,
        message: 'place_country_name: "Atlantis" is no country known here; kept in the notes',
      },
      { line: 4, message: 'url: "not a link" is no link to keep; left out' },
    ]);
    const logs = new Map((await logsOf(bob)).map((log) => [log.speciesCommon, log] as const));
    expect(logs.get('Scarlet Macaw')).toMatchObject({
      captive: true,
      stateProvince: 'England',
      countryCode: 'GB',
      sourceUrl: 'https://www.inaturalist.org/observations/91000001',
    });
    expect(logs.get('Blue Tang')).toMatchObject({
      captive: false,
      countryCode: null,
      notes: 'Country: Atlantis',
    });
    expect(logs.get('Rock Pigeon')).toMatchObject({ countryCode: 'FR', sourceUrl: null });
  });

  it('names the column an iNaturalist export lacks instead of calling it unknown', async () => {
    const ada = await signUp(app, 'inat-columns');
    const noDate =
      'This iNaturalist export has no observed_on column: export it again with observed_on ticked among the columns';
    const noName =
      'This iNaturalist export has no common_name, species_guess or scientific_name column: export it again with one of them ticked among the columns';
    for (const [file, message] of [
      // the columns a project chose (critter-capture's sample_data.csv): no date among them
      [fixture('inaturalist-no-dates.csv'), noDate],
      // a City Nature Challenge tally (SamanthaKLowe/City-Nature-Challenge): no id either
      [
        'user_name,quality_grade,species_guess,scientific_name,common_name,iconic_taxon_name,taxon_id\n' +
          'Brittany Mason,research,Boat-tailed Grackle,Quiscalus major,Boat-tailed Grackle,Aves,9601\n',
        noDate,
      ],
      [
        'id,uuid,observed_on,url,taxon_id\n' +
          '89700211,3b1f6c0e-52d4-4c8a-9f0b-7d2e41a6c901,2021-08-03,https://www.inaturalist.org/observations/89700211,9083\n',
        noName,
      ],
    ] as const) {
      const res = await importFile(ada, file);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    // time_observed_at alone is a date enough
    const res = await importFile(
      ada,
      'id,time_observed_at,time_zone,scientific_name\n89700212,2021-08-03 15:19:29 UTC,Central Time (US & Canada),Cardinalis cardinalis\n',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect((await logsOf(ada))[0]).toMatchObject({
      speciesCommon: 'Cardinalis cardinalis',
      observedAt: '2021-08-03T15:19:29.000Z',
      timeZone: 'America/Chicago',
    });
  });
});
